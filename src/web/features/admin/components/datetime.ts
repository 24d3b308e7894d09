import { useTranslation } from 'react-i18next';
import { toLanguage } from '@shared/i18n';

const LOCALES = { ar: 'ar-DZ', en: 'en-GB', fr: 'fr-FR' } as const;

/** Date and time, for the audit log and the inboxes, where the hour matters. */
export function useDateTimeFormat() {
  const { i18n } = useTranslation();
  const locale = LOCALES[toLanguage(i18n.resolvedLanguage)];
  return (iso: string | null | undefined) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
}

/** "12 May": the chart's axis labels. The day is read in UTC, as the server sends calendar days. */
export function useShortDay() {
  const { i18n } = useTranslation();
  const locale = LOCALES[toLanguage(i18n.resolvedLanguage)];
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}
