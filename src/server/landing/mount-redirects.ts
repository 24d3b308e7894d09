import type { Context, Hono } from 'hono';
import { RESERVED_SUBDOMAINS } from '@shared/subdomain';
import { teacherBySubdomain } from '@server/accounts';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAppDeps } from './deps';
import type { TErrorScreen } from './viewer-http';

/** Spec §2.5/§7.6 redirects to a teacher's platform. */
export function mountRedirects(app: Hono<TAppEnv>, { db, landing }: Pick<TLandingAppDeps, 'db' | 'landing'>, errorScreen: TErrorScreen) {
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
    if (!(await teacherBySubdomain(db, name))) return next();
    return c.redirect(`/platform/${name}`, 302);
  });
}
