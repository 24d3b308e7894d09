import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

export type TTranslate = (key: string, params?: Record<string, string | number>) => string;

/** The landing namespace, for pages the server renders itself (viewer, debug 404, starter content). */
const i18n = localeInstance(['landing', 'common'], 'landing');

/**
 * Labels without parameters are the same on every render: looked up in i18next once, then from a map (a
 * page render asks for a few dozen; i18next's lookup was a tenth of a cache-miss render's time).
 */
function translator(lng: TLanguage): TTranslate {
  const fixed = new Map<string, string>();
  return (key, params) => {
    if (params) return i18n.t(key, { lng, ...params });
    let text = fixed.get(key);
    if (text === undefined) {
      text = i18n.t(key, { lng });
      fixed.set(key, text);
    }
    return text;
  };
}

const translators = new Map<TLanguage, TTranslate>(LANGUAGES.map((lng) => [lng, translator(lng)]));

export function landingT(lng: TLanguage): TTranslate {
  return translators.get(lng) ?? translators.get(DEFAULT_LANGUAGE)!;
}

/** A subtree of the landing namespace, sent to the editor preview so that it renders the same labels. */
export function landingResources(lng: TLanguage, key: string): unknown {
  return i18n.getResource(lng, 'landing', key);
}

/** The platform namespace: the teacher's platform pages beyond the home (issue 15). */
const platformI18n = localeInstance(['platform'], 'platform');

export function platformT(lng: TLanguage): TTranslate {
  return (key, params) => platformI18n.t(key, { lng, ...params });
}
