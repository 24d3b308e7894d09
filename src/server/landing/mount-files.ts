import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { appPath } from '@server/core/app-root';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { ASSETS_PREFIX, fontFile } from './assets';
import type { TLandingService } from './index';
import { serviceWorkerScript } from './service-worker';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Static files of the viewer: hashed scripts, fonts, uploaded images, and the offline worker. */
export function mountViewerFiles(app: Hono<TAppEnv>, landing: TLandingService, webDistDir: string, onSubdomain: (host: string | undefined) => boolean) {
  const { assets } = landing;
  // Browsers ask every host for /favicon.ico, teachers' hosts included (issue 11): Darsi's icon answers it.
  const built = path.join(webDistDir, 'favicon.svg');
  app.get('/favicon.ico', async (c) => {
    // The built copy, or the source one when the web app is not built (development, tests).
    const icon = fs.existsSync(built) ? built : appPath('public', 'favicon.svg');
    if (!fs.existsSync(icon)) throw new AppError('NOT_FOUND');
    return c.body(await fs.promises.readFile(icon), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });
  app.get(`${ASSETS_PREFIX}/fonts/:name`, (c) => {
    const file = fontFile(c.req.param('name'));
    if (!file) throw new AppError('NOT_FOUND');
    return new Response(fs.readFileSync(file), { headers: { 'content-type': 'font/woff2', 'cache-control': IMMUTABLE } });
  });
  app.get(`${ASSETS_PREFIX}/uploads/:name`, async (c) => {
    const file = landing.images.file(c.req.param('name'));
    if (!file) throw new AppError('NOT_FOUND');
    return new Response(await fs.promises.readFile(file), {
      headers: {
        'content-type': 'image/webp',
        'cache-control': IMMUTABLE,
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'cross-origin',
      },
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
    const subdomain = onSubdomain(c.req.header('host'));
    return new Response(serviceWorkerScript(assets.swVersion, subdomain ? 'subdomain' : 'main'), {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', ...(subdomain ? { 'service-worker-allowed': '/' } : {}) },
    });
  });
}
