import { renderToString } from 'react-dom/server';
import type { TLanguage } from '@shared/i18n';
import { directionOf } from '@shared/i18n';
import { toLandingView, type TLandingCourseCard } from '@shared/landing-view';
import type { TPixelProvider, TTrackingPixel } from '@shared/schemas/landing';
import { DebugNotFoundDocument, ErrorDocument, LandingDocument } from '@views/landing/document';
import type { TViewContext } from '@views/landing/types';
import { columnFields, type TLandingPageRow } from './page-fields';
import type { TLandingAssets } from './assets';
import { landingResources, landingT } from './i18n';
import { withoutSampleText } from './starter';

export type TViewerMode = 'live' | 'embedded' | 'preview';

/** The row as the shared view model reads it (the spec's snake_case fields). */
export const rowFields = (row: TLandingPageRow): Record<string, unknown> => ({ id: row.id, ...columnFields(row) });

const PIXEL_ORIGINS: Record<TPixelProvider, { script: string[]; connect: string[] }> = {
  meta: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'] },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
  google: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  },
};

export type TFraming = 'none' | 'self' | 'any';

/**
 * No inline script at all: the page script and, per configured pixel, its provider's own loader.
 * Styles may be inline (the stylesheet is inlined; theme colours are validated hex values).
 */
export function viewerCsp(pixels: TTrackingPixel[], framing: TFraming): string {
  const providers = [...new Set(pixels.map((p) => p.provider))];
  const script = ["'self'", ...providers.flatMap((p) => PIXEL_ORIGINS[p].script)];
  const connect = ["'self'", ...providers.flatMap((p) => PIXEL_ORIGINS[p].connect)];
  const ancestors = framing === 'any' ? '*' : framing === 'self' ? "'self'" : "'none'";
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

type TPageRender = {
  row: TLandingPageRow;
  lng: TLanguage;
  host: 'subdomain' | 'main';
  mode: TViewerMode;
  courseCards: TLandingCourseCard[];
  pageUrl: string;
  /** The teacher's subdomain: where the course cards send visitors to register. */
  platform: string;
  assets: TLandingAssets;
  contactStatus?: 'sent' | 'failed';
};

/** Spec §2.5/§2.7: a teacher's platform sign-up, on their host, or under /platform/ on the main domain. */
const registerHrefOf = (host: 'subdomain' | 'main', platform: string) =>
  host === 'subdomain' ? '/register' : `/platform/${encodeURIComponent(platform)}/register`;

export function renderPage({ row, lng, host, mode, courseCards, pageUrl, platform, assets, contactStatus }: TPageRender): {
  html: string;
  pixels: TTrackingPixel[];
} {
  const fields = rowFields(row);
  // Visitors never see the starter's unedited sample text; the owner's preview shows it, marked in the editor.
  const view = toLandingView(mode === 'preview' ? fields : withoutSampleText(fields), courseCards);
  const t = landingT(lng);
  const registerHref = registerHrefOf(host, platform);
  const ctx: TViewContext = { t, host, preview: mode !== 'live', contactStatus, registerHref };
  // Pixels never fire in the editor's preview (the teacher's own edits are not visits), nor on the main
  // domain: a teacher's third-party scripts must not run on the origin that also serves every dashboard.
  const pixels = mode === 'preview' || host === 'main' ? [] : view.pixels;
  const data = {
    mode: 'page',
    pageId: row.id,
    viewerMode: mode,
    // The offline worker's scope depends on it: the main domain has its own worker at / (decision 028).
    host,
    pixels,
    ...(mode === 'preview' ? { preview: { page: fields, courseCards, host, registerHref, labels: { viewer: landingResources(lng, 'viewer') } } } : {}),
  };
  const html = renderToString(
    <LandingDocument
      view={view}
      ctx={ctx}
      lng={lng}
      dir={directionOf(lng)}
      pageUrl={pageUrl}
      assets={{ script: assets.script, previewScript: mode === 'preview' ? assets.preview : undefined }}
      data={data}
    />,
  );
  return { html: `<!doctype html>${html}`, pixels };
}

export function renderError(lng: TLanguage, assets: TLandingAssets, message: string, reloadHref: string): string {
  const html = renderToString(
    <ErrorDocument lng={lng} dir={directionOf(lng)} assets={{ script: assets.script }} t={landingT(lng)} message={message} reloadHref={reloadHref} />,
  );
  return `<!doctype html>${html}`;
}

export function renderDebugNotFound(assets: TLandingAssets, props: { path: string; debug: string; reloadHref: string; homeHref: string }): string {
  return `<!doctype html>${renderToString(<DebugNotFoundDocument assets={{ script: assets.script }} t={landingT('ar')} {...props} />)}`;
}
