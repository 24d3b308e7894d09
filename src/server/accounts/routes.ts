import { getCookie } from 'hono/cookie';
import { STAFF_PLATFORM_COOKIE } from '@shared/staff';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ZChangeEmail,
  ZChangePassword,
  ZForgotPassword,
  ZLogin,
  ZProfileUpdate,
  ZResetPassword,
  ZStudentRegister,
  ZSubdomainQuery,
  ZTeacherRegister,
  ZUnlockAccount,
  ZUnlockRequest,
} from '@shared/schemas/accounts';
import type { TGuards } from '@server/auth';
import { viewerOf } from '@server/auth';
import type { TAuth } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import type { TAccountsService } from './accounts-service';
import { platformProfile } from './platform-profile';
import { sessionView } from './session-view';
import { validate } from '@server/core/validate';

const ZPlatformParam = z.object({ subdomain: z.string().min(1).max(63) });

type TDeps = { config: TConfig; db: Db; auth: TAuth; accounts: TAccountsService; guards: TGuards };

function passCookies(c: Context, cookies: string[]) {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

export function accountRoutes({ config, db, auth, accounts, guards }: TDeps) {
  const ctx = <E extends TAppEnv>(c: Context<E>) => requestContext(c, config);
  return (
    new Hono<TAppEnv>()
      .get('/session', async (c) => {
        // Reading the session also extends it (every 30 min of use); the refreshed cookie is passed on.
        const refreshed = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true }).catch(() => null);
        passCookies(c, refreshed?.headers.getSetCookie() ?? []);
        const viewer = await viewerOf(db, refreshed?.response ?? null);
        c.header('Cache-Control', 'no-store');
        return c.json({ session: viewer ? await sessionView(db, viewer, getCookie(c, STAFF_PLATFORM_COOKIE)) : null });
      })
      // A teacher's name, photo, colours and contact for their platform's sign-in screens (decision 057).
      .get('/platform/:subdomain', validate('param', ZPlatformParam), async (c) => c.json(await platformProfile(db, c.req.valid('param').subdomain)))
      .get('/subdomain-availability', validate('query', ZSubdomainQuery), async (c) => {
        return c.json(await accounts.subdomainAvailability(c.req.valid('query').subdomain));
      })
      .post('/register/teacher', validate('json', ZTeacherRegister), async (c) => {
        const { result, cookies } = await accounts.registerTeacher(c.req.valid('json'), ctx(c));
        passCookies(c, cookies);
        return c.json(result, 201);
      })
      .post('/register/student', validate('json', ZStudentRegister), async (c) => {
        const { result, cookies } = await accounts.registerStudent(c.req.valid('json'), ctx(c));
        passCookies(c, cookies);
        return c.json(result, 201);
      })
      .post('/login', validate('json', ZLogin), async (c) => {
        const { result, cookies } = await accounts.login(c.req.valid('json'), ctx(c));
        passCookies(c, cookies);
        return c.json(result);
      })
      .post('/logout', async (c) => {
        const { result, cookies } = await accounts.logout(ctx(c));
        passCookies(c, cookies);
        return c.json(result);
      })
      .post('/logout-everywhere', guards.requireUser, async (c) => {
        const { result, cookies } = await accounts.logoutEverywhere(c.var.viewer.userId, ctx(c));
        passCookies(c, cookies);
        return c.json(result);
      })
      .post('/password/forgot', validate('json', ZForgotPassword), async (c) => {
        return c.json(await accounts.forgotPassword(c.req.valid('json'), ctx(c)));
      })
      .post('/password/reset', validate('json', ZResetPassword), async (c) => {
        return c.json(await accounts.resetPassword(c.req.valid('json')));
      })
      // An account locked by wrong passwords: the owner asks for the e-mail link, then uses it (decision 110).
      .post('/unlock/request', validate('json', ZUnlockRequest), async (c) => c.json(await accounts.requestUnlock(c.req.valid('json'), ctx(c))))
      .post('/unlock', validate('json', ZUnlockAccount), async (c) => c.json(await accounts.unlockAccount(c.req.valid('json'), ctx(c))))
      .post('/password/change', guards.requireUser, validate('json', ZChangePassword), async (c) => {
        const { result, cookies } = await accounts.changePassword(c.var.viewer.userId, c.req.valid('json'), ctx(c));
        passCookies(c, cookies);
        return c.json(result);
      })
      .patch('/profile', guards.requireUser, validate('json', ZProfileUpdate), async (c) => {
        return c.json(await accounts.updateProfile(c.var.viewer.userId, c.req.valid('json')));
      })
      .post('/email', guards.requireUser, validate('json', ZChangeEmail), async (c) => {
        return c.json(await accounts.changeEmail(c.var.viewer.userId, c.req.valid('json').email, ctx(c)));
      })
      .post('/email/verification', guards.requireUser, async (c) => {
        return c.json(await accounts.resendVerification(c.var.viewer, ctx(c)));
      })
  );
}
