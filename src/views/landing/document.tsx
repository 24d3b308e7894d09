import type { CSSProperties, ReactNode } from 'react';
import type { TLandingView } from '@shared/landing-view';
import { isSafeImageUrl } from '@shared/landing-url';
import { LandingBody } from './landing-body';
import { LANDING_CSS } from './styles';
import type { TViewContext } from './types';

export type TDocumentAssets = {
  /** The page script (progressive enhancement), hashed; '' for a page without one (certificate check). */
  script: string;
  /** In the editor's preview only: the React bundle that re-renders the page from the draft. */
  previewScript?: string;
};

/** Page data for the page script, as JSON; `<` is escaped so no value can close the script element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function Shell({
  lng,
  dir,
  head,
  children,
  bodyStyle,
  assets,
  data,
  extraCss,
}: {
  lng: string;
  dir: string;
  head: ReactNode;
  children: ReactNode;
  bodyStyle?: CSSProperties;
  assets: TDocumentAssets;
  data?: unknown;
  extraCss?: string;
}) {
  return (
    <html lang={lng} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {head}
        <link rel="preload" href="/landing-assets/fonts/tajawal-arabic-400-normal.woff2" as="font" type="font/woff2" crossOrigin="" />
        <style dangerouslySetInnerHTML={{ __html: LANDING_CSS }} />
        {extraCss && <style dangerouslySetInnerHTML={{ __html: extraCss }} />}
        {assets.script && <script src={assets.script} defer />}
        {assets.previewScript && <script src={assets.previewScript} defer />}
      </head>
      <body className="lp" style={bodyStyle}>
        <div id="lp-root">{children}</div>
        {data !== undefined && <script type="application/json" id="lp-data" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />}
      </body>
    </html>
  );
}

type TPageDocumentProps = {
  view: TLandingView;
  ctx: TViewContext;
  lng: string;
  dir: 'rtl' | 'ltr';
  /** Absolute address of this page, for og:url and the default canonical. */
  pageUrl: string;
  assets: TDocumentAssets;
  /** What the page script needs: page id, mode, pixels, and in preview the labels. */
  data: unknown;
};

export function LandingDocument({ view, ctx, lng, dir, pageUrl, assets, data }: TPageDocumentProps) {
  const meta = view.meta;
  const title = meta.title || view.title;
  const description = meta.description || view.description || view.subtitle;
  const shareImage = meta.shareImage || view.heroImageUrl || undefined;
  const absolute = (url: string) => (url.startsWith('/') ? new URL(url, pageUrl).toString() : url);
  const head = (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={meta.canonical || pageUrl} />
      <meta name="robots" content={ctx.preview ? 'noindex,nofollow' : meta.robots || 'index,follow'} />
      <meta name="theme-color" content={view.theme.primary} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={pageUrl} />
      <meta property="og:locale" content={lng} />
      {shareImage && isSafeImageUrl(shareImage) && <meta property="og:image" content={absolute(shareImage)} />}
      <meta name="twitter:card" content={shareImage ? 'summary_large_image' : 'summary'} />
      {(meta.preload ?? []).map((href) => (
        <link key={href} rel="preload" as="image" href={href} />
      ))}
    </>
  );
  const bodyStyle = { '--lp-primary': view.theme.primary, '--lp-secondary': view.theme.secondary } as CSSProperties;
  return (
    <Shell lng={lng} dir={dir} head={head} bodyStyle={bodyStyle} assets={assets} data={data}>
      <LandingBody view={view} ctx={ctx} />
    </Shell>
  );
}

type TScreenProps = { lng: string; dir: 'rtl' | 'ltr'; assets: TDocumentAssets; t: TViewContext['t'] };

/** Spec §2.7/§8 error screen: 'حدث خطأ', the cause's message, reload and home. Works without script. */
export function ErrorDocument({ lng, dir, assets, t, message, reloadHref }: TScreenProps & { message: string; reloadHref: string }) {
  return (
    <Shell
      lng={lng}
      dir={dir}
      assets={assets}
      head={
        <>
          <title>{t('viewer.error.title')}</title>
          <meta name="robots" content="noindex" />
        </>
      }
      data={{ mode: 'screen' }}
    >
      <main className="lp-screen">
        <div className="lp-screen__card" data-testid="landing-error" role="alert">
          <h1 className="lp-screen__title">{t('viewer.error.title')}</h1>
          <p className="lp-screen__text" data-testid="landing-error-message">
            {message}
          </p>
          <div className="lp-screen__actions">
            <a href={reloadHref} className="lp-btn lp-btn--primary" data-testid="landing-error-reload">
              {t('viewer.error.reload')}
            </a>
            <a href="/" className="lp-btn lp-btn--outline" data-testid="landing-error-home">
              {t('viewer.error.home')}
            </a>
          </div>
        </div>
      </main>
    </Shell>
  );
}

/**
 * Spec §2.6: on a .localhost host, a path that matches no page shows this Arabic 404 with the path, a
 * debug box, a button that reloads the subdomain data (dropping the server's cached record) and home.
 */
export function DebugNotFoundDocument({
  assets,
  t,
  path,
  debug,
  reloadHref,
  homeHref,
}: {
  assets: TDocumentAssets;
  t: TViewContext['t'];
  path: string;
  debug: string;
  reloadHref: string;
  homeHref: string;
}) {
  return (
    <Shell
      lng="ar"
      dir="rtl"
      assets={assets}
      head={
        <>
          <title>{t('debug404.documentTitle')}</title>
          <meta name="robots" content="noindex" />
        </>
      }
      data={{ mode: 'screen' }}
    >
      <main className="lp-screen">
        <div className="lp-screen__card" data-testid="landing-debug-404">
          <p className="lp-screen__code">404</p>
          <h1 className="lp-screen__title">{t('debug404.title')}</h1>
          <p className="lp-screen__text">{t('debug404.body')}</p>
          <p className="lp-screen__text">
            {t('debug404.path')}{' '}
            <bdi dir="ltr" data-testid="landing-debug-path">
              {path}
            </bdi>
          </p>
          <pre className="lp-debug" dir="ltr" data-testid="landing-debug-box">
            {debug}
          </pre>
          <div className="lp-screen__actions">
            <a href={reloadHref} className="lp-btn lp-btn--primary" data-testid="landing-debug-reload" data-clear-cache="">
              {t('debug404.reload')}
            </a>
            <a href={homeHref} className="lp-btn lp-btn--outline">
              {t('debug404.home')}
            </a>
          </div>
        </div>
      </main>
    </Shell>
  );
}
