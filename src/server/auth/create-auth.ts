import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { account, rateLimit, session, user, verification } from '@server/core/db/schema';
import { CLIENT_IP_HEADER } from '@server/core/request-context';
import type { TMailer } from '@server/core/mailer';
import { authEmails } from './auth-emails';
import { authHooks, cookieNames } from './auth-hooks';
import { resolveAuthSecret } from './secret';

const SESSION_DAYS = 30;
/** Spec §9: the session is refreshed every 30 minutes of use. */
const SESSION_REFRESH_SECONDS = 30 * 60;

type TAuthDeps = { config: TConfig; db: Db; mailer: TMailer };

/** Better Auth: e-mail and password, database sessions and rate limits, host-only cookies. */
export function createAuth(deps: TAuthDeps) {
  return betterAuth(authOptions(deps));
}

/** The options of Darsi's Better Auth, shared with the e2e suite's session minting (test-sessions.ts). */
export function authOptions({ config, db, mailer }: TAuthDeps) {
  const root = config.publicHost;
  const emails = authEmails(config, mailer);
  return {
    appName: 'Darsi',
    secret: resolveAuthSecret(config),
    // Every teacher subdomain is its own origin; links in e-mails point back to the host the request came to.
    baseURL: {
      allowedHosts: [root, `*.${root}`, ...(config.env === 'production' ? [] : ['localhost:*', '*.localhost:*', '127.0.0.1:*'])],
      fallback: `${config.publicHttps ? 'https' : 'http'}://${root}`,
      protocol: config.publicHttps ? 'https' : 'http',
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: emails.sendResetPassword,
    },
    // Sent by the accounts service once the profile exists, in the user's language.
    emailVerification: { sendOnSignUp: false, expiresIn: 24 * 60 * 60, sendVerificationEmail: emails.sendVerificationEmail },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'student', input: false },
        banned: { type: 'boolean', required: false, defaultValue: false, input: false },
        language: { type: 'string', required: false, defaultValue: 'ar', input: false },
      },
      changeEmail: { enabled: true, sendChangeEmailConfirmation: emails.sendChangeEmailConfirmation },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: SESSION_REFRESH_SECONDS },
    databaseHooks: authHooks(db),
    rateLimit: { enabled: true, storage: 'database', window: 60, max: 60 },
    advanced: {
      cookiePrefix: 'darsi',
      cookies: cookieNames(config.publicHttps),
      // The __Host- names above replace Better Auth's __Secure- prefix; `secure` below still applies.
      useSecureCookies: false,
      // Host-only cookies (no Domain): a session on one teacher's subdomain is never sent to another.
      crossSubDomainCookies: { enabled: false },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.publicHttps, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  } satisfies BetterAuthOptions;
}

export type TAuth = ReturnType<typeof createAuth>;
