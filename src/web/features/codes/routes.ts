import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const teacher = {
  codes: () => import('./teacher/codes-page').then((m) => m.CodesPage),
  waiting: () => import('./teacher/waiting-codes-page').then((m) => m.WaitingCodesPage),
  batch: () => import('./teacher/batch-page').then((m) => m.BatchPage),
};

/** Children of /teacher (inside the teacher layout). */
export const codesTeacherRoutes: RouteObject[] = [page('codes', teacher.codes), page('codes/waiting', teacher.waiting), page('codes/:batchId', teacher.batch)];

/** Children of student/dashboard (inside the student layout). */
export const codesStudentRoutes: RouteObject[] = [page('redeem', () => import('./student/redeem-link-page').then((m) => m.RedeemLinkPage))];

/** Public screens on a teacher's host: the page a card's QR code opens (decision 106). */
export const codesPublicRoutes: RouteObject[] = [page('redeem', () => import('./card-link/card-link-page').then((m) => m.CardLinkPage))];
