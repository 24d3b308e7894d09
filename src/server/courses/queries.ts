import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '@server/core/db/sql';
import { coursePlans, courses, courseSections, lessons, lessonVideos } from '@server/core/db/schema';
import { ownedRow } from '@server/core/db/owned-row';

/** The teacher's own course, or 404: ids of other teachers' courses behave as if they did not exist. */
export const ownCourse = (db: TTx, teacherId: string, courseId: string) => ownedRow(db, courses, teacherId, courseId, 'COURSE_NOT_FOUND');

export const ownLesson = (db: TTx, teacherId: string, lessonId: string) => ownedRow(db, lessons, teacherId, lessonId, 'LESSON_NOT_FOUND');

/** Active plans of some courses, in the teacher's order. */
export async function activePlans(db: TTx, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(coursePlans)
    .where(and(inArray(coursePlans.courseId, courseIds), isNull(coursePlans.retiredAt)))
    .orderBy(asc(coursePlans.position), asc(coursePlans.createdAt));
}

/** Sections in order, each with its lessons in order: the course outline every screen starts from. */
export async function outlineOf(db: TTx, courseId: string) {
  const sections = await db
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.createdAt));
  const joined = await db
    .select({ lesson: lessons, video: lessonVideos })
    .from(lessons)
    .leftJoin(lessonVideos, eq(lessonVideos.lessonId, lessons.id))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
  // Each lesson carries its video's row (issue 12): its state decides what students see.
  const rows = joined.map(({ lesson, video }) => ({ ...lesson, video }));
  return sections.map((s) => ({ section: s, lessons: rows.filter((l) => l.sectionId === s.id) }));
}

export async function touchCourse(tx: TTx, courseId: string) {
  await tx
    .update(courses)
    .set({ updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
}
