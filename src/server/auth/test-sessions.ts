import { timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { testUtils } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { user } from '@server/core/db/schema';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import type { TMailer } from '@server/core/mailer';
import { validate } from '@server/core/validate';
import { authOptions } from './create-auth';

/** The header that carries E2E_SESSIONS_KEY. */
const E2E_SESSIONS_HEADER = 'x-e2e-sessions-key';

const ZMint = z.object({ email: z.string().email() });

/** Compared in constant time, as every secret is. */
function sameKey(given: string | undefined, key: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/auth/test/session {email}: a session for that account, as the login form would open it, without the
 * password (decision 134). The e2e suite mints one per test instead of hashing a password each time.
 *
 * Three locks: loadConfig refuses E2E_SESSIONS_KEY unless NODE_ENV=test (config.e2eSessionsKey is then
 * undefined and app.ts never mounts this); each request must carry the key. Any other case is the API's 404.
 * The session is Better Auth's own (its test-utils plugin, on a second instance with the same options), so
 * the ban check and the cookie's name, signature and attributes are those of a real sign-in. The cookie is
 * host-only, set on the host the request came to (a teacher's subdomain or the main domain).
 */
export function testSessionRoutes(deps: { config: TConfig; db: Db; mailer: TMailer }) {
  const key = deps.config.e2eSessionsKey;
  if (deps.config.env !== 'test' || !key) throw new Error('test sessions exist under NODE_ENV=test with E2E_SESSIONS_KEY only');
  const testAuth = betterAuth({ ...authOptions(deps), plugins: [testUtils()] });
  const keyed = createMiddleware<TAppEnv>(async (c, next) => {
    if (!sameKey(c.req.header(E2E_SESSIONS_HEADER), key)) throw new AppError('NOT_FOUND');
    await next();
  });
  return new Hono<TAppEnv>().post('/session', keyed, validate('json', ZMint), async (c) => {
    const email = c.req.valid('json').email.toLowerCase();
    const [account] = await deps.db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
    if (!account) throw new AppError('NOT_FOUND');
    const { cookies, session } = await (await testAuth.$context).test.login({ userId: account.id });
    const maxAge = Math.floor((new Date(session.expiresAt).getTime() - Date.now()) / 1000);
    for (const cookie of cookies) {
      // Encoded and with the attributes of the cookie a real sign-in sets (better-call's serializeSignedCookie).
      const attributes = [`Max-Age=${maxAge}`, `Path=${cookie.path}`, 'HttpOnly', `SameSite=${cookie.sameSite ?? 'Lax'}`, ...(cookie.secure ? ['Secure'] : [])];
      c.header('set-cookie', [`${cookie.name}=${encodeURIComponent(cookie.value)}`, ...attributes].join('; '), { append: true });
    }
    return c.json({ userId: account.id, role: account.role });
  });
}
