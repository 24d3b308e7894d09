import type { TConfig } from '@server/core/config';
import type { TMailer } from '@server/core/mailer';

/** The reset screens a link may open; the accounts service picks one (decision 011). */
const RESET_PAGE = /^\/(?:student\/|platform\/[a-z0-9-]{1,63}\/)?reset-password$/;

type TAuthUser = { email: string; name: string };

/** Better Auth's callback types omit our additional user fields, although the objects carry them. */
function withFields<T extends object>(u: T) {
  return u as T & { role?: string; language?: string };
}

function userLanguage(u: { language?: string }): string {
  return u.language ?? 'ar';
}

/** The e-mails Better Auth asks for (reset, verification, change of address), in the user's language. */
export function authEmails(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, mailer: TMailer) {
  const mainOrigin = `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}`;
  return {
    sendResetPassword: async ({ user: account, url, token }: { user: TAuthUser; url: string; token: string }) => {
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
    sendVerificationEmail: async ({ user: account, url }: { user: TAuthUser; url: string }) => {
      const u = withFields(account);
      await mailer.sendTemplate(u.email, userLanguage(u), 'verifyEmail', { name: u.name, link: url });
    },
    sendChangeEmailConfirmation: async ({ user: account, newEmail, url }: { user: TAuthUser; newEmail: string; url: string }) => {
      const u = withFields(account);
      await mailer.sendTemplate(u.email, userLanguage(u), 'changeEmail', { name: u.name, newEmail, link: url });
    },
  };
}
