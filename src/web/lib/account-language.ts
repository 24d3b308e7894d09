import { useEffect, useRef } from 'react';
import i18next from 'i18next';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { api, unwrap } from '@web/lib/api';

/** The language stored on the account (the one e-mails are written in), as last known here. */
let accountLanguage: TLanguage | null = null;

/** Saves the language on the account; the name is sent along because the profile update requires it. */
export async function saveAccountLanguage(name: string, language: TLanguage) {
  const previous = accountLanguage;
  accountLanguage = language;
  try {
    await unwrap(api.accounts.profile.$patch({ json: { name, language } }));
  } catch (error) {
    accountLanguage = previous;
    throw error;
  }
}

/** How long a language must stay chosen before it is saved: a failed switch reverts at once. */
const SETTLE_MS = 500;

/**
 * Spec §4 stores the language locally; signed-in users also get e-mails in it, so a change made
 * with the top bar's switcher is saved on the account too (the settings page saves it itself).
 */
export function useAccountLanguageSync(name: string, language: string) {
  const nameRef = useRef(name);
  useEffect(() => {
    nameRef.current = name;
  }, [name]);
  useEffect(() => {
    accountLanguage = toLanguage(language);
  }, [language]);
  useEffect(() => {
    let timer: number | undefined;
    const onChange = (lng: string) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const next = toLanguage(lng);
        if (next !== accountLanguage) void saveAccountLanguage(nameRef.current, next).catch(() => undefined);
      }, SETTLE_MS);
    };
    // The global instance, not useTranslation's: that one is a new object after every change of
    // language, which would re-run this effect and drop the pending save.
    i18next.on('languageChanged', onChange);
    return () => {
      window.clearTimeout(timer);
      i18next.off('languageChanged', onChange);
    };
  }, []);
}
