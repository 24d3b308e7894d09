import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, type TSubscriptionStatus } from '@shared/courses';
import { coursePlans, enrollments, lessonProgress, lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { addDays } from '@server/core/dates';
import type { TTx } from '@server/core/db/sql';
import { ownedRow } from '@server/core/db/owned-row';

const e = enrollments;

export const ownEnrollment = (tx: TTx, teacherId: string, enrollmentId: string) => ownedRow(tx, e, teacherId, enrollmentId, 'ENROLLMENT_NOT_FOUND');

export async function coursePlan(tx: TTx, courseId: string, planId: string) {
  const [plan] = await tx
    .select()
    .from(coursePlans)
    .where(and(eq(coursePlans.id, planId), eq(coursePlans.courseId, courseId), isNull(coursePlans.retiredAt)));
  if (!plan) throw new AppError('PLAN_NOT_FOUND');
  return plan;
}

export function statusCondition(status: TSubscriptionStatus | 'none', now: Date): SQL {
  const soon = addDays(now, EXPIRING_SOON_DAYS);
  switch (status) {
    case 'none':
      return isNull(e.id);
    case 'cancelled':
      return eq(e.status, 'cancelled');
    case 'suspended':
      return eq(e.status, 'suspended');
    case 'expired':
      return and(eq(e.status, 'active'), lte(e.expiresAt, now))!;
    case 'expiring':
      return and(eq(e.status, 'active'), gt(e.expiresAt, now), lte(e.expiresAt, soon))!;
    case 'active':
      return and(eq(e.status, 'active'), or(isNull(e.expiresAt), gt(e.expiresAt, soon)))!;
  }
}

/** LIKE wildcards in a search are literal characters. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Runs a lookup by ids in slices, to stay far below PostgreSQL's limit on bound parameters. */
export async function inChunks<T>(ids: string[], lookup: (slice: string[]) => Promise<T[]>, size = 1_000): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await lookup(ids.slice(i, i + size))));
  return out;
}

/** Lessons in the enrollment's course, and those its student completed: two index lookups per row. */
export const progressColumns = {
  lessonTotal: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${enrollments.courseId})`,
  lessonDone: sql<number>`(select count(*)::int from ${lessonProgress} where ${lessonProgress.courseId} = ${enrollments.courseId} and ${lessonProgress.studentId} = ${enrollments.studentId})`,
};
