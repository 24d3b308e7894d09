import { and, eq, max } from 'drizzle-orm';
import { courseSections, lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import { ownCourse } from './queries';
import type { TTx } from '@server/core/db/sql';
import { touchCourse } from './queries';

export async function ownSection(tx: TTx, teacherId: string, sectionId: string) {
  const [section] = await tx
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.teacherId, teacherId)));
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  return section;
}

export async function addSection(deps: TCoursesDeps, teacherId: string, courseId: string, title: string) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    await ownCourse(tx, teacherId, courseId);
    const [last] = await tx.select({ p: max(courseSections.position) }).from(courseSections).where(eq(courseSections.courseId, courseId));
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
    const stored = await tx.select({ key: lessons.fileKey }).from(lessons).where(eq(lessons.sectionId, sectionId));
    await tx.delete(courseSections).where(eq(courseSections.id, section.id));
    await touchCourse(tx, section.courseId);
    return stored.map((s) => s.key);
  });
  await Promise.all(keys.map((k) => files.remove(k)));
  return { ok: true as const };
}
