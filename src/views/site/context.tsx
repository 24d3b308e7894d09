import { createContext, useContext } from 'react';
import type { TLanguage } from '@shared/i18n';

/** Translates a key of the `site` namespace (or `docs:…`, `common:…`), with i18next's interpolation and plurals. */
export type TSiteT = (key: string, options?: Record<string, unknown>) => string;

export type TSiteAssets = {
  css: string[];
  script: string | null;
  /** Fonts worth preloading for this language (the subsets the first paint needs). */
  fonts: string[];
};

export type TSiteContext = {
  lng: TLanguage;
  dir: 'rtl' | 'ltr';
  t: TSiteT;
  /** Arrays and objects of the translation files (FAQ items, plan features…). */
  list: <T = Record<string, string>>(key: string) => T[];
  /** The page's path, without query or hash. */
  path: string;
  /** The address named the language (?lng=…); otherwise it was negotiated (cookie, Accept-Language). */
  explicitLanguage: boolean;
  /** Absolute origin of the main site, e.g. https://darsi.dz. */
  origin: string;
  /** The day the page is rendered, as YYYY-MM-DD (the launch banner counts from it). */
  today: string;
  assets: TSiteAssets;
  /** Outcome of a form posted without JavaScript (the server redirects back with it). */
  formResult?: { form: string; status: 'sent' | 'error' };
};

const SiteContext = createContext<TSiteContext | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): TSiteContext {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite outside SiteProvider');
  return value;
}

/** Grouped thousands with Latin digits in every language, as prices are written in Algeria. */
export { formatNumber } from '@shared/format';
