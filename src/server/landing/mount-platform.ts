import type { Context, Hono } from 'hono';
import { teacherBySubdomain } from '@server/accounts';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAppDeps } from './deps';
import { renderPlatformHome, type TPlatformQuery } from './platform-home';
import type { TSiteRecord } from './site-cache';
import { lngOf, sendHtml } from './viewer-http';

const SUBDOMAIN = /^[a-z0-9-]{1,63}$/;

function queryOf(c: Context<TAppEnv>): TPlatformQuery {
  const kind = c.req.query('kind') ?? '';
  return { q: (c.req.query('q') ?? '').slice(0, 100), kind: ['organized', 'scheduled', 'regular'].includes(kind) ? kind : '' };
}

/** A teacher's platform home as a response, for an active teacher's record (issue 15, decision 062). */
export function platformHomeServer({ db, config, landing }: Pick<TLandingAppDeps, 'db' | 'config' | 'landing'>) {
  const deps = { db, config, site: landing.site, assets: landing.assets };
  return async (c: Context<TAppEnv>, record: TSiteRecord, host: 'subdomain' | 'main') => {
    const teacher = await teacherBySubdomain(db, record.subdomain);
    const html = await renderPlatformHome(deps, record, teacher?.name ?? record.subdomain, { lng: lngOf(c), host, query: queryOf(c) });
    // Revalidated on every visit: a course published a moment ago shows at once.
    return sendHtml(c, html, 200, 'none', 'no-cache');
  };
}

export type TPlatformHomeServer = ReturnType<typeof platformHomeServer>;

/**
 * Spec §2.4/§2.5 /platform/{subdomain}: the teacher's platform home, where every redirect of §2.5 lands.
 * An unknown subdomain goes to /404 and a teacher who is not active to /inactive (spec §4).
 */
export function mountPlatformHome(app: Hono<TAppEnv>, { landing }: Pick<TLandingAppDeps, 'landing'>, serveHome: TPlatformHomeServer) {
  const handler = async (c: Context<TAppEnv>) => {
    const name = (c.req.param('subdomain') ?? '').toLowerCase();
    const record = SUBDOMAIN.test(name) ? await landing.site.site(name) : null;
    if (!record) return c.redirect('/404', 302);
    if (!record.isActive) return c.redirect('/inactive', 302);
    return serveHome(c, record, 'main');
  };
  app.get('/platform/:subdomain', handler);
  app.get('/platform/:subdomain/', handler);
}
