export const LANGUAGES = ['ar', 'en', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'ar';

/** Cookie name the web app keeps the language in (src/web/i18n/detector.ts); the server reads it to render `<html lang dir>`. */
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const NAMESPACES = [
  'common',
  'errors',
  'emails',
  'auth',
  'dashboard',
  'landing',
  'courses',
  'site',
  'docs',
  'admin',
  'live',
  'platform',
  'video',
  'payments',
  'transfers',
  'revenue',
  'billing',
  'notifications',
  'staff',
  'analytics',
  'quizzes',
] as const;

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts region tags ("fr-FR") and anything else; unknown input falls back to Arabic. */
export function toLanguage(value: unknown): TLanguage {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function directionOf(language: TLanguage): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
