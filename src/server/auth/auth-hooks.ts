import { eq } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { teachers, user } from '@server/core/db/schema';

/** What happens around Better Auth's own writes. */
export function authHooks(db: Db) {
  return {
    // A banned user can never open a session, whichever path tries.
    session: {
      create: {
        before: async (s: { userId: string }) => {
          const [owner] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, s.userId));
          return owner?.banned ? false : undefined;
        },
      },
    },
    // A teacher's profile follows their account's name and e-mail.
    user: {
      update: {
        after: async (u: { id: string; email: string; name: string }) => {
          await db.update(teachers).set({ email: u.email, name: u.name }).where(eq(teachers.userId, u.id));
        },
      },
    },
  };
}

/**
 * Under HTTPS the cookies are named `__Host-…`: the browser then refuses any cookie of that name that
 * carries a Domain, so a script on one teacher's subdomain cannot plant a session cookie for the main
 * domain or another platform (decision 011).
 */
const COOKIES = ['session_token', 'session_data', 'dont_remember', 'account_data'] as const;
export function cookieNames(https: boolean) {
  return Object.fromEntries(COOKIES.map((name) => [name, { name: `${https ? '__Host-' : ''}darsi.${name}` }]));
}
