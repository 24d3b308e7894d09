import { eq } from 'drizzle-orm';
import type { TCourseOrder } from '@shared/schemas/courses';
import { courseSections, lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import { ownCourse, outlineOf } from './queries';
import { touchCourse } from './queries';

/**
 * Applies a drag and drop: the request must name exactly the course's sections and lessons, so a
 * stale editor cannot drop a lesson added meanwhile, and no id of another course can slip in.
 */
export async function reorder(deps: TCoursesDeps, teacherId: string, courseId: string, order: TCourseOrder) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    await ownCourse(tx, teacherId, courseId);
    const outline = await outlineOf(tx, courseId);
    const sectionIds = outline.map((o) => o.section.id).sort();
    const lessonIds = outline.flatMap((o) => o.lessons.map((l) => l.id)).sort();
    const givenSections = order.sections.map((s) => s.id).sort();
    const givenLessons = order.sections.flatMap((s) => s.lessonIds).sort();
    if (JSON.stringify(sectionIds) !== JSON.stringify(givenSections) || JSON.stringify(lessonIds) !== JSON.stringify(givenLessons)) {
      throw new AppError('OUTLINE_CHANGED');
    }
    for (const [position, s] of order.sections.entries()) {
      await tx.update(courseSections).set({ position }).where(eq(courseSections.id, s.id));
      for (const [lessonPosition, id] of s.lessonIds.entries()) {
        await tx.update(lessons).set({ sectionId: s.id, position: lessonPosition }).where(eq(lessons.id, id));
      }
    }
    await touchCourse(tx, courseId);
  });
  return { ok: true as const };
}
