/**
 * Every screen of the web app (spec §2.3–§2.5) as a React Router path pattern: `:name` is one segment,
 * a final `*` is the rest of the path. The server serves the app's shell for these and a real 404 for
 * any other unknown path of the main domain (spec §2.1, docs/decisions/047-unknown-paths.md).
 *
 * The router (src/web/app/routes.ts) is the authority; src/web/app/app-routes.test.ts fails as soon as
 * the two differ, and says which pattern to add or remove here.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  // Teacher area (/dashboard/* and /teacher/*).
  '/dashboard',
  '/dashboard/landing-pages',
  '/dashboard/landing-pages/new',
  '/dashboard/landing-pages/:id',
  '/dashboard/messages',
  '/dashboard/revenue',
  '/dashboard/billing',
  '/dashboard/ads',
  '/dashboard/feedback',
  '/dashboard/staff',
  '/dashboard/platforms',
  '/dashboard/*',
  '/teacher',
  '/teacher/dashboard',
  '/teacher/profile',
  '/teacher/settings',
  '/teacher/receipts',
  '/teacher/transfer-settings',
  '/teacher/courses',
  '/teacher/courses/:courseId',
  '/teacher/codes',
  '/teacher/codes/waiting',
  '/teacher/codes/:batchId',
  '/teacher/students',
  '/teacher/dashboard/courses/quizzes/:courseId',
  '/teacher/dashboard/courses/quizzes/:courseId/:quizId',
  '/teacher/dashboard/courses/quizzes/:courseId/:quizId/results',
  '/teacher/dashboard/courses/quizzes/:courseId/:quizId/attempts/:attemptId',
  '/teacher/live-sessions',
  '/teacher/live-sessions/:sessionId',
  '/teacher/live-sessions/:sessionId/room',
  '/teacher/analytics',
  '/teacher/students/:studentId/analytics',
  '/teacher/notifications',
  '/teacher/:subdomain',
  '/teacher/:section/*',
  // A team invitation's link (issue 28).
  '/staff/accept',
  // Student area, on the main domain and on a teacher's platform.
  '/student/dashboard',
  '/student/dashboard/redeem',
  '/student/dashboard/subscriptions',
  '/student/dashboard/courses/:courseId',
  '/student/dashboard/courses/:courseId/lessons/:lessonId',
  '/student/dashboard/live/:sessionId',
  '/student/dashboard/quizzes/:lessonId',
  '/student/dashboard/quizzes/attempts/:attemptId',
  '/student/dashboard/quizzes/attempts/:attemptId/result',
  '/student/dashboard/courses/:courseId/pay',
  '/student/dashboard/payments/:orderId',
  '/student/dashboard/payments',
  '/student/dashboard/checkout/:courseId',
  '/student/dashboard/orders/:orderId',
  '/student/dashboard/notifications',
  '/student/dashboard/offline',
  '/student/dashboard/messages',
  '/student/dashboard/*',
  // The installed app started without a network: the downloaded lessons, no session needed (issue 30).
  '/student/offline',
  '/platform/:subdomain',
  '/platform/:subdomain/teach',
  '/platform/:subdomain/login',
  '/platform/:subdomain/register',
  '/platform/:subdomain/forgot-password',
  '/platform/:subdomain/reset-password',
  // A free preview video, played without an account (decision 075).
  '/platform/:subdomain/preview/courses/:courseId/lessons/:lessonId',
  '/platform/:subdomain/student/dashboard',
  '/platform/:subdomain/student/dashboard/redeem',
  '/platform/:subdomain/student/dashboard/subscriptions',
  '/platform/:subdomain/student/dashboard/courses/:courseId',
  '/platform/:subdomain/student/dashboard/courses/:courseId/lessons/:lessonId',
  '/platform/:subdomain/student/dashboard/live/:sessionId',
  '/platform/:subdomain/student/dashboard/quizzes/:lessonId',
  '/platform/:subdomain/student/dashboard/quizzes/attempts/:attemptId',
  '/platform/:subdomain/student/dashboard/quizzes/attempts/:attemptId/result',
  '/platform/:subdomain/student/dashboard/courses/:courseId/pay',
  '/platform/:subdomain/student/dashboard/payments/:orderId',
  '/platform/:subdomain/student/dashboard/payments',
  '/platform/:subdomain/student/dashboard/checkout/:courseId',
  '/platform/:subdomain/student/dashboard/orders/:orderId',
  '/platform/:subdomain/student/dashboard/notifications',
  '/platform/:subdomain/student/dashboard/offline',
  '/platform/:subdomain/student/dashboard/messages',
  '/platform/:subdomain/student/dashboard/*',
  // Admin area.
  '/admin/dashboard',
  '/admin/dashboard/notifications',
  '/admin/dashboard/analytics',
  '/admin/dashboard/teacher-feedback',
  '/admin/dashboard/teachers',
  '/admin/dashboard/plan-payments',
  '/admin/dashboard/teachers/:id',
  '/admin/dashboard/inbox',
  '/admin/dashboard/inbox/:kind',
  '/admin/dashboard/admins',
  '/admin/dashboard/audit',
  '/admin/dashboard/*',
  // Authentication (spec §2.3) and the landing routes the app renders (spec §2.5).
  '/login',
  '/teacher/login',
  '/student/login',
  '/admin/login',
  '/register',
  '/teacher/register',
  '/student/register',
  '/forgot-password',
  '/student/forgot-password',
  '/reset-password',
  '/student/reset-password',
  '/unlock-account',
  '/verify',
  '/admin/register',
  '/404',
  '/redeem',
  '/inactive',
  '/t/:subdomain/preview/courses/:courseId/lessons/:lessonId',
  '/t/:subdomain/student/dashboard/*',
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** React Router's matching: literal segments ignore case, a trailing slash changes nothing. */
export function matchesRoutePattern(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path);
  const splat = want.at(-1) === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  if (splat ? have.length < fixed.length : have.length !== fixed.length) return false;
  return fixed.every((part, i) => part.startsWith(':') || part.toLowerCase() === have[i]!.toLowerCase());
}

/** Whether the web app has a screen (or a redirect) at this path. */
export function isAppRoute(path: string): boolean {
  return APP_ROUTE_PATTERNS.some((pattern) => matchesRoutePattern(pattern, path));
}
