import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** /teacher/analytics and one student's view, /teacher/students/{id}/analytics. */
export const analyticsTeacherRoutes: RouteObject[] = [
  page('analytics', () => import('./analytics-page').then((m) => m.AnalyticsPage)),
  page('students/:studentId/analytics', () => import('./student-page').then((m) => m.StudentAnalyticsPage)),
];

/** /admin/dashboard/analytics: the platform's figures. */
export const analyticsAdminRoutes: RouteObject[] = [page('analytics', () => import('./admin-page').then((m) => m.AdminAnalyticsPage))];
