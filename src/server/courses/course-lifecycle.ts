import { and, count, eq, sql } from 'drizzle-orm';
import type { TCourseCreate, TCourseUpdate } from '@shared/schemas/courses';
import { courses, enrollments, lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import { ownCourse } from './queries';
import type { TTx } from '@server/core/db/sql';
import { ensureCourseCapacity, ensurePlanActive } from '@server/plans';
import type { TTeacher } from './deps';
import { activePlans } from './queries';

export async function create(deps: TCoursesDeps, teacher: TTeacher, input: TCourseCreate) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    await ensurePlanActive(tx, teacher.id, deps.clock.now());
    await ensureCourseCapacity(tx, teacher.id);
    const [row] = await tx
      .insert(courses)
      .values({ teacherId: teacher.id, title: input.title, description: input.description, kind: input.kind })
      .returning({ id: courses.id });
    return { id: row!.id };
  });
}

export async function update(deps: TCoursesDeps, teacher: TTeacher, courseId: string, input: TCourseUpdate) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const course = await ownCourse(tx, teacher.id, courseId);
    if (input.status === 'published' && course.status !== 'published') await ensurePublishable(tx, courseId);
    // Leaving the archive takes a place in the plan again.
    if (input.status && input.status !== 'archived' && course.status === 'archived') await ensureCourseCapacity(tx, teacher.id);
    await tx
      .update(courses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacher.id)));
  });
  deps.onCoursesChanged(teacher.id);
  return { ok: true as const };
}

/** Deleting would take paid access away; a course with subscriptions can only be archived. */
export async function remove(deps: TCoursesDeps, teacherId: string, courseId: string) {
  const { db, files } = deps;
  const keys = await db.transaction(async (tx) => {
    const course = await ownCourse(tx, teacherId, courseId);
    const [enrolled] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
    if ((enrolled?.n ?? 0) > 0) throw new AppError('COURSE_HAS_STUDENTS');
    const stored = await tx.select({ id: lessons.id, key: lessons.fileKey }).from(lessons).where(eq(lessons.courseId, courseId));
    await tx.delete(courses).where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId)));
    return { files: [course.coverKey, ...stored.map((s) => s.key)], lessonIds: stored.map((s) => s.id) };
  });
  deps.onCoursesChanged(teacherId);
  await Promise.all(keys.files.map((k) => files.remove(k)));
  await deps.onLessonsRemoved(teacherId, keys.lessonIds, courseId);
  return { ok: true as const };
}

/** Publishing needs something to learn and a way in. */
async function ensurePublishable(tx: TTx, courseId: string) {
  const [l] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId));
  const plans = await activePlans(tx, [courseId]);
  if ((l?.n ?? 0) === 0 || plans.length === 0) throw new AppError('COURSE_NOT_READY');
}
