import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { RESERVED_SUBDOMAINS, subdomainFromHost } from '@shared/subdomain';
import { ZContactRequest } from '@shared/schemas/landing';
import { loadViewer } from '@server/auth';
import { teachers } from '@server/core/db/schema';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { clientIp } from '@server/core/request-context';
import type { TLandingAppDeps } from './deps';
import { isPageId } from './pages';
import { framingOf, viewerHeaders, type TSiteRecord } from './site-cache';
import { ASSETS_PREFIX, fontFile } from './assets';
import { landingT } from './i18n';
import { renderDebugNotFound, renderError, viewerCsp, type TViewerMode } from './render';
import type { RenderedPage } from './response-cache';
import { resolveSubdomainPath, sitemapXml, robotsTxt, isBypassPath } from './routing';
import { serviceWorkerScript } from './service-worker';
import { and, eq } from 'drizzle-orm';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function modeOf(c: Context<TAppEnv>): TViewerMode {
  if (c.req.query('preview') === 'true') return 'preview';
  return c.req.query('embedded') === 'true' ? 'embedded' : 'live';
}

/** Answers with a cached page: 304 when the browser has it, else the best encoding it accepts. */
function sendRendered(c: Context<TAppEnv>, page: RenderedPage, status = 200): Response {
  if (c.req.header('if-none-match') === page.etag) return new Response(null, { status: 304, headers: page.headersFor(null, -1) });
  const { body, encoding } = page.encoded(c.req.header('accept-encoding'));
  // A copy: callers may adjust the headers of this one response (no-store for previews).
  const headers = new Headers(page.headersFor(encoding, body.length));
  return new Response(c.req.method === 'HEAD' ? null : (body as unknown as BodyInit), { status, headers });
}

function sendHtml(c: Context<TAppEnv>, html: string, status: number, framing: 'none' | 'self' | 'any' = 'none') {
  const headers = new Headers(viewerHeaders(viewerCsp([], framing), framing, 'no-store'));
  return new Response(c.req.method === 'HEAD' ? null : html, { status, headers });
}

/** The no-script contact form's fields are a few kilobytes at most; anything bigger is not read. */
const CONTACT_FORM_MAX_BYTES = 64 * 1024;

/** Where the no-script contact form returns: the page it was sent from when that is on this host. */
function contactReturn(c: Context<TAppEnv>, pageId: string, status: 'sent' | 'failed'): Response {
  const referer = c.req.header('referer');
  // A malformed Referer is only ignored: URL.canParse instead of a constructor that throws.
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  const target = from && from.host === c.req.header('host') ? from : new URL(`/landing/${pageId}`, c.req.url);
  target.searchParams.set('contact', status);
  target.hash = 'contact';
  return c.redirect(`${target.pathname}${target.search}${target.hash}`, 303);
}

const contactOf = (c: Context<TAppEnv>): 'sent' | 'failed' | undefined => {
  const value = c.req.query('contact');
  return value === 'sent' || value === 'failed' ? value : undefined;
};

/**
 * Teachers' public pages: everything served on a teacher subdomain outside the bypass paths of spec
 * §2.6, plus /landing/{id} and the landing redirects. Registered before the web app's SPA fallback.
 */
export function mountLanding(app: Hono<TAppEnv>, services: TLandingAppDeps) {
  const { config, landing, db, auth } = services;
  const { site, assets } = landing;
  const devHosts = config.env !== 'production';
  const lngOf = (c: Context<TAppEnv>): TLanguage => toLanguage(c.get('language'));
  const hostSubdomain = (c: Context<TAppEnv>) => subdomainFromHost(c.req.header('host'), { rootDomain: config.publicHost, allowDevHosts: devHosts });

  const errorScreen = (c: Context<TAppEnv>, key: string, status: number, params?: Record<string, string>) => {
    const lng = lngOf(c);
    const message = landingT(lng)(`viewer.errors.${key}`, params);
    return sendHtml(c, renderError(lng, assets, message, c.req.url), status, modeOf(c) === 'live' ? 'none' : framingOf(modeOf(c)));
  };

  /**
   * The editor's preview for the page's owner: the saved page, published or not, rendered afresh and never
   * cached. Null for anyone else (no session cookie: not even a lookup), who gets the published page.
   */
  async function ownerPreview(c: Context<TAppEnv>, pageId: string, host: 'subdomain' | 'main', hostTeacherId?: string): Promise<Response | null> {
    if (!c.req.header('cookie')) return null;
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) return null;
    const [owner] = await db.select({ id: teachers.id }).from(teachers).where(and(eq(teachers.userId, viewer.userId), eq(teachers.status, 'active')));
    if (!owner || (hostTeacherId !== undefined && owner.id !== hostTeacherId)) return null;
    const found = await landing.pages.ownRowForPreview(pageId, owner.id);
    if (!found) return null;
    return sendRendered(c, await site.renderRow(found, { lng: lngOf(c), host, mode: 'preview' }, { cacheControl: 'no-store' }));
  }

  /**
   * A published page from the render cache, in the request's mode, language and contact notice. On a
   * teacher's host `hostTeacher` is that host's teacher: pages of other teachers are not found there.
   */
  async function servePage(c: Context<TAppEnv>, pageId: string, host: 'subdomain' | 'main', hostTeacher?: { teacherId: string; version?: number }) {
    const mode = modeOf(c);
    if (mode === 'preview') {
      const own = await ownerPreview(c, pageId, host, hostTeacher?.teacherId);
      if (own) return own;
    }
    const page = await site.publishedPage({ pageId, lng: lngOf(c), host, mode, contact: contactOf(c) }, { version: hostTeacher?.version, teacherId: hostTeacher?.teacherId });
    if (!page) return errorScreen(c, 'notFound', 404);
    return sendRendered(c, page);
  }

  // Static files of the viewer: hashed scripts, fonts, uploaded images.
  app.get(`${ASSETS_PREFIX}/fonts/:name`, (c) => {
    const file = fontFile(c.req.param('name'));
    if (!file) throw new AppError('NOT_FOUND');
    return new Response(fs.readFileSync(file), { headers: { 'content-type': 'font/woff2', 'cache-control': IMMUTABLE } });
  });
  app.get(`${ASSETS_PREFIX}/uploads/:name`, async (c) => {
    const file = landing.images.file(c.req.param('name'));
    if (!file) throw new AppError('NOT_FOUND');
    return new Response(await fs.promises.readFile(file), {
      headers: { 'content-type': 'image/webp', 'cache-control': IMMUTABLE, 'content-security-policy': "default-src 'none'", 'cross-origin-resource-policy': 'cross-origin' },
    });
  });
  app.get(`${ASSETS_PREFIX}/:file`, async (c) => {
    const name = c.req.param('file');
    if (!/^[\w.-]+\.js$/.test(name)) throw new AppError('NOT_FOUND');
    const file = path.join(assets.dir, name);
    if (!fs.existsSync(file)) throw new AppError('NOT_FOUND');
    return new Response(await fs.promises.readFile(file), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': IMMUTABLE } });
  });

  // Spec §4/§7.1 offline worker, served from the root. On a teacher's host its scope is the whole host; on the
  // main domain pages register it for /landing/ only, beside the main site's own worker (decision 028).
  app.get('/landing-page-sw.js', (c) => {
    const onSubdomain = hostSubdomain(c) !== null;
    return new Response(serviceWorkerScript(assets.swVersion, onSubdomain ? 'subdomain' : 'main'), {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', ...(onSubdomain ? { 'service-worker-allowed': '/' } : {}) },
    });
  });

  // The contact form without script: a plain POST, answered by the page again with the outcome.
  const contactBodyLimit = bodyLimit({ maxSize: CONTACT_FORM_MAX_BYTES, onError: (c) => contactReturn(c, c.req.param('id') ?? '', 'failed') });
  app.post('/landing-contact/:id', contactBodyLimit, async (c) => {
    const id = c.req.param('id');
    const origin = c.req.header('origin');
    if (origin && origin !== `${config.publicHttps ? 'https' : 'http'}://${c.req.header('host') ?? ''}`) throw new AppError('CROSS_ORIGIN_REJECTED');
    const form = await c.req.parseBody().catch(() => null);
    const parsed = ZContactRequest.safeParse(Object.fromEntries(Object.entries(form ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : ''])));
    if (!parsed.success) return contactReturn(c, id, 'failed');
    try {
      await landing.public.contact(id, parsed.data, clientIp(c, config));
      return contactReturn(c, id, 'sent');
    } catch {
      return contactReturn(c, id, 'failed');
    }
  });

  // Spec §2.5: a page by id, published only; on the main domain without an id, the §8 message.
  app.get('/landing', (c) => errorScreen(c, 'mainDomain', 404));
  app.get('/landing/', (c) => errorScreen(c, 'mainDomain', 404));
  app.get('/landing/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id) || id === 'undefined' || id === 'null') return errorScreen(c, 'invalidIdentifier', 400);
    if (!isPageId(id)) return errorScreen(c, 'invalidId', 400);
    try {
      const subdomain = hostSubdomain(c);
      if (!subdomain) return await servePage(c, id, 'main');
      // On a teacher's host, only that teacher's pages: another teacher's id is not found here.
      const record = await site.site(subdomain);
      if (!record?.isActive) return errorScreen(c, 'notFound', 404);
      return await servePage(c, id, 'subdomain', { teacherId: record.teacherId, version: record.versions.get(id) });
    } catch (error) {
      c.var.logger.error({ err: error }, 'landing page load failed');
      return errorScreen(c, 'loadFailed', 503);
    }
  });

  // Spec §2.5/§7.6 redirects.
  const toPlatform = (suffix: string) => async (c: Context<TAppEnv>) => {
    const subdomain = await landing.pages.subdomainOfPage(c.req.param('id') ?? '');
    // Spec §8 'landing redirect failure', on the viewer's error screen: a person followed this link.
    if (!subdomain) return errorScreen(c, 'platformNotFound', 404);
    return c.redirect(`/platform/${subdomain}${suffix}`, 302);
  };
  for (const prefix of ['t', 'p']) {
    app.get(`/${prefix}/:id`, toPlatform(''));
    app.get(`/${prefix}/:id/login`, toPlatform('/login'));
    app.get(`/${prefix}/:id/register`, toPlatform('/register'));
  }
  app.get('/t/:subdomain/student/dashboard', (c) => c.redirect('/student/dashboard', 302));
  app.get('/t/:subdomain/student/dashboard/*', (c) => c.redirect('/student/dashboard', 302));
  app.get('/teacher/:subdomain', async (c, next) => {
    const name = c.req.param('subdomain').toLowerCase();
    // /teacher/login, /teacher/dashboard… are the app's own screens.
    if (RESERVED_SUBDOMAINS.has(name) || !/^[a-z0-9-]{1,63}$/.test(name)) return next();
    // Only a registered subdomain is a platform; any other name is an unknown /teacher/* path, which the app
    // sends to /teacher/dashboard (spec §2.4, docs/decisions/010-route-ambiguities.md).
    const [known] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.subdomain, name));
    if (!known) return next();
    return c.redirect(`/platform/${name}`, 302);
  });

  // Spec §2.6: a teacher's host serves their pages; the bypass paths and the app's files go on.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const querySubdomain = devHosts ? c.req.query('subdomain') : undefined;
    const subdomain = subdomainFromHost(c.req.header('host'), { rootDomain: config.publicHost, allowDevHosts: devHosts }, querySubdomain);
    if (!subdomain) {
      if (querySubdomain === 'www') return errorScreen(c, 'invalidIdentifier', 400);
      if (querySubdomain) return errorScreen(c, 'noSubdomain', 400);
      return next();
    }
    const pathname = c.req.path;
    if (isBypassPath(pathname)) return next();
    const localhost = devHosts && /\.localhost(:\d+)?$/i.test(c.req.header('host') ?? '');
    // The debug 404's "reload data": development hosts only, or anyone could make every request a lookup.
    if (localhost && c.req.query('refresh-subdomain') === '1') site.forgetSite(subdomain);

    const mode = modeOf(c);
    let record: TSiteRecord | null;
    try {
      record = await site.site(subdomain);
    } catch (error) {
      c.var.logger.error({ err: error, subdomain }, 'teacher lookup failed');
      if (mode !== 'live') return errorScreen(c, 'teacherLookup', 503, { detail: landingT(lngOf(c))('viewer.errors.databaseDetail') });
      return c.redirect('/404', 302);
    }
    // Embedded and preview frames show the viewer's own messages (spec §8 table) instead of leaving the frame.
    if (!record) return mode === 'live' ? c.redirect('/404', 302) : errorScreen(c, 'teacherMissing', 404);
    if (!record.isActive) return mode === 'live' ? c.redirect('/inactive', 302) : errorScreen(c, 'teacherInactive', 403);

    if (pathname === '/sitemap.xml') return c.body(sitemapXml(config, record), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' });
    if (pathname === '/robots.txt') return c.text(robotsTxt(config, record), 200, { 'cache-control': 'no-cache' });

    const target = await resolveSubdomainPath(site, record, pathname);
    if (target.kind === 'page') {
      try {
        return await servePage(c, target.pageId, 'subdomain', { teacherId: record.teacherId, version: record.versions.get(target.pageId) });
      } catch (error) {
        c.var.logger.error({ err: error }, 'landing page load failed');
        return errorScreen(c, pathname === '/' ? 'mainPageLookup' : 'loadFailed', 503, { detail: landingT(lngOf(c))('viewer.errors.databaseDetail') });
      }
    }
    if (mode !== 'live') return errorScreen(c, pathname === '/' ? 'mainPageMissing' : 'noPage', 404);
    if (target.kind === 'regular' || !localhost) return next();
    return sendHtml(
      c,
      renderDebugNotFound(assets, {
        path: pathname,
        debug: JSON.stringify({ host: c.req.header('host'), subdomain, teacherId: record.teacherId, mainPageId: record.mainPageId, slugs: [...record.pagesMap.keys()] }, null, 2),
        reloadHref: `${pathname}?refresh-subdomain=1`,
        homeHref: '/',
      }),
      404,
    );
  });
}
