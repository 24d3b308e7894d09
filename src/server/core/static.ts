import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { isAppRoute } from '@shared/app-routes';
import { directionOf, toLanguage } from '@shared/i18n';
import { subdomainFromHost } from '@shared/subdomain';
import type { TConfig } from './config';
import type { TAppEnv } from './env';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HTML_ROOT = /<html lang="ar" dir="rtl">/;

/** Set after the file is found, on the response itself: serveStatic builds it before its onFound hook runs. */
function cacheControl(value: string): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

type TNotFound = (c: Context<TAppEnv>) => Response | Promise<Response>;

/**
 * Serves the built web app: hashed assets forever, everything else revalidated, and index.html for any
 * app route so the client router can take over. `<html lang dir>` is set here so there is no flash of
 * the wrong direction before the scripts run. On the main domain a path that is no screen of the app
 * gets `notFound` (the public site's 404 page) instead of a soft 404.
 */
export function mountWeb(app: Hono<TAppEnv>, config: Pick<TConfig, 'webDistDir' | 'publicHost' | 'env'>, notFound?: TNotFound) {
  const { webDistDir } = config;
  const platformOf = (c: Context<TAppEnv>) =>
    subdomainFromHost(c.req.header('host'), { rootDomain: config.publicHost, allowDevHosts: config.env !== 'production' });
  const indexFile = path.join(webDistDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;

  const sendIndex = (c: Context<TAppEnv>) => {
    if (!template) return c.text('The web app is not built. Run `npm run build`.', 503);
    const lng = toLanguage(c.get('language'));
    c.header('Cache-Control', REVALIDATE);
    // On a teacher's host the app's login and sign-up screens serve that teacher's platform.
    const platform = platformOf(c);
    const platformAttr = platform ? ` data-platform="${platform}"` : '';
    return c.html(template.replace(HTML_ROOT, `<html lang="${lng}" dir="${directionOf(lng)}"${platformAttr}>`));
  };

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  // Source maps are built for debugging from the server's disk (vite `sourcemap: 'hidden'`), never published:
  // they would hand out the whole source, cached for a year.
  app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()));
  // Without a build there is nothing to serve, and serveStatic would warn about it on every start.
  if (fs.existsSync(webDistDir)) {
    app.use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root: webDistDir }));
    app.use('*', cacheControl(REVALIDATE), serveStatic({ root: webDistDir }));
  }
  // A missing file (it has an extension) is a plain 404.
  app.get('*', (c) => {
    if (path.extname(c.req.path)) return c.text('Not found', 404);
    // A teacher's host (or ?subdomain= in development) shows the app for any other path (spec §2.6, §8 Routing).
    const onPlatform = platformOf(c) !== null || (config.env !== 'production' && Boolean(c.req.query('subdomain')));
    if (notFound && !onPlatform && !isAppRoute(c.req.path)) return notFound(c);
    return sendIndex(c);
  });
}
