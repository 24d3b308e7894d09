import { useTranslation } from 'react-i18next';
import { DATE_LOCALES } from '@shared/dates';
import { formatDate, formatDzd, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';

/** Numbers, shares, dinars and days in the page's language, through the shared formatters (decisions 060, 121). */
export function useFormats() {
  const { i18n } = useTranslation('analytics');
  const lng = toLanguage(i18n.resolvedLanguage);
  const short = new Intl.DateTimeFormat(DATE_LOCALES[lng], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    lng,
    rtl: i18n.dir() === 'rtl',
    num: (v: number) => formatNumber(lng, v),
    pct: (v: number | null) => (v === null ? '—' : `${formatNumber(lng, Math.round(v * 1000) / 10)}%`),
    dzd: (v: number) => formatDzd(lng, v),
    /** A calendar day (YYYY-MM-DD): "15/07/2026" in tables, "15 جويلية" on an axis. */
    day: (d: string) => formatDate(lng, d, 'medium'),
    axisDay: (d: string) => short.format(new Date(`${d}T00:00:00Z`)),
    date: (iso: string | null) => (iso ? formatDate(lng, iso, 'medium') : '—'),
  };
}
