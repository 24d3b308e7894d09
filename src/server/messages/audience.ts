import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { TBroadcastInput } from '@shared/schemas/messages';
import { coursePlans, courses, enrollments, liveGroupMembers, liveGroups, teacherStudents } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TMessagesDeps } from './deps';

/*
 * Who a broadcast reaches (issue 26): every student of the teacher, a course's or a plan's current subscribers, a
 * live group's members, or the students with / without a running subscription. `at` is the moment the broadcast was
 * accepted, so that the fan-out job, run again after a retry or a restart, finds the same people. Ids are sorted,
 * so that its chunks are the same too.
 */
export type TAudience = { audience: TBroadcastInput['audience']; courseId: string | null; planId: string | null; groupId: string | null };

/** The target as stored: the course, plan or group checked as the teacher's own; anything else ignored. */
export async function checkedTarget(deps: Pick<TMessagesDeps, 'db'>, teacherId: string, input: TBroadcastInput): Promise<TAudience> {
  const none = { audience: input.audience, courseId: null, planId: null, groupId: null };
  if (input.audience === 'course') {
    if (!input.courseId) throw new AppError('VALIDATION_FAILED');
    const [row] = await deps.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, input.courseId), eq(courses.teacherId, teacherId)));
    if (!row) throw new AppError('NOT_FOUND');
    return { ...none, courseId: row.id };
  }
  if (input.audience === 'plan') {
    if (!input.planId) throw new AppError('VALIDATION_FAILED');
    const [row] = await deps.db
      .select({ id: coursePlans.id, courseId: coursePlans.courseId })
      .from(coursePlans)
      .innerJoin(courses, eq(courses.id, coursePlans.courseId))
      .where(and(eq(coursePlans.id, input.planId), eq(coursePlans.teacherId, teacherId)));
    if (!row) throw new AppError('NOT_FOUND');
    return { ...none, courseId: row.courseId, planId: row.id };
  }
  if (input.audience === 'group') {
    if (!input.groupId) throw new AppError('VALIDATION_FAILED');
    const [row] = await deps.db
      .select({ id: liveGroups.id })
      .from(liveGroups)
      .where(and(eq(liveGroups.id, input.groupId), eq(liveGroups.teacherId, teacherId)));
    if (!row) throw new AppError('NOT_FOUND');
    return { ...none, groupId: row.id };
  }
  return none;
}

export async function audienceOf(deps: Pick<TMessagesDeps, 'db'>, teacherId: string, target: TAudience, at: Date): Promise<string[]> {
  const { db } = deps;
  const running = and(eq(enrollments.teacherId, teacherId), eq(enrollments.status, 'active'), or(isNull(enrollments.expiresAt), gt(enrollments.expiresAt, at)));
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
  switch (target.audience) {
    case 'course':
    case 'plan': {
      const which = target.planId ? eq(enrollments.planId, target.planId) : eq(enrollments.courseId, target.courseId ?? '');
      return ids(await db.selectDistinct({ id: enrollments.studentId }).from(enrollments).where(and(running, which)).orderBy(asc(enrollments.studentId)));
    }
    case 'group':
      return ids(
        await db
          .select({ id: liveGroupMembers.studentId })
          .from(liveGroupMembers)
          .where(and(eq(liveGroupMembers.teacherId, teacherId), eq(liveGroupMembers.groupId, target.groupId ?? '')))
          .orderBy(asc(liveGroupMembers.studentId)),
      );
    default: {
      const everyone = ids(
        await db
          .select({ id: teacherStudents.studentId })
          .from(teacherStudents)
          .where(eq(teacherStudents.teacherId, teacherId))
          .orderBy(asc(teacherStudents.studentId)),
      );
      if (target.audience === 'all') return everyone;
      const active = new Set(ids(await db.selectDistinct({ id: enrollments.studentId }).from(enrollments).where(running)));
      return everyone.filter((id) => (target.audience === 'active' ? active.has(id) : !active.has(id)));
    }
  }
}
