import type { Hono } from 'hono';
import { subdomainFromHost } from '@shared/subdomain';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAppDeps } from './deps';
import { mountContactForm } from './mount-contact';
import { mountViewerFiles } from './mount-files';
import { mountRedirects } from './mount-redirects';
import { mountSubdomainPages } from './mount-subdomain';
import { mountPlatformHome, platformHomeServer } from './mount-platform';
import { mountPlatformPages } from './mount-platform-pages';
import { isPageId } from './page-ids';
import { pageServer } from './serve-page';
import { errorScreenOf } from './viewer-http';

/**
 * Teachers' public pages: everything served on a teacher subdomain outside the bypass paths of spec
 * §2.6, plus /landing/{id} and the landing redirects. Registered before the web app's SPA fallback.
 */
export function mountLanding(app: Hono<TAppEnv>, services: TLandingAppDeps) {
  const { config, landing } = services;
  const { site } = landing;
  const devHosts = config.env !== 'production';
  const subdomainOf = (host: string | undefined) => subdomainFromHost(host, { rootDomain: config.publicHost, allowDevHosts: devHosts });
  const errorScreen = errorScreenOf(landing.assets);
  const servePage = pageServer(services, errorScreen);

  mountViewerFiles(app, landing, config.webDistDir, (host) => subdomainOf(host) !== null);
  mountContactForm(app, services);

  // Spec §2.5: a page by id, published only; on the main domain without an id, the §8 message.
  app.get('/landing', (c) => errorScreen(c, 'mainDomain', 404));
  app.get('/landing/', (c) => errorScreen(c, 'mainDomain', 404));
  app.get('/landing/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id) || id === 'undefined' || id === 'null') return errorScreen(c, 'invalidIdentifier', 400);
    if (!isPageId(id)) return errorScreen(c, 'invalidId', 400);
    try {
      const subdomain = subdomainOf(c.req.header('host'));
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

  mountRedirects(app, services, errorScreen);
  const serveHome = platformHomeServer(services);
  mountPlatformHome(app, services, serveHome);
  mountPlatformPages(app, services);
  mountSubdomainPages(app, services, { errorScreen, servePage, serveHome });
}
