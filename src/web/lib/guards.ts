import { redirect, type LoaderFunctionArgs } from 'react-router';
import { hostPlatform } from './host-platform';
import { ApiError } from '@web/lib/api-error';
import { fetchSession, signOut, type TSession } from '@web/lib/session';

/** The downloaded lessons, outside the signed-in area (src/web/features/video/routes.ts). */
const OFFLINE_LESSONS = '/student/offline';

/** Where the user was going, so that login can send them back (only same-site paths are kept). */
function withOrigin(loginPath: string, request: Request) {
  const url = new URL(request.url);
  return `${loginPath}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Spec §6 teacher guard: no active teacher record means sign-out and /login. */
export async function teacherGuard({ request }: LoaderFunctionArgs): Promise<TSession> {
  const session = await fetchSession();
  if (!session) throw redirect(withOrigin('/login', request));
  if (!session.isTeacher) {
    await signOut();
    throw redirect(withOrigin('/login', request));
  }
  return session;
}

/**
 * Spec §6 student guard: no student row means sign-out and the student login of the same platform. Under
 * a teacher's platform (/platform/{x}/… or the teacher's own host) the student must also belong to that
 * teacher, as the server's session answer lists; anyone else is sent to that platform's login, where
 * logging in joins them (decision 007). They stay signed in: their account is fine, only not here yet.
 */
export async function studentGuard({ request, params }: LoaderFunctionArgs): Promise<TSession> {
  const platform = params.subdomain?.toLowerCase() ?? hostPlatform();
  const login = params.subdomain ? `/platform/${params.subdomain}/login` : platform ? '/login' : '/student/login';
  // No network at all (the installed app started offline): the session cannot be asked, the downloaded lessons
  // can still play. Before this, the student met "Unexpected Application Error" (issue 30).
  const session = await fetchSession().catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 0) throw redirect(OFFLINE_LESSONS);
    throw error;
  });
  if (!session) throw redirect(withOrigin(login, request));
  if (!session.student) {
    await signOut();
    throw redirect(withOrigin(login, request));
  }
  if (platform && !session.student.platforms.some((p) => p.subdomain === platform)) throw redirect(withOrigin(login, request));
  return session;
}

/**
 * Admin guard: the admin role, not just any session (docs/decisions/006-admin-guard.md). Others are
 * sent to /admin/login without being signed out of their own account.
 */
export async function adminGuard({ request }: LoaderFunctionArgs): Promise<TSession> {
  const session = await fetchSession();
  if (!session?.isAdmin) throw redirect(withOrigin('/admin/login', request));
  return session;
}
