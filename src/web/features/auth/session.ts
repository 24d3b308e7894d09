import { queryOptions } from '@tanstack/react-query';
import { SESSION_REFRESH_MS } from '../../../shared/constants';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/**
 * Spec §3 cached auth status keys, written after every server answer for scripts that read them (the
 * spec's shape, 10-minute timestamp). Darsi itself never reads them back: guards and screens decide on
 * the server's answer only, so a stale cache can never grant what the server would refuse.
 */
const TEACHER_STATUS_KEY = 'teacher_auth_status';
const STUDENT_STATUS_KEY = 'student_auth_status';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => unwrap(api.account.session.$get()).then((r) => r.session),
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

/** Clears what the browser keeps about the signed-in user; preferences (language, colour) stay. */
export function clearLocalAuthState() {
  try {
    localStorage.removeItem(TEACHER_STATUS_KEY);
    localStorage.removeItem(STUDENT_STATUS_KEY);
    sessionStorage.clear();
  } catch {
    // Storage disabled: there is nothing to clear.
  }
  queryClient.clear();
}

export async function signOut() {
  await unwrap(api.account.logout.$post()).catch(() => undefined);
  clearLocalAuthState();
}
