import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of /platform/{subdomain} (inside the public layout): screens a visitor sees without an account. */
export const videoPlatformRoutes: RouteObject[] = [
  page('preview/courses/:courseId/lessons/:lessonId', () => import('./video-preview-page').then((m) => m.VideoPreviewPage)),
];

/** Children of the student's dashboard: the offline lessons kept in this browser (issue 30, decision 192). */
export const videoStudentRoutes: RouteObject[] = [page('offline', () => import('./offline/offline-page').then((m) => m.OfflinePage))];

/**
 * /student/offline, outside the signed-in area: where the student's area sends the installed app started without a
 * network (its guard cannot ask for the session), to play the downloaded lessons. Its module is the offline page's
 * own, already kept by the app's worker from the visit that downloaded them.
 */
export const videoOfflineAppRoute: RouteObject = page('student/offline', () => import('./offline/offline-page').then((m) => m.OfflineAppPage));
