import { and, countDistinct, count, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { nextPlan, planLimits } from '@shared/courses';
import { courses, enrollments, lessons, lessonVideos, planSubscriptions, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { DAY_MS } from '@server/core/dates';
import type { TTx } from '@server/core/db/sql';

/*
 * Spec §9 plan limits (docs/decisions/033-plan-limits-and-trial.md). A check and the insert it guards run
 * in one transaction that first locks the teacher's row, so two parallel requests cannot both take the
 * last place. Unlimited plans skip the lock.
 */

/** Holds a place in the plan and opens lessons: active and not past its end (decision 033). */
export function activeSubscription(now: Date): SQL {
  return and(eq(enrollments.status, 'active'), or(isNull(enrollments.expiresAt), gt(enrollments.expiresAt, now)))!;
}

async function lockedPlan(tx: TTx, teacherId: string): Promise<string> {
  const [row] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
  return row?.plan ?? 'independent';
}

/**
 * The plan's limit of courses or students, with the teacher's row locked for the count that follows; an unlimited
 * plan is answered without taking the lock, so that its writes never wait on one another.
 */
async function lockedLimit(tx: TTx, teacherId: string, what: 'courses' | 'students'): Promise<number | null> {
  const [row] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId));
  if (planLimits(row?.plan ?? 'independent')[what] === null) return null;
  return planLimits(await lockedPlan(tx, teacherId))[what];
}

/** Courses count while they are drafts or published; archiving one frees its place. */
export async function ensureCourseCapacity(tx: TTx, teacherId: string): Promise<void> {
  const limit = await lockedLimit(tx, teacherId, 'courses');
  if (limit === null) return;
  const [used] = await tx
    .select({ n: count() })
    .from(courses)
    .where(and(eq(courses.teacherId, teacherId), ne(courses.status, 'archived')));
  if ((used?.n ?? 0) >= limit) throw new AppError('PLAN_LIMIT_COURSES', undefined, { limit });
}

/** Students holding a place: an active (or expiring) subscription to one of the teacher's courses. */
function placesUsed(tx: TTx, teacherId: string, now: Date) {
  return tx
    .select({ n: countDistinct(enrollments.studentId) })
    .from(enrollments)
    .where(and(eq(enrollments.teacherId, teacherId), activeSubscription(now)));
}

/**
 * A student takes a place while they hold an active or expiring subscription to one of the teacher's
 * courses; an expired or cancelled one frees it (decision 033). The redemption statement
 * (codes/redemption-statement.ts) applies the same rule in SQL.
 */
export async function ensureStudentCapacity(tx: TTx, teacherId: string, studentId: string, now: Date): Promise<void> {
  const limit = await lockedLimit(tx, teacherId, 'students');
  if (limit === null) return;
  const [already] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.teacherId, teacherId), eq(enrollments.studentId, studentId), activeSubscription(now)))
    .limit(1);
  if (already) return;
  const [used] = await placesUsed(tx, teacherId, now);
  if ((used?.n ?? 0) >= limit) throw new AppError('PLAN_LIMIT_STUDENTS', undefined, { limit });
}

/** What the teacher's plan allows and uses, for the dashboard and the upgrade prompt. */
export async function planUsage(db: TTx, teacher: { id: string; plan: string; trialEndsAt: Date | null }, now: Date) {
  const [c] = await db
    .select({ n: count() })
    .from(courses)
    .where(and(eq(courses.teacherId, teacher.id), ne(courses.status, 'archived')));
  const [s] = await placesUsed(db, teacher.id, now);
  const storage = await storageUsedBytes(db, teacher.id);
  const limits = planLimits(teacher.plan);
  // A teacher who paid a plan is no longer on trial, whatever days the trial had left (decision 117).
  const [paid] = await db.select({ id: planSubscriptions.teacherId }).from(planSubscriptions).where(eq(planSubscriptions.teacherId, teacher.id));
  const trialMs = teacher.trialEndsAt && !paid ? teacher.trialEndsAt.getTime() - now.getTime() : 0;
  return {
    plan: teacher.plan,
    nextPlan: nextPlan(teacher.plan),
    onTrial: trialMs > 0,
    trialEndsAt: teacher.trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: Math.max(0, Math.ceil(trialMs / DAY_MS)),
    courses: { used: c?.n ?? 0, limit: limits.courses },
    students: { used: s?.n ?? 0, limit: limits.students },
    storage: { usedBytes: storage, limitBytes: limits.storageBytes },
  };
}

/**
 * Bytes a teacher's lesson files and videos take in storage (spec §9 storage limits). Covers are not
 * counted: they are limited to 5 MB each and one per course. Also shown in the admin area.
 */
export async function storageUsedBytes(db: TTx, teacherId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${lessons.fileSize}), 0)::bigint` })
    .from(lessons)
    .where(eq(lessons.teacherId, teacherId));
  // Videos count their encrypted renditions and thumbnail, and their original while it waits to be processed.
  const [video] = await db
    .select({ bytes: sql<string>`coalesce(sum(${lessonVideos.storedBytes} + ${lessonVideos.originalBytes}), 0)::bigint` })
    .from(lessonVideos)
    .where(eq(lessonVideos.teacherId, teacherId));
  return Number(row?.bytes ?? 0) + Number(video?.bytes ?? 0);
}

/**
 * Refuses an upload that would take the teacher past the plan's storage. `incoming` is the declared size
 * (checked before reading) or the stored size (checked again before the file is attached), less the
 * size of the file it replaces.
 */
export async function ensureStorage(db: TTx, teacher: { id: string; plan: string }, incoming: number): Promise<void> {
  const limit = planLimits(teacher.plan).storageBytes;
  if ((await storageUsedBytes(db, teacher.id)) + incoming > limit) throw new AppError('STORAGE_LIMIT', undefined, { gb: Math.round(limit / 1024 ** 3) });
}
