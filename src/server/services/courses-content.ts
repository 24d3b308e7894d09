import { and, eq, max, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { algiersLocalToDate } from '../../shared/courses';
import type { TCourseOrder, TLessonCreate, TLessonUpdate } from '../../shared/schemas/courses';
import { courses, courseSections, lessons, teachers } from '../db/schema';
import { AppError } from '../errors';
import { ownCourse, ownLesson, type TCoursesDeps, type TTx } from './courses-deps';
import type { TFilesStore, TStoredFile } from './courses-files';
import { outlineOf, teacherLessonView } from './courses';
import { ensureStorage } from './courses-limits';

/** Whose storage an upload counts against, and which plan limits it. */
type TStorageOwner = { id: string; plan: string };

/**
 * Rich text is whatever the editor produced, so it is untrusted: only these tags and attributes survive,
 * links may only be http(s) or mailto and always open in a new tab without the opener.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['dir'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

function releaseDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : algiersLocalToDate(value);
}

async function touchCourse(tx: TTx, courseId: string) {
  await tx.update(courses).set({ updatedAt: sql`now()` }).where(eq(courses.id, courseId));
}

export function coursesContentService(deps: TCoursesDeps, files: TFilesStore) {
  const { db } = deps;

  async function ownSection(tx: TTx, teacherId: string, sectionId: string) {
    const [section] = await tx
      .select()
      .from(courseSections)
      .where(and(eq(courseSections.id, sectionId), eq(courseSections.teacherId, teacherId)));
    if (!section) throw new AppError('SECTION_NOT_FOUND');
    return section;
  }

  return {
    async addSection(teacherId: string, courseId: string, title: string) {
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
    },

    async renameSection(teacherId: string, sectionId: string, title: string) {
      const section = await ownSection(db, teacherId, sectionId);
      await db.update(courseSections).set({ title }).where(eq(courseSections.id, section.id));
      return { ok: true as const };
    },

    async removeSection(teacherId: string, sectionId: string) {
      const keys = await db.transaction(async (tx) => {
        const section = await ownSection(tx, teacherId, sectionId);
        const stored = await tx.select({ key: lessons.fileKey }).from(lessons).where(eq(lessons.sectionId, sectionId));
        await tx.delete(courseSections).where(eq(courseSections.id, section.id));
        await touchCourse(tx, section.courseId);
        return stored.map((s) => s.key);
      });
      await Promise.all(keys.map((k) => files.remove(k)));
      return { ok: true as const };
    },

    async addLesson(teacherId: string, courseId: string, input: TLessonCreate) {
      return db.transaction(async (tx) => {
        await ownCourse(tx, teacherId, courseId);
        const section = await ownSection(tx, teacherId, input.sectionId);
        if (section.courseId !== courseId) throw new AppError('SECTION_NOT_FOUND');
        const [last] = await tx.select({ p: max(lessons.position) }).from(lessons).where(eq(lessons.sectionId, section.id));
        const [row] = await tx
          .insert(lessons)
          .values({
            teacherId,
            courseId,
            sectionId: section.id,
            title: input.title,
            type: input.type,
            bodyHtml: sanitizeLessonHtml(input.bodyHtml),
            url: input.url,
            releaseAt: releaseDate(input.releaseAt) ?? null,
            position: (last?.p ?? -1) + 1,
          })
          .returning();
        await touchCourse(tx, courseId);
        return teacherLessonView(row!);
      });
    },

    async updateLesson(teacherId: string, lessonId: string, input: TLessonUpdate) {
      const lesson = await ownLesson(db, teacherId, lessonId);
      const [row] = await db
        .update(lessons)
        .set({
          title: input.title,
          type: input.type,
          bodyHtml: input.bodyHtml === undefined ? undefined : sanitizeLessonHtml(input.bodyHtml),
          url: input.url,
          releaseAt: releaseDate(input.releaseAt),
          updatedAt: sql`now()`,
        })
        .where(eq(lessons.id, lesson.id))
        .returning();
      await touchCourse(db, lesson.courseId);
      return teacherLessonView(row!);
    },

    async removeLesson(teacherId: string, lessonId: string) {
      const lesson = await ownLesson(db, teacherId, lessonId);
      await db.delete(lessons).where(eq(lessons.id, lesson.id));
      await touchCourse(db, lesson.courseId);
      await files.remove(lesson.fileKey);
      return { ok: true as const };
    },

    /**
     * Attaches a stored upload to its lesson, if the plan's storage still has room for it (checked again
     * with the real size, the teacher's row locked so that parallel uploads cannot both take the last room).
     */
    async setLessonFile(teacher: TStorageOwner, lessonId: string, stored: TStoredFile) {
      const lesson = await db.transaction(async (tx) => {
        await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacher.id)).for('update');
        const own = await ownLesson(tx, teacher.id, lessonId);
        await ensureStorage(tx, teacher, stored.size - (own.fileSize ?? 0));
        await tx
          .update(lessons)
          .set({ fileKey: stored.key, fileName: stored.name, fileType: stored.type, fileSize: stored.size, updatedAt: sql`now()` })
          .where(eq(lessons.id, own.id));
        return own;
      });
      await files.remove(lesson.fileKey);
      return { ok: true as const, file: { name: stored.name, type: stored.type, size: stored.size } };
    },

    /**
     * Applies a drag and drop: the request must name exactly the course's sections and lessons, so a
     * stale editor cannot drop a lesson added meanwhile, and no id of another course can slip in.
     */
    async reorder(teacherId: string, courseId: string, order: TCourseOrder) {
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
    },

    /** Before reading an upload: the lesson is the teacher's, and the declared size fits the plan's storage. */
    async ensureLesson(teacher: TStorageOwner, lessonId: string, declaredBytes: number | null) {
      const lesson = await ownLesson(db, teacher.id, lessonId);
      await ensureStorage(db, teacher, (declaredBytes ?? 0) - (lesson.fileSize ?? 0));
    },

    async lessonFile(teacherId: string, lessonId: string) {
      const lesson = await ownLesson(db, teacherId, lessonId);
      if (!lesson.fileKey) throw new AppError('NOT_FOUND');
      return { key: lesson.fileKey, type: lesson.fileType ?? 'application/octet-stream', name: lesson.fileName ?? 'file' };
    },
  };
}
