import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of /platform/{subdomain} (inside the public layout): screens a visitor sees without an account. */
export const videoPlatformRoutes: RouteObject[] = [
  page('preview/courses/:courseId/lessons/:lessonId', () => import('./video-preview-page').then((m) => m.VideoPreviewPage)),
];

/** Children of the student's dashboard: the offline lessons kept in this browser (issue 30, decision 192). */
export const videoStudentRoutes: RouteObject[] = [page('offline', () => import('./offline/offline-page').then((m) => m.OfflinePage))];
