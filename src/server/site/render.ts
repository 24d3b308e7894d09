import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { directionOf, type TLanguage } from '@shared/i18n';
import { SiteProvider, type TSiteContext } from '@views/site/context';
import { SiteDocument, type TPageMeta } from '@views/site/layout/document';
import type { TSiteBuild } from './assets';
import { siteTranslator } from './i18n';

export type TRenderInput = {
  lng: TLanguage;
  path: string;
  explicitLanguage: boolean;
  origin: string;
  build: TSiteBuild;
  formResult?: TSiteContext['formResult'];
  now?: Date;
};

/** One complete HTML page: the React views rendered to a string, with the doctype. */
export function renderPage(input: TRenderInput, meta: (t: TSiteContext['t']) => TPageMeta, body: () => ReactNode): string {
  const { t, list } = siteTranslator(input.lng);
  const context: TSiteContext = {
    lng: input.lng,
    dir: directionOf(input.lng),
    t,
    list,
    path: input.path,
    explicitLanguage: input.explicitLanguage,
    origin: input.origin,
    today: (input.now ?? new Date()).toISOString().slice(0, 10),
    assets: input.build.assetsFor(input.lng),
    formResult: input.formResult,
  };
  const page = createElement(SiteProvider, { value: context }, createElement(SiteDocument, { meta: meta(t), children: body() }));
  return `<!doctype html>${renderToString(page)}`;
}
