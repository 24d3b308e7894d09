import { redirect, type RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of admin/dashboard (inside the admin layout, behind the admin guard). */
export const adminChildRoutes: RouteObject[] = [
  page('', () => import('./admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  page('teachers', () => import('./teachers-page').then((m) => m.AdminTeachersPage)),
  page('teachers/:id', () => import('./teacher-detail-page').then((m) => m.AdminTeacherDetailPage)),
  { path: 'inbox', loader: () => redirect('/admin/dashboard/inbox/contact') },
  page('inbox/:kind', () => import('./inbox-page').then((m) => m.AdminInboxPage)),
  page('admins', () => import('./admins-page').then((m) => m.AdminAdminsPage)),
  page('audit', () => import('./audit-page').then((m) => m.AdminAuditPage)),
  page('plan-payments', () => import('./plan-payments-page').then((m) => m.AdminPlanPaymentsPage)),
  page('*', () => import('./admin-not-found-page').then((m) => m.AdminNotFoundPage)),
];
