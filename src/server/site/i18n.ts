import { type TLanguage } from '@shared/i18n';
import type { TSiteT } from '@views/site/context';
import { localeInstance } from '@server/core/i18n';

/**
 * The public site's texts, read once from the same files the web app loads. The pages are rendered on
 * the server, so the browser never downloads these namespaces.
 */
const i18n = localeInstance(['site', 'docs', 'common', 'errors'], 'site');

export function siteTranslator(lng: TLanguage) {
  const fixed = i18n.getFixedT(lng, 'site');
  const t: TSiteT = (key, options) => fixed(key, options ?? {}) as string;
  const list = <T>(key: string): T[] => {
    const value = fixed(key, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  };
  return { t, list };
}
