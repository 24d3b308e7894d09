import { eq, sql } from 'drizzle-orm';
import { courses, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import { ownCourse } from './queries';

export async function ensureCourse(deps: TCoursesDeps, teacherId: string, courseId: string) {
  const { db } = deps;
  await ownCourse(db, teacherId, courseId);
}

export async function setCover(deps: TCoursesDeps, teacherId: string, courseId: string, stored: { key: string; type: string }) {
  const { db, files } = deps;
  const course = await ownCourse(db, teacherId, courseId);
  await db
    .update(courses)
    .set({ coverKey: stored.key, coverType: stored.type, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
  deps.onCoursesChanged(teacherId);
  await files.remove(course.coverKey);
  return { ok: true as const };
}

/**
 * A published course's cover is public (it shows on the teacher's landing page); any other course's
 * only to its teacher. `viewerUserId` reads the session only when it is needed.
 */
export async function cover(deps: TCoursesDeps, courseId: string, viewerUserId: () => Promise<string | null>) {
  const { db } = deps;
  const [row] = await db
    .select({ course: courses, ownerUserId: teachers.userId })
    .from(courses)
    .innerJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(eq(courses.id, courseId));
  if (!row?.course.coverKey || !row.course.coverType) throw new AppError('NOT_FOUND');
  const isPublic = row.course.status === 'published';
  if (!isPublic && (await viewerUserId()) !== row.ownerUserId) throw new AppError('NOT_FOUND');
  return { key: row.course.coverKey, type: row.course.coverType, name: 'cover', isPublic };
}
