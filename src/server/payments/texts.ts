import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

/** The `payments` namespace on the server: e-mails, in the reader's language. */
const texts = localeInstance(['payments'], 'payments');

export function paymentsText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return texts.t(key, { lng, ns: 'payments', ...params });
}
