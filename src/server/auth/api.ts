import { Hono } from 'hono';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { withClientIp } from '@server/core/request-context';
import type { TAuth } from './create-auth';
import { testSessionRoutes } from './test-sessions';
import { assertSafeVerifyLink } from './verify-link';

/**
 * /api/auth, the whole API of the domain: the one Better Auth endpoint served as is, the link in verification and
 * e-mail-change messages (already in people's mailboxes: its URL stays). Sign-in itself is /api/accounts.
 */
export function authApi(deps: { auth: TAuth; config: TConfig } & Parameters<typeof testSessionRoutes>[0]) {
  const { auth, config } = deps;
  const api = new Hono<TAppEnv>().get('/verify-email', (c) => {
    assertSafeVerifyLink(c.req.url);
    return auth.handler(withClientIp(c, config));
  });
  // The e2e suite's session minting (decision 134): mounted only when loadConfig let the key through (tests).
  if (config.e2eSessionsKey) api.route('/test', testSessionRoutes(deps));
  return api;
}
