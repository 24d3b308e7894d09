import { and, eq } from 'drizzle-orm';
import { QUIZ_ITEM_TYPE, subscriptionStatus } from '@shared/courses';
import { enrollments, lessonProgress, lessons } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { iso } from '@server/core/dates';
import type { TTx } from '@server/core/db/sql';
import type { TLearningDeps } from './deps';
import { buildView, courseOnHost, ensureOpen, lessonPayload, opensLessons, publicView } from '@server/courses';

/** Where the request came from: a teacher's host only serves that teacher's courses. */
export type TWhere = { hostSubdomain: string | null };

export const visibleCourse = (tx: TTx, courseId: string, where: TWhere) => courseOnHost(tx, courseId, where.hostSubdomain);

/** Everything a student's view of a course needs, with the locks decided on the server. */
async function studentView(deps: TLearningDeps, studentId: string, courseId: string, where: TWhere) {
  const { db, clock } = deps;
  const now = clock.now();
  const { course, subdomain, teacherName } = await visibleCourse(db, courseId, where);
  const [enrollment] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), eq(enrollments.studentId, studentId)));
  // An archived course stays open to its subscribers and disappears for everyone else.
  if (course.status === 'archived' && !enrollment) throw new AppError('COURSE_NOT_FOUND');
  const status = enrollment ? subscriptionStatus(enrollment, now) : null;
  const hasAccess = status !== null && opensLessons(status.status);
  const done = await db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, course.id), eq(lessonProgress.studentId, studentId)));
  const completed = new Set(done.map((d) => d.lessonId));
  return {
    ...(await buildView(db, course, subdomain, teacherName, hasAccess, completed, now)),
    subscription: enrollment && status ? { ...status, expiresAt: iso(enrollment.expiresAt), type: enrollment.type } : null,
  };
}

export async function outline(deps: TLearningDeps, studentId: string, courseId: string, where: TWhere) {
  const view = await studentView(deps, studentId, courseId, where);
  return { ...publicView(view), subscription: view.subscription, nextLessonId: view.nextLessonId };
}

export async function lesson(deps: TLearningDeps, studentId: string, courseId: string, lessonId: string, where: TWhere) {
  const view = await studentView(deps, studentId, courseId, where);
  const lesson = view.ordered.find((l) => l.id === lessonId);
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  ensureOpen(view.lockOf.get(lessonId) ?? null);
  const completed = view.sections.some((s) => s.lessons.some((l) => l.id === lessonId && l.completed));
  return { ...publicView(view), subscription: view.subscription, ...lessonPayload(view, lessonId, '/api/learning/student/lessons'), completed };
}

/** Marked by the student or sent automatically (video ended, link opened, file downloaded). */
export async function complete(deps: TLearningDeps, studentId: string, lessonId: string, where: TWhere) {
  const [lesson] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  // A quiz item is completed by its attempt (passed when it must be), never by a click (decision 160).
  if (lesson.type === QUIZ_ITEM_TYPE) throw new AppError('QUIZ_COMPLETES_ITSELF');
  return markDone(deps, studentId, lesson, where);
}

/** The quizzes domain: a submitted attempt completes its outline item (passed, when the quiz has a pass mark). */
export async function completeQuiz(deps: TLearningDeps, studentId: string, lessonId: string) {
  const [lesson] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson || lesson.type !== QUIZ_ITEM_TYPE) throw new AppError('LESSON_NOT_FOUND');
  return markDone(deps, studentId, lesson, { hostSubdomain: null });
}

async function markDone(deps: TLearningDeps, studentId: string, lesson: typeof lessons.$inferSelect, where: TWhere) {
  const { db, clock } = deps;
  const lessonId = lesson.id;
  const view = await studentView(deps, studentId, lesson.courseId, where);
  ensureOpen(view.lockOf.get(lessonId) ?? null);
  const added = await db
    .insert(lessonProgress)
    .values({ teacherId: lesson.teacherId, studentId, courseId: lesson.courseId, lessonId, completedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ lessonId: lessonProgress.lessonId });
  const index = view.ordered.findIndex((l) => l.id === lessonId);
  // True once: for the completion that finished the course, so the student is congratulated then (issue 11).
  const doneBefore = new Set(view.sections.flatMap((s) => s.lessons.filter((l) => l.completed).map((l) => l.id)));
  const courseCompleted = added.length > 0 && view.ordered.every((l) => l.id === lessonId || doneBefore.has(l.id));
  if (courseCompleted) await deps.onCourseCompleted(studentId, lesson.courseId);
  return { ok: true as const, nextLessonId: view.ordered[index + 1]?.id ?? null, courseCompleted };
}

export async function lessonFile(deps: TLearningDeps, studentId: string, lessonId: string, where: TWhere) {
  const { db } = deps;
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  const view = await studentView(deps, studentId, lesson.courseId, where);
  ensureOpen(view.lockOf.get(lessonId) ?? null);
  // A video lesson is watched through encrypted HLS only; its original (or a file stored before) is never served.
  if (!lesson.fileKey || lesson.type === 'video' || lesson.fileType?.startsWith('video/')) throw new AppError('NOT_FOUND');
  return { key: lesson.fileKey, type: lesson.fileType ?? 'application/octet-stream', name: lesson.fileName ?? 'file' };
}

/** The student may open this lesson now (subscription, order, release): its course and teacher, or the lock's error. */
export async function openLesson(deps: TLearningDeps, studentId: string, lessonId: string, where: TWhere) {
  const [lesson] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  const view = await studentView(deps, studentId, lesson.courseId, where);
  if (!view.ordered.some((l) => l.id === lessonId)) throw new AppError('LESSON_NOT_FOUND');
  ensureOpen(view.lockOf.get(lessonId) ?? null);
  return { courseId: lesson.courseId, teacherId: lesson.teacherId };
}
