import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { account, rateLimit, session, teachers, user, verification } from '@server/core/db/schema';
import { CLIENT_IP_HEADER } from '@server/core/request-context';
import type { TMailer } from '@server/core/mailer';
import { resolveAuthSecret } from './secret';

const SESSION_DAYS = 30;
/** Spec §9: the session is refreshed every 30 minutes of use. */
const SESSION_REFRESH_SECONDS = 30 * 60;

/** The reset screens a link may open; the accounts service picks one (decision 011). */
const RESET_PAGE = /^\/(?:student\/|platform\/[a-z0-9-]{1,63}\/)?reset-password$/;

/**
 * Under HTTPS the cookies are named `__Host-…`: the browser then refuses any cookie of that name that
 * carries a Domain, so a script on one teacher's subdomain cannot plant a session cookie for the main
 * domain or another platform (decision 011).
 */
const COOKIES = ['session_token', 'session_data', 'dont_remember', 'account_data'] as const;
function cookieNames(https: boolean) {
  return Object.fromEntries(COOKIES.map((name) => [name, { name: `${https ? '__Host-' : ''}darsi.${name}` }]));
}

type TAuthDeps = { config: TConfig; db: Db; mailer: TMailer };

export function createAuth({ config, db, mailer }: TAuthDeps) {
  const root = config.publicHost;
  const mainOrigin = `${config.publicHttps ? 'https' : 'http'}://${root}`;
  return betterAuth({
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
      sendResetPassword: async ({ user: account, url, token }) => {
        const u = withFields(account);
        // Never the request's host: anyone may ask for a reset of anyone's e-mail from any subdomain, and
        // the link must not lead the owner to a platform they do not belong to. The page is the one the
        // service chose (a platform path only for a member of that platform), on the main origin.
        const wanted = new URL(url).searchParams.get('callbackURL') ?? '';
        const page = RESET_PAGE.test(wanted) ? wanted : u.role === 'student' ? '/student/reset-password' : '/reset-password';
        await mailer.sendTemplate(u.email, userLanguage(u), 'resetPassword', {
          name: u.name,
          link: `${mainOrigin}${page}?token=${encodeURIComponent(token)}`,
        });
      },
    },
    emailVerification: {
      // Sent by the accounts service once the profile exists, in the user's language.
      sendOnSignUp: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: account, url }) => {
        const u = withFields(account);
        await mailer.sendTemplate(u.email, userLanguage(u), 'verifyEmail', { name: u.name, link: url });
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'student', input: false },
        banned: { type: 'boolean', required: false, defaultValue: false, input: false },
        language: { type: 'string', required: false, defaultValue: 'ar', input: false },
      },
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user: account, newEmail, url }) => {
          const u = withFields(account);
          await mailer.sendTemplate(u.email, userLanguage(u), 'changeEmail', { name: u.name, newEmail, link: url });
        },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    databaseHooks: {
      // A banned user can never open a session, whichever path tries.
      session: {
        create: {
          before: async (s) => {
            const [owner] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, s.userId));
            return owner?.banned ? false : undefined;
          },
        },
      },
      user: {
        update: {
          after: async (u) => {
            await db.update(teachers).set({ email: u.email, name: u.name }).where(eq(teachers.userId, u.id));
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 60,
    },
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
  });
}

export type TAuth = ReturnType<typeof createAuth>;

/** Better Auth's callback types omit our additional user fields, although the objects carry them. */
function withFields<T extends object>(u: T) {
  return u as T & { role?: string; language?: string };
}

function userLanguage(u: { language?: string }): string {
  return u.language ?? 'ar';
}
