import { createMiddleware } from 'hono/factory';
import { policyAllowing } from '@server/core/security';
import type { TLiveDeps } from './deps';

// The web app's join pages: the student's (on the main host, a teacher's host or /platform/{subdomain}) and the teacher's.
const JOIN_PAGE = /^(\/platform\/[^/]+)?\/student\/dashboard\/live\/[^/]+\/?$|^\/teacher\/live-sessions\/[^/]+\/room\/?$/;

/** Lets the join pages load the meeting service's IFrame API and frame its meeting; every other page is unchanged. */
export const joinPagePolicy = (provider: TLiveDeps['provider']) =>
  createMiddleware(async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !JOIN_PAGE.test(c.req.path) || !c.res.headers.get('content-type')?.includes('text/html')) return;
    const { provider: active } = await provider();
    if (active) c.res.headers.set('content-security-policy', policyAllowing(active.origin));
  });
