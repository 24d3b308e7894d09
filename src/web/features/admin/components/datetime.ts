import { useTranslation } from 'react-i18next';
import { DATE_LOCALES, formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';

/** Date and time, for the audit log and the inboxes, where the hour matters. */
export function useDateTimeFormat() {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.resolvedLanguage);
  return (iso: string | null | undefined) => formatDateTime(lng, iso);
}

/** "12 May": the chart's axis labels. The day is read in UTC, as the server sends calendar days. */
export function useShortDay() {
  const { i18n } = useTranslation();
  const locale = DATE_LOCALES[toLanguage(i18n.resolvedLanguage)];
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}
