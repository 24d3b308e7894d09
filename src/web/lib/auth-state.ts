/**
 * What the browser keeps about the signed-in user, cleared at sign-in and sign-out. Kept apart from
 * session.ts so that the sign-in screens load without TanStack Query: the signed-in areas bring it, and
 * its cache is cleared here only if one was loaded (docs/decisions/005-initial-bundle.md).
 */
import { activeQueryClient } from '@web/lib/active-query-client';

/** The cache key of the server's session answer (lib/session.ts), named here to stay free of TanStack. */
export const SESSION_KEY = ['session'] as const;

/**
 * Spec §3 cached auth status keys, written after every server answer for scripts that read them (the
 * spec's shape, 10-minute timestamp). Darsi itself never reads them back: guards and screens decide on
 * the server's answer only, so a stale cache can never grant what the server would refuse.
 */
export const TEACHER_STATUS_KEY = 'teacher_auth_status';
export const STUDENT_STATUS_KEY = 'student_auth_status';

/** Clears what the browser keeps about the signed-in user; preferences (language, colour) stay. */
export function clearLocalAuthState(): void {
  try {
    localStorage.removeItem(TEACHER_STATUS_KEY);
    localStorage.removeItem(STUDENT_STATUS_KEY);
    sessionStorage.clear();
  } catch {
    // Storage disabled: there is nothing to clear.
  }
  activeQueryClient()?.clear();
}

/** After a sign-in: a session answer cached before it must not send the user back to a login. */
export function forgetCachedSession(): void {
  activeQueryClient()?.removeQueries({ queryKey: SESSION_KEY });
}
