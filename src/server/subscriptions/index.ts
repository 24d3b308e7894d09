import { bindDeps } from '@server/core/bind';
import { cancel, reactivate, suspend } from './cancel-reactivate';
import { changePlan } from './change-plan';
import type { TSubscriptionsDeps } from './deps';
import { enroll } from './enroll';
import { exportRows, list } from './list-students';

/*
 * The subscriptions domain: a teacher's students and their enrollments (enroll, change plan, cancel,
 * reactivate, the list and its CSV export), and how any way in starts or extends a subscription (grant.ts).
 * Other domains import this file only.
 */

export { extendOnConflict, grantAccess } from './grant';
export { subscriptionsApi } from './routes';
export { progressView } from './views';

export function createSubscriptions(deps: TSubscriptionsDeps) {
  return bindDeps(deps, { list, exportRows, enroll, changePlan, cancel, suspend, reactivate });
}

export type TSubscriptions = ReturnType<typeof createSubscriptions>;
