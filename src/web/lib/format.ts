import { useTranslation } from 'react-i18next';
import { toLanguage } from '@shared/i18n';

/** Algerian Arabic uses Western digits, like the numbers in our texts; French and English as usual. */
const LOCALES = { ar: 'ar-DZ', en: 'en-GB', fr: 'fr-FR' } as const;

export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = LOCALES[toLanguage(i18n.resolvedLanguage)];
  return (iso: string | null | undefined) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
  };
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
