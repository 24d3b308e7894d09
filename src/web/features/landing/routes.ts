import type { RouteObject } from 'react-router';
import { page } from '@web/app/route-helpers';

/** Children of /dashboard (inside the teacher layout). */
export const landingDashboardRoutes: RouteObject[] = [
  page('landing-pages', () => import('./list-page').then((m) => m.LandingPagesPage)),
  page('landing-pages/new', () => import('./new-page').then((m) => m.NewLandingPage)),
  page('landing-pages/:id', () => import('./editor-page').then((m) => m.LandingEditorPage)),
  page('messages', () => import('./messages-page').then((m) => m.MessagesPage)),
];

/**
 * Public routes around teachers' pages (spec §2.5), inside the public layout. /landing/{id} and the
 * /t/ /p/ /teacher/ redirects are answered by the server (src/server/landing/mount.ts) before the app.
 */
export const landingPublicRoutes: RouteObject[] = [
  page('t/:subdomain/preview/courses/:courseId/lessons/:lessonId', () =>
    import('@web/features/courses/lesson-preview-page').then((m) => m.LessonPreviewPage),
    // Only the course's own, signed-in teacher sees it: the header offers their dashboard, not "sign in".
    { header: 'teacher' },
  ),
];
