import { isSafeRedirectAsWritten } from '@shared/safe-redirect';
import { AppError } from '@server/core/errors';

/**
 * Better Auth trusts every subdomain of the platform host as a redirect target, so a verification link whose
 * callbackURL names another teacher's platform (or any host under ours) would send the person there after the
 * check. Darsi's own links only ever carry a path on the host the link was opened on; anything else is refused,
 * by the shared rule (src/shared/safe-redirect.ts): "/.//evil", "/a/..//evil" and "/%2e//evil" resolve to
 * "//evil" and are refused like "//evil" itself (issue 23).
 */
export function assertSafeVerifyLink(url: string) {
  const callback = new URL(url).searchParams.get('callbackURL');
  if (callback === null) return;
  if (!isSafeRedirectAsWritten(callback)) throw new AppError('BAD_REQUEST');
}
