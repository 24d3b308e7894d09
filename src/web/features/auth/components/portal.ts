import { useMatches, useParams } from 'react-router';
import { hostPlatform } from '@web/lib/host-platform';

/** Which accounts an auth screen serves (route handle `portal`; /platform/:subdomain/* is a teacher's platform). */
type TPortal = 'teacher' | 'student' | 'admin' | 'platform';

type TAuthPaths = { login: string; register: string | null; forgot: string };

export function usePortal(): { portal: TPortal; subdomain: string | null } {
  const matches = useMatches();
  const { subdomain } = useParams();
  // Subdomains are lowercase (spec §5); a typed /platform/Demo/… still names the same platform.
  if (subdomain) return { portal: 'platform', subdomain: subdomain.toLowerCase() };
  const handle = matches.at(-1)?.handle as { portal?: TPortal; hostAware?: string } | undefined;
  // /login, /register and the password screens on a teacher's host are that platform's (spec §2.7 footer links).
  const onHost = handle?.hostAware ? hostPlatform() : null;
  if (onHost) return { portal: 'platform', subdomain: onHost };
  return { portal: handle?.portal ?? 'teacher', subdomain: null };
}

/** The sibling screens of a portal: each portal links to its own login, sign-up and password reset. */
export function authPaths(portal: TPortal, subdomain: string | null): TAuthPaths {
  if (portal === 'platform' && subdomain) {
    // On the teacher's own host the short paths are that platform's; elsewhere /platform/{subdomain}/….
    const base = hostPlatform() === subdomain ? '' : `/platform/${encodeURIComponent(subdomain)}`;
    return { login: `${base}/login`, register: `${base}/register`, forgot: `${base}/forgot-password` };
  }
  if (portal === 'student') return { login: '/student/login', register: '/student/register', forgot: '/student/forgot-password' };
  if (portal === 'admin') return { login: '/admin/login', register: null, forgot: '/forgot-password' };
  return { login: '/login', register: '/register', forgot: '/forgot-password' };
}

/** The area an account's home belongs to: /dashboard and /teacher for teachers, the student area, /admin. */
function areaPrefixes(kind: 'teacher' | 'student' | 'admin', home: string): string[] {
  if (kind === 'teacher') return ['/dashboard', '/teacher'];
  if (kind === 'admin') return ['/admin/dashboard'];
  // A student's home may be their teacher's platform (spec §7.4); the main-domain student area is theirs too.
  return [home.replace(/\/dashboard$/, ''), '/student/dashboard'];
}

const AUTH_SCREEN = /\/(login|register|forgot-password|reset-password)\/?$/;

/** Pages any account comes back to after signing in: a team invitation asks its person to sign in first (issue 28). */
const ANY_ACCOUNT = ['/staff/accept'];

/**
 * After login, go back where the guard stopped the user, but only inside their own area
 * (a student is never sent to /dashboard), and never to another auth screen.
 */
export function afterLoginTarget(wanted: string | null, kind: 'teacher' | 'student' | 'admin', home: string): string {
  if (!wanted) return home;
  const path = wanted.split(/[?#]/)[0] ?? '';
  if (AUTH_SCREEN.test(path)) return home;
  if (ANY_ACCOUNT.includes(path)) return wanted;
  const fits = areaPrefixes(kind, home).some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return fits ? wanted : home;
}
