import { useTranslation } from 'react-i18next';
import { DATE_LOCALES } from '@shared/dates';
import { toLanguage } from '@shared/i18n';

/** "3.000 دج", "3,000 DZD", "3 000 DA": integer DZD in the page's language (decision 060: Western digits). */
export function useDzd() {
  const { t, i18n } = useTranslation('revenue');
  const format = new Intl.NumberFormat(DATE_LOCALES[toLanguage(i18n.resolvedLanguage)]);
  return (amount: number) => `${format.format(amount)} ${t('dzd')}`;
}
