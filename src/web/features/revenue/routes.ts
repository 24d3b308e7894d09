import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** /dashboard/revenue: the teacher's revenue page. */
export const revenueTeacherRoutes: RouteObject[] = [page('revenue', () => import('./revenue-page').then((m) => m.RevenuePage))];

/** …/student/dashboard/payments: "My payments" and their receipts. */
export const revenueStudentRoutes: RouteObject[] = [page('payments', () => import('./my-payments-page').then((m) => m.MyPaymentsPage))];
