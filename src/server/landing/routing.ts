import { APP_SEGMENTS } from '@shared/landing-reserved';
import type { TConfig } from '@server/core/config';
import type { TLandingSiteService, TSiteRecord } from './site-cache';

/** Spec §2.6: these always show the regular app, whatever the host. */
const BYPASS_EXACT = new Set([
  '/student/login',
  '/student/register',
  '/student/dashboard',
  '/teacher/login',
  '/teacher/register',
  '/admin/login',
  '/forgot-password',
  '/reset-password',
]);
/** The app's own files and screens a teacher's page can never shadow. */
const APP_PREFIXES = ['/assets/', '/locales/', '/api/', '/landing-assets/', '/student/dashboard/'];
const APP_EXACT = new Set(['/404', '/inactive', '/redeem']);
export function isBypassPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (BYPASS_EXACT.has(path) || APP_EXACT.has(path)) return true;
  if (APP_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  // A file (favicon.ico, index.html…) is the app's, except the two this host answers itself.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') && last !== 'sitemap.xml' && last !== 'robots.txt';
}

function firstSegment(pathname: string): string {
  const raw = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

type TPathTarget = { kind: 'page'; pageId: string } | { kind: 'regular' } | { kind: 'missing' };

/** Spec §2.6: root → the main page; otherwise the first segment by custom slug or title slug. */
export async function resolveSubdomainPath(site: TLandingSiteService, record: TSiteRecord, pathname: string): Promise<TPathTarget> {
  if (pathname === '/') return record.mainPageId ? { kind: 'page', pageId: record.mainPageId } : { kind: 'regular' };
  const segment = firstSegment(pathname);
  let pageId = record.pagesMap.get(segment);
  // A page published a moment ago on another instance: look once more in the database (spec §4).
  if (!pageId && Date.now() - record.timestamp > 1_000) {
    const fresh = await site.site(record.subdomain, { fresh: true });
    pageId = fresh?.isActive ? fresh.pagesMap.get(segment) : undefined;
  }
  if (pageId) return { kind: 'page', pageId };
  return APP_SEGMENTS.has(segment) ? { kind: 'regular' } : { kind: 'missing' };
}

const origin = (config: Pick<TConfig, 'publicHost' | 'publicHttps'>, subdomain: string) =>
  `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;

/**
 * One path per published page that may be indexed: the main page at /, the others by their first (custom)
 * slug. A page whose robots meta says noindex is left out: listing it would invite the crawl it refuses.
 */
function pagePaths(record: TSiteRecord): Array<{ path: string; pageId: string }> {
  const seen = new Set<string>(record.noindex);
  const out: Array<{ path: string; pageId: string }> = [];
  if (record.mainPageId && !seen.has(record.mainPageId)) {
    out.push({ path: '/', pageId: record.mainPageId });
    seen.add(record.mainPageId);
  }
  for (const [slug, pageId] of record.pagesMap) {
    if (seen.has(pageId)) continue;
    seen.add(pageId);
    out.push({ path: `/${encodeURIComponent(slug)}`, pageId });
  }
  return out;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The platform's own pages (issue 15): its home, the teach page and each published course's page. */
function platformPaths(record: TSiteRecord, courseIds: string[]): string[] {
  const home = record.mainPageId ? [`/platform/${encodeURIComponent(record.subdomain)}`] : ['/'];
  return [...home, '/teach', ...courseIds.map((id) => `/courses/${id}`)];
}

export function sitemapXml(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, record: TSiteRecord, courseIds: string[] = []): string {
  const base = origin(config, record.subdomain);
  const pages = pagePaths(record).map(({ path, pageId }) => {
    const lastmod = new Date(record.versions.get(pageId) ?? Date.now()).toISOString();
    return `<url><loc>${xml(base + path)}</loc><lastmod>${lastmod}</lastmod></url>`;
  });
  const platform = platformPaths(record, courseIds).map((path) => `<url><loc>${xml(base + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...pages, ...platform].join('')}</urlset>`;
}

export function robotsTxt(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, record: TSiteRecord): string {
  const base = origin(config, record.subdomain);
  const allows = [...pagePaths(record).map(({ path }) => path), ...platformPaths(record, [])].map((path) => `Allow: ${path}`);
  allows.push('Allow: /courses/');
  return ['User-agent: *', ...allows, 'Disallow: /student/', 'Disallow: /dashboard', 'Disallow: /api/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
