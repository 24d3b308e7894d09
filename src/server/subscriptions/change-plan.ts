import { eq, sql } from 'drizzle-orm';
import { planDays } from '@shared/courses';
import type { TChangePlan } from '@shared/schemas/courses';
import { audit, type TActor } from '@server/core/audit';
import { addDays, iso } from '@server/core/dates';
import { ensureStudentCapacity } from '@server/plans';
import { coursePlan, ownEnrollment } from './queries';
import { holdsPlace } from './views';
import type { TSubscriptionsDeps } from './deps';
import { enrollments } from '@server/core/db/schema';

const e = enrollments;

export async function changePlan(deps: TSubscriptionsDeps, teacherId: string, enrollmentId: string, input: TChangePlan, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const current = await ownEnrollment(tx, teacherId, enrollmentId);
    const plan = await coursePlan(tx, current.courseId, input.planId);
    const now = clock.now();
    const days = planDays(plan);
    const expiresAt = input.recalculate ? (days === null ? null : addDays(now, days)) : current.expiresAt;
    // A recalculated expiry can bring an expired subscription back: it takes a place in the plan again.
    if (!holdsPlace(current, now) && holdsPlace({ status: current.status, expiresAt }, now)) await ensureStudentCapacity(tx, teacherId, current.studentId, now);
    await tx
      .update(e)
      .set({
        planId: plan.id,
        type: plan.type,
        expiresAt,
        autoRenew: input.autoRenew ?? current.autoRenew,
        notes: input.notes === undefined ? current.notes : input.notes || null,
        // The amount received for the change, if any: the total paid is a sum of payments, never a price.
        totalPaidDzd: sql`${e.totalPaidDzd} + ${input.paidDzd ?? 0}`,
        updatedAt: now,
      })
      .where(eq(e.id, current.id));
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'teacher',
      action: 'subscription.plan_changed',
      targetType: 'enrollment',
      targetId: current.id,
      teacherId,
      details: { fromPlanId: current.planId, toPlanId: plan.id, recalculate: input.recalculate, paidDzd: input.paidDzd ?? 0, expiresAt: iso(expiresAt) },
      ip: actor.ip,
    });
    return { expiresAt: iso(expiresAt) };
  });
}
