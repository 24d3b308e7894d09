import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { addDays, DATA_RETENTION_DAYS } from '@shared/billing';
import { planSubscriptions } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TBillingDeps } from './deps';

/*
 * Cancellation (decision 102): the plan runs to the end of its paid period (no refund), then creating is
 * refused like after a trial; the data stays 30 days more, then the daily job deletes it after two warnings.
 * Until the paid period ends, the teacher can take the cancellation back; after it, paying a plan does.
 */

export async function cancelPlan(deps: TBillingDeps, teacherId: string) {
  const now = deps.clock.now();
  const [sub] = await deps.db.select().from(planSubscriptions).where(eq(planSubscriptions.teacherId, teacherId));
  if (!sub || sub.canceledAt) throw new AppError('BILLING_NOT_CANCELABLE');
  // A lapsed plan (in grace) ends now: its data is kept 30 days from today.
  const end = sub.currentPeriodEnd > now ? sub.currentPeriodEnd : now;
  const dataDeletionAt = addDays(end, DATA_RETENTION_DAYS);
  await deps.db
    .update(planSubscriptions)
    .set({ status: 'canceled', canceledAt: now, currentPeriodEnd: end, dataDeletionAt, updatedAt: now })
    .where(and(eq(planSubscriptions.teacherId, teacherId), isNull(planSubscriptions.canceledAt)));
  return { canceledAt: now.toISOString(), accessUntil: end.toISOString(), dataDeletionAt: dataDeletionAt.toISOString() };
}

export async function reactivatePlan(deps: TBillingDeps, teacherId: string) {
  const now = deps.clock.now();
  const [sub] = await deps.db.select().from(planSubscriptions).where(eq(planSubscriptions.teacherId, teacherId));
  if (!sub?.canceledAt || sub.currentPeriodEnd <= now) throw new AppError('BILLING_NOT_CANCELABLE');
  await deps.db
    .update(planSubscriptions)
    .set({ status: 'active', canceledAt: null, dataDeletionAt: null, updatedAt: now })
    .where(and(eq(planSubscriptions.teacherId, teacherId), isNotNull(planSubscriptions.canceledAt)));
  return { ok: true as const };
}
