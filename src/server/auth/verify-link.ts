import { AppError } from '@server/core/errors';

/**
 * Better Auth trusts every subdomain of the platform host as a redirect target, so a verification link whose
 * callbackURL names another teacher's platform (or any host under ours) would send the person there after the
 * check. Darsi's own links only ever carry a path on the host the link was opened on; anything else is refused.
 */
export function assertSafeVerifyLink(url: string) {
  const callback = new URL(url).searchParams.get('callbackURL');
  if (callback === null) return;
  // One leading slash, then no second slash or backslash: "//evil" and "/\evil" are other hosts to a browser;
  // browsers also drop tabs and newlines from URLs, so "/\t/evil" would become "//evil".
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(callback) || /[\u0000-\u001f]/.test(callback)) throw new AppError('BAD_REQUEST');
}
