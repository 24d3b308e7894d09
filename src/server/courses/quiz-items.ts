import { and, eq, max, sql } from 'drizzle-orm';
import { QUIZ_ITEM_TYPE } from '@shared/courses';
import { lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';
import { ownCourse, touchCourse } from './queries';
import { ownSection } from './sections';

/*
 * A quiz or exam is an item of the outline (issue 25, decision 160): a lesson of type 'quiz' holds its place, its
 * order and its lock (organized, scheduled), and the quizzes domain holds its content. Run inside its transaction.
 */

export async function addQuizItem(tx: TTx, teacherId: string, courseId: string, sectionId: string, title: string) {
  await ownCourse(tx, teacherId, courseId);
  const section = await ownSection(tx, teacherId, sectionId);
  if (section.courseId !== courseId) throw new AppError('SECTION_NOT_FOUND');
  const [last] = await tx
    .select({ p: max(lessons.position) })
    .from(lessons)
    .where(eq(lessons.sectionId, section.id));
  const [row] = await tx
    .insert(lessons)
    .values({ teacherId, courseId, sectionId: section.id, title, type: QUIZ_ITEM_TYPE, position: (last?.p ?? -1) + 1 })
    .returning({ id: lessons.id, sectionId: lessons.sectionId });
  await touchCourse(tx, courseId);
  return row!;
}

/** The outline shows the quiz's title. */
export async function renameQuizItem(tx: TTx, teacherId: string, lessonId: string, title: string) {
  await tx
    .update(lessons)
    .set({ title, updatedAt: sql`now()` })
    .where(and(eq(lessons.id, lessonId), eq(lessons.teacherId, teacherId), eq(lessons.type, QUIZ_ITEM_TYPE)));
}
