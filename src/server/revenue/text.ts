import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

const i18n = localeInstance(['revenue'], 'revenue');

/** A text of the `revenue` namespace (CSV headers, the receipt). */
export function revenueText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return i18n.t(key, { lng, ...params });
}
