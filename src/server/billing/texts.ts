import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

/** The `billing` namespace on the server: the e-mails of the billing jobs, in the teacher's language. */
const texts = localeInstance(['billing'], 'billing');

export function billingText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return texts.t(key, { lng, ns: 'billing', ...params });
}
