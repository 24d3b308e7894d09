import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** /dashboard/billing: the teacher's Darsi plan (spec §9, issue 13). */
export const billingTeacherRoutes: RouteObject[] = [page('billing', () => import('./billing-page').then((m) => m.BillingPage))];
