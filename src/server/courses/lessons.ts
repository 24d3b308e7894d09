import { eq, max, sql } from 'drizzle-orm';
import type { TLessonCreate, TLessonUpdate } from '@shared/schemas/courses';
import { lessons, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import type { TStoredFile } from './files';
import { ownCourse, ownLesson } from './queries';
import { teacherLessonView } from './views';
import { ensureStorage } from '@server/plans';
import sanitizeHtml from 'sanitize-html';
import { algiersLocalToDate, QUIZ_ITEM_TYPE } from '@shared/courses';
import { ownSection } from './sections';
import { touchCourse } from './queries';

export async function addLesson(deps: TCoursesDeps, teacherId: string, courseId: string, input: TLessonCreate) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    await ownCourse(tx, teacherId, courseId);
    const section = await ownSection(tx, teacherId, input.sectionId);
    if (section.courseId !== courseId) throw new AppError('SECTION_NOT_FOUND');
    const [last] = await tx
      .select({ p: max(lessons.position) })
      .from(lessons)
      .where(eq(lessons.sectionId, section.id));
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
        freePreview: input.freePreview ?? false,
        position: (last?.p ?? -1) + 1,
      })
      .returning();
    await touchCourse(tx, courseId);
    return teacherLessonView(row!);
  });
}

export async function updateLesson(deps: TCoursesDeps, teacherId: string, lessonId: string, input: TLessonUpdate) {
  const { db } = deps;
  const lesson = await ownLesson(db, teacherId, lessonId);
  // A quiz item keeps its type: its content lives in the quizzes domain (decision 160).
  if (lesson.type === QUIZ_ITEM_TYPE && input.type !== undefined) throw new AppError('QUIZ_ITEM_FIXED');
  const [row] = await db
    .update(lessons)
    .set({
      title: input.title,
      type: input.type,
      bodyHtml: input.bodyHtml === undefined ? undefined : sanitizeLessonHtml(input.bodyHtml),
      url: input.url,
      releaseAt: releaseDate(input.releaseAt),
      freePreview: input.freePreview,
      updatedAt: sql`now()`,
    })
    .where(eq(lessons.id, lesson.id))
    .returning();
  await touchCourse(db, lesson.courseId);
  return teacherLessonView(row!);
}

export async function removeLesson(deps: TCoursesDeps, teacherId: string, lessonId: string) {
  const { db, files } = deps;
  const lesson = await ownLesson(db, teacherId, lessonId);
  await db.delete(lessons).where(eq(lessons.id, lesson.id));
  await touchCourse(db, lesson.courseId);
  await files.remove(lesson.fileKey);
  await deps.onLessonsRemoved(teacherId, [lesson.id]);
  return { ok: true as const };
}

/**
 * Attaches a stored upload to its lesson, if the plan's storage still has room for it (checked again
 * with the real size, the teacher's row locked so that parallel uploads cannot both take the last room).
 */
export async function setLessonFile(deps: TCoursesDeps, teacher: TStorageOwner, lessonId: string, stored: TStoredFile) {
  const { db, files } = deps;
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
}

/** Before reading an upload: the lesson is the teacher's, and the declared size fits the plan's storage. */
export async function ensureLesson(deps: TCoursesDeps, teacher: TStorageOwner, lessonId: string, declaredBytes: number | null) {
  const { db } = deps;
  const lesson = await ownLesson(db, teacher.id, lessonId);
  if (lesson.type === 'video') throw new AppError('FILE_TYPE_NOT_ALLOWED');
  await ensureStorage(db, teacher, (declaredBytes ?? 0) - (lesson.fileSize ?? 0));
}

export async function lessonFile(deps: TCoursesDeps, teacherId: string, lessonId: string) {
  const { db } = deps;
  const lesson = await ownLesson(db, teacherId, lessonId);
  if (!lesson.fileKey) throw new AppError('NOT_FOUND');
  return { key: lesson.fileKey, type: lesson.fileType ?? 'application/octet-stream', name: lesson.fileName ?? 'file' };
}

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

/** Whose storage an upload counts against, and which plan limits it. */
type TStorageOwner = { id: string; plan: string };
