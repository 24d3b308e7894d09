import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** /dashboard/staff (the teacher's team) and /dashboard/platforms (a person on several platforms), issue 28. */
export const staffTeacherRoutes: RouteObject[] = [
  page('staff', () => import('./team-page').then((m) => m.TeamPage)),
  page('platforms', () => import('./platforms-page').then((m) => m.PlatformsPage)),
];

/** /staff/accept?token=…: the invitation link, public (no session needed). */
export const staffAcceptRoute: RouteObject = page('staff/accept', () => import('./accept-page').then((m) => m.AcceptPage));
