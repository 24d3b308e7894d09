import { useTranslation } from 'react-i18next';
import { DATE_LOCALES } from '@shared/dates';
import { formatDate, formatDzd, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const percents = new Map<string, Intl.NumberFormat>();
function percentFormat(locale: string) {
  let format = percents.get(locale);
  if (!format) percents.set(locale, (format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })));
  return format;
}

/** Numbers, shares, dinars and days in the page's language, through the shared formatters (decisions 060, 121). */
export function useFormats() {
  const { i18n } = useTranslation('analytics');
  const lng = toLanguage(i18n.resolvedLanguage);
  const short = new Intl.DateTimeFormat(DATE_LOCALES[lng], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const percent = percentFormat(DATE_LOCALES[lng]);
  const rtl = i18n.dir() === 'rtl';
  return {
    lng,
    rtl,
    num: (v: number) => formatNumber(lng, v),
    /** A share (0.755) as the language writes it: "75,5%", "75.5%", "75,5 %" (without Intl's bidi marks: the cells isolate their text). */
    pct: (v: number | null) => (v === null ? '—' : percent.format(v).replace(BIDI_MARKS, '')),
    dzd: (v: number) => formatDzd(lng, v),
    /** A calendar day (YYYY-MM-DD): "15/07/2026" in tables, "15 جويلية" on an axis. */
    day: (d: string) => formatDate(lng, d, 'medium'),
    axisDay: (d: string) => short.format(new Date(`${d}T00:00:00Z`)),
    date: (iso: string | null) => (iso ? formatDate(lng, iso, 'medium') : '—'),
    /** A label in the page's direction inside a left-to-right chart (Unicode isolates: RLI … PDI). */
    isolate: (text: string) => (rtl ? `\u2067${text}\u2069` : text),
  };
}
