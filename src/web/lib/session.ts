import { queryOptions } from '@tanstack/react-query';
import { SESSION_REFRESH_MS } from '@shared/constants';
import { api, unwrap } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { clearLocalAuthState, SESSION_KEY, STUDENT_STATUS_KEY, TEACHER_STATUS_KEY } from '@web/lib/auth-state';

export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: () => unwrap(api.accounts.session.$get()).then((r) => r.session),
  staleTime: 0,
  // Spec §7.8 / §9: the session is refreshed at start and every 30 minutes.
  refetchInterval: SESSION_REFRESH_MS,
  refetchIntervalInBackground: true,
});

export type TSession = NonNullable<Awaited<ReturnType<NonNullable<typeof sessionQuery.queryFn>>>>;

function writeStatus(session: TSession | null) {
  try {
    const timestamp = Date.now();
    localStorage.setItem(
      TEACHER_STATUS_KEY,
      JSON.stringify({ isAuthenticated: Boolean(session), isTeacher: Boolean(session?.isTeacher), teacherData: session?.teacher ?? null, timestamp }),
    );
    localStorage.setItem(
      STUDENT_STATUS_KEY,
      JSON.stringify({ isAuthenticated: Boolean(session), isStudent: Boolean(session?.student), studentData: session?.student ?? null, timestamp }),
    );
  } catch {
    // Storage disabled: nothing is cached, nothing breaks.
  }
}

/** Always asks the server: guards decide on its answer, never on a cache. */
export async function fetchSession(): Promise<TSession | null> {
  const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  writeStatus(session);
  return session;
}

/** Ends every session of the account, this one included; the caller then clears what the browser kept. */
export const signOutEverywhere = () => unwrap(api.accounts['logout-everywhere'].$post());

/**
 * Sends the confirmation e-mail again. Confirmed in the meantime (another tab, another device): every
 * screen should know, so the session is asked again.
 */
export async function resendVerification() {
  const result = await unwrap(api.accounts.email.verification.$post());
  if (result.alreadyVerified) await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  return result;
}

export async function signOut() {
  await unwrap(api.accounts.logout.$post()).catch(() => undefined);
  clearLocalAuthState();
}
