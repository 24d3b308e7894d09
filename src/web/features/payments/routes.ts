import type { RouteObject } from 'react-router';
import { page } from '@web/app/route-helpers';

/** Children of student/dashboard: buying a course plan online, and the order page Chargily sends the student back to. */
export const paymentsStudentRoutes: RouteObject[] = [
  page('courses/:courseId/pay', () => import('./pay-page').then((m) => m.PayPage)),
  page('payments/:orderId', () => import('./order-page').then((m) => m.OrderPage)),
];
