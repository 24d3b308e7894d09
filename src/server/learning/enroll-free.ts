import { and, eq, isNull } from 'drizzle-orm';
import { planDays } from '@shared/courses';
import type { TEntryPage } from '@shared/entry-page';
import { coursePlans, enrollments, teacherStudents } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit } from '@server/core/audit';
import { iso } from '@server/core/dates';
import { grantAccess } from '@server/subscriptions';
import { ensureStudentCapacity } from '@server/plans';
import type { TLearningDeps } from './deps';
import { type TWhere, visibleCourse } from './student-course';

/**
 * A course with a free plan: the student enrolls themselves. A suspended or inactive teacher takes
 * no new students (their current subscribers keep reading: decision 034).
 */
export async function enrollFree(deps: TLearningDeps, studentId: string, courseId: string, where: TWhere, ip: string, entry: TEntryPage | null = null) {
  const { db, clock } = deps;
  const { course, teacherActive } = await visibleCourse(db, courseId, where);
  if (!teacherActive) throw new AppError('TEACHER_INACTIVE');
  if (course.status !== 'published') throw new AppError('COURSE_UNAVAILABLE');
  const [plan] = await db
    .select()
    .from(coursePlans)
    .where(and(eq(coursePlans.courseId, course.id), eq(coursePlans.type, 'free'), isNull(coursePlans.retiredAt)));
  if (!plan) throw new AppError('PLAN_NOT_FREE');
  const now = clock.now();
  return db.transaction(async (tx) => {
    await ensureStudentCapacity(tx, course.teacherId, studentId, now).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'PLAN_LIMIT_STUDENTS' ? new AppError('PLATFORM_FULL') : error;
    });
    const row = await grantAccess(tx, {
      teacherId: course.teacherId,
      courseId: course.id,
      studentId,
      planId: plan.id,
      type: 'free',
      days: planDays(plan),
      paid: 0,
      autoRenew: false,
      source: 'free',
      now,
    });
    // Analytics' funnel (issue 27): the public page the student came from, when their browser says.
    if (entry) await tx.update(enrollments).set({ entry }).where(eq(enrollments.id, row.id));
    await tx.insert(teacherStudents).values({ teacherId: course.teacherId, studentId }).onConflictDoNothing();
    await audit(tx, {
      actorUserId: studentId,
      actorRole: 'student',
      action: 'subscription.enrolled',
      targetType: 'enrollment',
      targetId: row.id,
      teacherId: course.teacherId,
      details: { studentId, courseId: course.id, planId: plan.id, source: 'free', expiresAt: iso(row.expiresAt) },
      ip,
    });
    return { id: row.id };
  });
}
