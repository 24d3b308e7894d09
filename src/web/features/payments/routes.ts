import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of /teacher (inside the teacher layout): the receipts inbox and the transfer details. */
export const paymentsTeacherRoutes: RouteObject[] = [
  page('receipts', () => import('./receipts-page').then((m) => m.ReceiptsPage)),
  page('transfer-settings', () => import('./transfer-settings-page').then((m) => m.TransferSettingsPage)),
];

/**
 * Children of student/dashboard: the choice of method, paying a course plan by card and the order page Chargily
 * sends the student back to, and a transfer order with its receipt.
 */
export const paymentsStudentRoutes: RouteObject[] = [
  page('checkout/:courseId', () => import('./checkout-page').then((m) => m.CheckoutPage)),
  page('courses/:courseId/pay', () => import('./pay-page').then((m) => m.PayPage)),
  page('payments/:orderId', () => import('./order-page').then((m) => m.OrderPage)),
  page('orders/:orderId', () => import('./transfer-order-page').then((m) => m.TransferOrderPage)),
];
