import type { Context, Hono, Next } from 'hono';
import { subdomainFromHost } from '@shared/subdomain';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAppDeps } from './deps';
import { landingT } from './i18n';
import { renderDebugNotFound } from './render';
import { isBypassPath, resolveSubdomainPath, robotsTxt, sitemapXml } from './routing';
import type { TPlatformHomeServer } from './mount-platform';
import type { TServePage } from './serve-page';
import type { TSiteRecord } from './site-cache';
import { lngOf, modeOf, sendHtml, type TErrorScreen } from './viewer-http';

type TTools = { errorScreen: TErrorScreen; servePage: TServePage; serveHome: TPlatformHomeServer };

/** Spec §2.6: a teacher's host serves their pages; the bypass paths and the app's files go on. */
export function mountSubdomainPages(
  app: Hono<TAppEnv>,
  { config, landing }: Pick<TLandingAppDeps, 'config' | 'landing'>,
  { errorScreen, servePage, serveHome }: TTools,
) {
  const { site, assets } = landing;
  const devHosts = config.env !== 'production';
  const databaseDetail = (c: Context<TAppEnv>) => ({ detail: landingT(lngOf(c))('viewer.errors.databaseDetail') });

  /** The teacher's site record, or the response that stands for a missing, inactive or unreadable one. */
  async function recordOf(c: Context<TAppEnv>, subdomain: string): Promise<TSiteRecord | Response> {
    const mode = modeOf(c);
    let record: TSiteRecord | null;
    try {
      record = await site.site(subdomain);
    } catch (error) {
      c.var.logger.error({ err: error, subdomain }, 'teacher lookup failed');
      if (mode !== 'live') return errorScreen(c, 'teacherLookup', 503, databaseDetail(c));
      return c.redirect('/404', 302);
    }
    // Embedded and preview frames show the viewer's own messages (spec §8 table) instead of leaving the frame.
    if (!record) return mode === 'live' ? c.redirect('/404', 302) : errorScreen(c, 'teacherMissing', 404);
    if (!record.isActive) return mode === 'live' ? c.redirect('/inactive', 302) : errorScreen(c, 'teacherInactive', 403);
    return record;
  }

  async function serve(c: Context<TAppEnv>, next: Next, subdomain: string, localhost: boolean) {
    const pathname = c.req.path;
    const record = await recordOf(c, subdomain);
    if (record instanceof Response) return record;
    if (pathname === '/sitemap.xml')
      return c.body(
        sitemapXml(
          config,
          record,
          (await site.courseCards(record.teacherId)).map((card) => card.id),
        ),
        200,
        { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' },
      );
    if (pathname === '/robots.txt') return c.text(robotsTxt(config, record), 200, { 'cache-control': 'no-cache' });

    const target = await resolveSubdomainPath(site, record, pathname);
    if (target.kind === 'page') {
      try {
        return await servePage(c, target.pageId, 'subdomain', { teacherId: record.teacherId, version: record.versions.get(target.pageId) });
      } catch (error) {
        c.var.logger.error({ err: error }, 'landing page load failed');
        return errorScreen(c, pathname === '/' ? 'mainPageLookup' : 'loadFailed', 503, databaseDetail(c));
      }
    }
    if (modeOf(c) !== 'live') return errorScreen(c, pathname === '/' ? 'mainPageMissing' : 'noPage', 404);
    // Without a published landing page the host still shows the teacher: their platform home (issue 11/15).
    if (pathname === '/') return serveHome(c, record, 'subdomain');
    if (target.kind === 'regular' || !localhost) return next();
    const debug = { host: c.req.header('host'), subdomain, teacherId: record.teacherId, mainPageId: record.mainPageId, slugs: [...record.pagesMap.keys()] };
    return sendHtml(
      c,
      renderDebugNotFound(assets, { path: pathname, debug: JSON.stringify(debug, null, 2), reloadHref: `${pathname}?refresh-subdomain=1`, homeHref: '/' }),
      404,
    );
  }

  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const querySubdomain = devHosts ? c.req.query('subdomain') : undefined;
    const subdomain = subdomainFromHost(c.req.header('host'), { rootDomain: config.publicHost, allowDevHosts: devHosts }, querySubdomain);
    if (!subdomain) {
      if (querySubdomain === 'www') return errorScreen(c, 'invalidIdentifier', 400);
      if (querySubdomain) return errorScreen(c, 'noSubdomain', 400);
      return next();
    }
    if (isBypassPath(c.req.path)) return next();
    const localhost = devHosts && /\.localhost(:\d+)?$/i.test(c.req.header('host') ?? '');
    // The debug 404's "reload data": development hosts only, or anyone could make every request a lookup.
    if (localhost && c.req.query('refresh-subdomain') === '1') site.forgetSite(subdomain);
    return serve(c, next, subdomain, localhost);
  });
}
