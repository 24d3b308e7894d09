import { useTranslation } from 'react-i18next';
import { DATE_LOCALES, formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';

/** Algerian Arabic uses Western digits, like the numbers in our texts; French and English as usual. */
const LOCALES = DATE_LOCALES;

const UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const;

/**
 * A size in bytes as people read it ("1.2 GB", "350 MB", "303 kB"), in binary units like the plans' storage
 * limits. The teacher's and the admin's screens both use it, so the same bytes read the same everywhere.
 */
export function useBytesFormat() {
  const { i18n } = useTranslation();
  const locale = LOCALES[toLanguage(i18n.resolvedLanguage)];
  return (bytes: number) => {
    const [unit, size] = UNITS.find(([, s]) => bytes >= s) ?? (['byte', 1] as const);
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / size);
  };
}

/** Dates in the page's language, through the one formatter of server and web (decision 060: ar-DZ months). */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.resolvedLanguage);
  return (iso: string | null | undefined) => formatDate(lng, iso, 'long');
}

/** "https://demo.darsi.dz" → "demo.darsi.dz": what people read and type. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Wraps a left-to-right value (an e-mail, a host) put into a translated sentence in Unicode isolates,
 * so that in Arabic its dots and hyphens stay in place instead of joining the surrounding text.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
