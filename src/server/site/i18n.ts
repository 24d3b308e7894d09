import fs from 'node:fs';
import i18next, { type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../../shared/i18n';
import type { TSiteT } from '../../views/site/context';
import { appPath } from '../app-root';

const NAMESPACES = ['site', 'docs', 'common', 'errors'] as const;

function readNamespace(lng: TLanguage, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(appPath('public/locales', lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}

/**
 * The public site's texts, read once from the same files the web app loads. The pages are rendered on
 * the server, so the browser never downloads these namespaces.
 */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'site',
  // React escapes everything it renders.
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, readNamespace(lng, ns)]))]),
  ) as Resource,
});

export function siteTranslator(lng: TLanguage) {
  const fixed = i18n.getFixedT(lng, 'site');
  const t: TSiteT = (key, options) => fixed(key, options ?? {}) as string;
  const list = <T,>(key: string): T[] => {
    const value = fixed(key, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  };
  return { t, list };
}
