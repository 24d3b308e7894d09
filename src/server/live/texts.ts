import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

/** The `live` namespace on the server: e-mails and the attendance export, in the reader's language. */
const texts = localeInstance(['live'], 'live');

export function liveText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return texts.t(key, { lng, ns: 'live', ...params });
}
