import { LANGUAGES, type TLanguage } from '@shared/i18n';

const languageUrl = (origin: string, path: string, lng: TLanguage | 'x-default') => `${origin}${path}${lng === 'x-default' ? '' : `?lng=${lng}`}`;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page at its address in each language, each entry naming its alternates (hreflang) as search engines expect. */
export function sitemapXml(origin: string, paths: readonly string[], lastmod: string): string {
  const urls = paths.flatMap((path) =>
    LANGUAGES.map((lng) => {
      const alternates = [
        ...LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(languageUrl(origin, path, l))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(languageUrl(origin, path, 'x-default'))}"/>`,
      ].join('');
      return `<url><loc>${escapeXml(languageUrl(origin, path, lng))}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Private areas stay out of search results; everything public is allowed. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /teacher/',
    'Disallow: /student/dashboard',
    'Disallow: /admin/',
    'Disallow: /platform/',
    'Disallow: /site-forms/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
