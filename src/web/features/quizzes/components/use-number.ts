import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';

/** Points and marks in the page's language, through the shared formatter (at most two decimals). */
export function useNumber() {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.resolvedLanguage);
  return (n: number) => formatNumber(lng, n);
}

/** A short list ("a، b و c") in the page's language. */
export function useList() {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.resolvedLanguage);
  return (items: string[]) => formatList(lng, items);
}
