import { lessonVideoView } from '@shared/schemas/video';
import { AppError } from '@server/core/errors';
import { iso } from '@server/core/dates';
import type { courses, lessons } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { activePlans, outlineOf } from './queries';
import { coverUrl, lessonContent, planView } from './views';

type TLessonRow = typeof lessons.$inferSelect;

type TCourseRow = typeof courses.$inferSelect;

/** Lessons a student may see: everything but a video lesson whose video is not ready. */
const studentCanSee = (l: { type: string; video: { state: string } | null }) => l.type !== 'video' || l.video?.state === 'ready';

export type TLockReason = 'subscription' | 'previous' | 'release';

/**
 * Spec course kinds, decided here and only here (docs/decisions/034-lesson-access.md):
 * - no active subscription: everything is locked but the free previews;
 * - organized: a lesson opens when the one before it is completed (or once it was itself completed);
 * - scheduled: a lesson opens at its release date-time;
 * - regular: everything is open.
 */
export function lockReasons(
  kind: string,
  ordered: Array<Pick<TLessonRow, 'id' | 'releaseAt'> & { freePreview?: boolean }>,
  hasAccess: boolean,
  completed: Set<string>,
  now: Date,
): Array<TLockReason | null> {
  return ordered.map((lesson, i) => {
    // A free preview is open to anyone on the public page (decision 068), so to a signed-in student too.
    if (!hasAccess) return lesson.freePreview ? null : 'subscription';
    if (kind === 'scheduled' && lesson.releaseAt && lesson.releaseAt.getTime() > now.getTime()) return 'release';
    const previous = ordered[i - 1];
    if (kind === 'organized' && previous && !completed.has(lesson.id) && !completed.has(previous.id)) return 'previous';
    return null;
  });
}

/** The lesson to study next: the first one, in course order, that is open and not completed yet. */
export function nextOpenLesson(ordered: Array<{ id: string }>, reasons: Array<TLockReason | null>, completed: Set<string>): string | null {
  return ordered.find((l, i) => reasons[i] === null && !completed.has(l.id))?.id ?? null;
}

/** Active or expiring: the subscription opens the course's lessons. */
export const opensLessons = (status: string) => status === 'active' || status === 'expiring';

/** `hasAccess` null: the teacher's preview, where nothing is locked. */
export async function buildView(
  db: TTx,
  course: TCourseRow,
  subdomain: string,
  teacherName: string,
  hasAccess: boolean | null,
  completed: Set<string>,
  now: Date,
) {
  // A student never sees a video lesson whose video is not ready (decision 065): it is left out of their
  // outline, order and locks as if it were not there yet; the teacher's preview shows it.
  const outline = (await outlineOf(db, course.id)).map((o) => ({ ...o, lessons: hasAccess === null ? o.lessons : o.lessons.filter(studentCanSee) }));
  const ordered = outline.flatMap((o) => o.lessons);
  const reasons = hasAccess === null ? ordered.map(() => null) : lockReasons(course.kind, ordered, hasAccess, completed, now);
  const lockOf = new Map(ordered.map((l, i) => [l.id, reasons[i] ?? null]));
  const plans = (await activePlans(db, [course.id])).map(planView);
  const doneCount = ordered.filter((l) => completed.has(l.id)).length;
  return {
    course: {
      id: course.id,
      title: course.title,
      description: course.description,
      kind: course.kind,
      status: course.status,
      coverUrl: coverUrl(course),
      teacherName,
      subdomain,
    },
    plans,
    progress: { done: doneCount, total: ordered.length, percent: ordered.length ? Math.round((doneCount * 100) / ordered.length) : 0 },
    sections: outline.map(({ section, lessons: ls }) => ({
      id: section.id,
      title: section.title,
      lessons: ls.map((l) => ({
        id: l.id,
        title: l.title,
        type: l.type,
        releaseAt: iso(l.releaseAt),
        completed: completed.has(l.id),
        lock: lockOf.get(l.id) ?? null,
        video: lessonVideoView(l.video),
      })),
    })),
    ordered,
    lockOf,
    nextLessonId: nextOpenLesson(ordered, reasons, completed),
  };
}

export function lessonPayload(view: Awaited<ReturnType<typeof buildView>>, lessonId: string, fileBase: string) {
  const index = view.ordered.findIndex((l) => l.id === lessonId);
  const lesson = view.ordered[index];
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  return {
    lesson: {
      ...lessonContent(lesson),
      releaseAt: iso(lesson.releaseAt),
      video: lessonVideoView(lesson.video),
      // A video lesson's original is never offered as a file: it plays through encrypted HLS only.
      file:
        lesson.fileKey && lesson.type !== 'video'
          ? { name: lesson.fileName ?? 'file', type: lesson.fileType ?? '', size: lesson.fileSize ?? 0, url: `${fileBase}/${lesson.id}/file` }
          : null,
    },
    previousId: view.ordered[index - 1]?.id ?? null,
    nextId: view.ordered[index + 1]?.id ?? null,
  };
}

export function publicView(view: Awaited<ReturnType<typeof buildView>>) {
  const { ordered: _o, lockOf: _l, nextLessonId: _n, ...rest } = view;
  return rest;
}

/** Throws the reason a student may not open this lesson now. */
export function ensureOpen(lock: TLockReason | null) {
  if (lock === 'subscription') throw new AppError('SUBSCRIPTION_REQUIRED');
  if (lock === 'previous') throw new AppError('LESSON_LOCKED_PREVIOUS');
  if (lock === 'release') throw new AppError('LESSON_LOCKED_RELEASE');
}
