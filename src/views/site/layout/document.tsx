import type { ReactNode } from 'react';
import { LANGUAGES, type TLanguage } from '@shared/i18n';
import { useSite } from '@views/site/context';
import { DebugPanel } from './debug-panel';
import { Footer } from './footer';
import { Navbar } from './navbar';

export type TPageMeta = { title: string; description: string; noindex?: boolean };

const OG_LOCALES: Record<TLanguage, string> = { ar: 'ar_DZ', en: 'en_US', fr: 'fr_FR' };

/**
 * Each language has its own address (`?lng=xx`); the bare address is the x-default, served in the
 * visitor's negotiated language. Canonicals point to the address that was asked for (docs/decisions/041).
 */
export function useLanguageUrl() {
  const { origin, path } = useSite();
  return (lng: TLanguage | 'x-default') => `${origin}${path}${lng === 'x-default' ? '' : `?lng=${lng}`}`;
}

function Head({ meta, fullTitle }: { meta: TPageMeta; fullTitle: string }) {
  const { lng, t, assets, explicitLanguage } = useSite();
  const languageUrl = useLanguageUrl();
  const self = languageUrl(explicitLanguage ? lng : 'x-default');
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{fullTitle}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex && <meta name="robots" content="noindex" />}
      {/* A page kept out of search results (the 404 page) names no canonical address or alternates. */}
      {!meta.noindex && <link rel="canonical" href={self} />}
      {!meta.noindex && LANGUAGES.map((l) => <link key={l} rel="alternate" hrefLang={l} href={languageUrl(l)} />)}
      {!meta.noindex && <link rel="alternate" hrefLang="x-default" href={languageUrl('x-default')} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('common:app.name')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={self} />
      <meta property="og:locale" content={OG_LOCALES[lng]} />
      {LANGUAGES.filter((l) => l !== lng).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALES[l]} />
      ))}
      <meta name="twitter:card" content="summary" />
      <meta name="theme-color" content="#2563eb" />
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      {assets.fonts.map((href) => (
        <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
      ))}
      {assets.css.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {assets.script && <script type="module" src={assets.script} />}
    </head>
  );
}

/** A whole public page: head with SEO tags, navbar, the page's content, footer and the hidden debug panel. */
export function SiteDocument({ meta, children }: { meta: TPageMeta; children: ReactNode }) {
  const { lng, dir, t, path } = useSite();
  const fullTitle = path === '/' ? meta.title : `${meta.title} | ${t('meta.suffix')}`;
  return (
    <html lang={lng} dir={dir}>
      <Head meta={meta} fullTitle={fullTitle} />
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        <a href="#main" className="skip-link">
          {t('a11y.skip')}
        </a>
        <Navbar />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
        <Footer />
        <DebugPanel />
      </body>
    </html>
  );
}
