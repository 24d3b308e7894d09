import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate } from '@shared/format';
import { toLanguage } from '@shared/i18n';

/** A size in bytes, in the page's language ("1.2 GB", "350 Mo", "15 غيغابايت"): the shared formatter (decision 121). */
export function useBytesFormat() {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.resolvedLanguage);
  return (bytes: number) => formatBytes(lng, bytes);
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
