import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_PARALLEL_READS, TRANSLATION_RETRIES, TRANSLATION_RETRY_START_MS } from '@shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES, directionOf, isLanguage, toLanguage } from '@shared/i18n';

function applyDocumentLanguage(language: string) {
  const lng = toLanguage(language);
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

i18next.on('languageChanged', applyDocumentLanguage);

/** 'en-US' → 'en'; a code Darsi does not have stays as it is, so that detection moves on past it. */
function supportedOrSelf(code: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : code;
}

let explicitUnknown = false;
const detector = new LanguageDetector();
/**
 * `?lng` is an explicit choice, so an unknown code there means Arabic (issue 2: unknown language codes
 * fall back to ar) rather than the next detector's guess, the browser's language. It is not a choice
 * worth remembering, though: the stored preference stays as it was.
 */
detector.addDetector({
  name: 'explicitQuery',
  lookup: () => {
    const value = new URLSearchParams(window.location.search).get('lng');
    if (!value) return undefined;
    const code = supportedOrSelf(value);
    if (isLanguage(code)) return code;
    explicitUnknown = true;
    return DEFAULT_LANGUAGE;
  },
});
// Only the languages Darsi has are stored (never 'en-US'), so that what the server reads is one of them.
const cacheUserLanguage = detector.cacheUserLanguage.bind(detector);
detector.cacheUserLanguage = (lng, caches) => {
  if (explicitUnknown) {
    explicitUnknown = false;
    return;
  }
  if (isLanguage(lng)) cacheUserLanguage(lng, caches);
};

/**
 * Spec §7.7: detection order is query `lng` (explicitQuery above), cookie, localStorage, sessionStorage,
 * browser, html lang.
 * i18next retries a failed read with a doubling wait; the HTTP backend marks 5xx and network failures
 * as retryable and 4xx as final.
 */
void i18next
  .use(HttpBackend)
  .use(detector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    // Other namespaces (auth, dashboard) load with the screens that use them.
    ns: ['common', 'errors'],
    defaultNS: 'common',
    maxParallelReads: TRANSLATION_PARALLEL_READS,
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: TRANSLATION_RETRY_START_MS,
    interpolation: { escapeValue: false },
    saveMissing: import.meta.env.DEV,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', addPath: '/locales/add/{{lng}}/{{ns}}' },
    detection: {
      order: ['explicitQuery', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      convertDetectedLanguage: supportedOrSelf,
      lookupCookie: LANGUAGE_COOKIE,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });

export { i18next };
