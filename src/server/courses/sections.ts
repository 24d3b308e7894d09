import { eq, max } from 'drizzle-orm';
import { courseSections, lessons } from '@server/core/db/schema';
import { type TCoursesDeps } from './deps';
import { ownCourse } from './queries';
import type { TTx } from '@server/core/db/sql';
import { touchCourse } from './queries';
import { ownedRow } from '@server/core/db/owned-row';

export const ownSection = (tx: TTx, teacherId: string, sectionId: string) => ownedRow(tx, courseSections, teacherId, sectionId, 'SECTION_NOT_FOUND');

export async function addSection(deps: TCoursesDeps, teacherId: string, courseId: string, title: string) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    await ownCourse(tx, teacherId, courseId);
    const [last] = await tx
      .select({ p: max(courseSections.position) })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId));
    const [row] = await tx
      .insert(courseSections)
      .values({ teacherId, courseId, title, position: (last?.p ?? -1) + 1 })
      .returning({ id: courseSections.id });
    await touchCourse(tx, courseId);
    return { id: row!.id };
  });
}

export async function renameSection(deps: TCoursesDeps, teacherId: string, sectionId: string, title: string) {
  const { db } = deps;
  const section = await ownSection(db, teacherId, sectionId);
  await db.update(courseSections).set({ title }).where(eq(courseSections.id, section.id));
  return { ok: true as const };
}

export async function removeSection(deps: TCoursesDeps, teacherId: string, sectionId: string) {
  const { db, files } = deps;
  const keys = await db.transaction(async (tx) => {
    const section = await ownSection(tx, teacherId, sectionId);
    const stored = await tx.select({ id: lessons.id, key: lessons.fileKey }).from(lessons).where(eq(lessons.sectionId, sectionId));
    await tx.delete(courseSections).where(eq(courseSections.id, section.id));
    await touchCourse(tx, section.courseId);
    return stored;
  });
  await Promise.all(keys.map((k) => files.remove(k.key)));
  // Its lessons' videos and quizzes' files go with them, as when they are deleted one by one.
  await deps.onLessonsRemoved(
    teacherId,
    keys.map((k) => k.id),
  );
  return { ok: true as const };
}
