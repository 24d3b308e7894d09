import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { compactParts, formatDzd } from '@shared/format';
import { toLanguage, type TLanguage } from '@shared/i18n';

/** "3.000 دج", "3,000 DZD", "3 000 DA": integer DZD in the page's language (the shared formatter, decision 121). */
export function useDzd() {
  const { i18n } = useTranslation('revenue');
  const lng = toLanguage(i18n.resolvedLanguage);
  return (amount: number) => formatDzd(lng, amount);
}

/**
 * A chart axis amount, short and counted: "10 آلاف", "25 ألفاً", "100 ألف" (Intl's compact notation writes
 * "10 ألف" for all of them), "10K", "10 k".
 */
export function axisAmount(t: TFunction<'revenue'>, lng: TLanguage, amount: number): string {
  const { count, value, unit } = compactParts(lng, amount);
  if (unit === 'thousands') return t('page.axisThousands', { count, value });
  if (unit === 'millions') return t('page.axisMillions', { count, value });
  return value;
}
