import { eq } from 'drizzle-orm';
import { planDays } from '@shared/courses';
import { coursePlans } from '@server/core/db/schema';
import { audit, type TActor, type TAuditAction, type TAuditEntry } from '@server/core/audit';
import { addDays, DAY_MS, iso } from '@server/core/dates';
import { ensureStudentCapacity } from '@server/plans';
import { ownEnrollment } from './queries';
import { recordCancellation } from './ledger-rows';
import { holdsPlace } from './views';
import type { TSubscriptionsDeps } from './deps';
import { enrollments } from '@server/core/db/schema';

const e = enrollments;

/** The audit row of a teacher's change to one enrollment, in the same transaction as the change. */
function auditEnrollment(
  tx: Parameters<typeof audit>[0],
  action: TAuditAction,
  current: { id: string; studentId: string; courseId: string },
  teacherId: string,
  actor: TActor,
  extra: NonNullable<TAuditEntry['details']> = {},
) {
  return audit(tx, {
    actorUserId: actor.userId,
    actorRole: 'teacher',
    action,
    targetType: 'enrollment',
    targetId: current.id,
    teacherId,
    details: { studentId: current.studentId, courseId: current.courseId, ...extra },
    ip: actor.ip,
  });
}

/** Cancelled or suspended: the same step twice is harmless (a double click, a second tab). */
function stopWith(status: 'cancelled' | 'suspended') {
  return (deps: TSubscriptionsDeps, teacherId: string, enrollmentId: string, actor: TActor) =>
    deps.db.transaction(async (tx) => {
      const current = await ownEnrollment(tx, teacherId, enrollmentId);
      if (current.status === status) return { ok: true as const };
      const now = deps.clock.now();
      const cancelled = status === 'cancelled';
      await tx
        .update(e)
        .set({ status, updatedAt: now, ...(cancelled ? { cancelledAt: now } : {}) })
        .where(eq(e.id, current.id));
      if (cancelled) await recordCancellation(tx, current, actor.userId, now);
      await auditEnrollment(tx, cancelled ? 'subscription.cancelled' : 'subscription.suspended', current, teacherId, actor);
      return { ok: true as const };
    });
}

export const cancel = stopWith('cancelled');

/**
 * Suspends a subscription (decision 124): the student keeps their place in the list, their progress and the
 * period they paid for (its end date does not move), but no lesson, video or live session opens until the
 * teacher reactivates it.
 */
export const suspend = stopWith('suspended');

/**
 * Back to active; an expired subscription gets a new period of its plan from today, or, when its plan
 * was deleted, a period as long as the one it had (never permanent access by accident).
 */
export async function reactivate(deps: TSubscriptionsDeps, teacherId: string, enrollmentId: string, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const current = await ownEnrollment(tx, teacherId, enrollmentId);
    const now = clock.now();
    if (holdsPlace(current, now)) return { expiresAt: iso(current.expiresAt) };
    await ensureStudentCapacity(tx, teacherId, current.studentId, now);
    let expiresAt = current.expiresAt;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      const [plan] = current.planId ? await tx.select().from(coursePlans).where(eq(coursePlans.id, current.planId)) : [];
      const days = plan ? planDays(plan) : Math.max(1, Math.round((expiresAt.getTime() - current.startedAt.getTime()) / DAY_MS));
      expiresAt = days === null ? null : addDays(now, days);
    }
    await tx.update(e).set({ status: 'active', cancelledAt: null, expiresAt, updatedAt: now }).where(eq(e.id, current.id));
    await auditEnrollment(tx, 'subscription.reactivated', current, teacherId, actor, { expiresAt: iso(expiresAt) });
    return { expiresAt: iso(expiresAt) };
  });
}
