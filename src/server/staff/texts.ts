import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

/** The `staff` namespace on the server: the invitation e-mail, in the invited person's language. */
const texts = localeInstance(['staff'], 'staff');

export function staffText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return texts.t(key, { lng, ns: 'staff', ...params });
}
