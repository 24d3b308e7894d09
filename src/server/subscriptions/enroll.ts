import { and, eq } from 'drizzle-orm';
import { planDays } from '@shared/courses';
import type { TEnroll } from '@shared/schemas/courses';
import { teacherStudents } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit, type TActor } from '@server/core/audit';
import { recordLedgerEntry } from '@server/core/ledger';
import { grantAccess } from './grant';
import { iso } from '@server/core/dates';
import { ownCourse } from '@server/courses';
import { ensurePlanActive, ensureStudentCapacity } from '@server/plans';
import { coursePlan } from './queries';
import { holdsPlace } from './views';
import type { TSubscriptionsDeps } from './deps';
import { enrollments } from '@server/core/db/schema';

const e = enrollments;

export async function enroll(deps: TSubscriptionsDeps, teacherId: string, input: TEnroll, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    await ensurePlanActive(tx, teacherId, clock.now());
    const course = await ownCourse(tx, teacherId, input.courseId);
    const [member] = await tx
      .select({ id: teacherStudents.studentId })
      .from(teacherStudents)
      .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, input.studentId)));
    if (!member) throw new AppError('STUDENT_NOT_FOUND');
    const plan = await coursePlan(tx, course.id, input.planId);
    const now = clock.now();
    const [existing] = await tx
      .select()
      .from(e)
      .where(and(eq(e.courseId, course.id), eq(e.studentId, input.studentId)));
    if (existing && holdsPlace(existing, now)) throw new AppError('ENROLLMENT_EXISTS');
    await ensureStudentCapacity(tx, teacherId, input.studentId, now);
    const row = await grantAccess(tx, {
      teacherId,
      courseId: course.id,
      studentId: input.studentId,
      planId: plan.id,
      type: plan.type,
      days: planDays(plan),
      paid: input.paidDzd ?? plan.priceDzd,
      autoRenew: input.autoRenew ?? plan.autoRenew,
      source: 'teacher',
      now,
      notes: input.notes,
    });
    const paid = input.paidDzd ?? plan.priceDzd;
    // Money the teacher says they received (decision 096): one ledger payment per enrollment, confirmed by them.
    if (paid > 0) {
      await recordLedgerEntry(tx, {
        teacherId,
        studentId: input.studentId,
        courseId: course.id,
        enrollmentId: row.id,
        method: 'manual',
        kind: 'payment',
        amountDzd: paid,
        confirmedBy: actor.userId,
        sourceKey: `enrollment:${row.id}:${now.getTime()}`,
        createdAt: now,
      });
    }
    if (input.notes !== undefined)
      await tx
        .update(e)
        .set({ notes: input.notes || null })
        .where(eq(e.id, row.id));
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'teacher',
      action: 'subscription.enrolled',
      targetType: 'enrollment',
      targetId: row.id,
      teacherId,
      details: { studentId: input.studentId, courseId: course.id, planId: plan.id, paidDzd: input.paidDzd ?? plan.priceDzd, expiresAt: iso(row.expiresAt) },
      ip: actor.ip,
    });
    return { id: row.id, expiresAt: iso(row.expiresAt) };
  });
}
