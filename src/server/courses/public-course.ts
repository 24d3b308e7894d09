import { and, eq } from 'drizzle-orm';
import { courses, lessons } from '@server/core/db/schema';
import type { Db } from '@server/core/db/client';
import { AppError } from '@server/core/errors';
import { activePlans, outlineOf } from './queries';
import { coverUrl, lessonContent, planView } from './views';
import { isUuid } from '@server/core/db/sql';

/*
 * A published course as anyone may see it on its teacher's platform (issue 15, decision 068): the outline
 * with lesson titles and types, which lessons are free previews, and the plans. Nothing of a lesson's content
 * leaves here unless the teacher marked the lesson as a free preview.
 */

/** The teacher's published course, or COURSE_NOT_FOUND: drafts, archived courses and other teachers' look the same. */
async function publishedCourse(db: Db, teacherId: string, courseId: string) {
  if (!isUuid(courseId)) throw new AppError('COURSE_NOT_FOUND');
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId), eq(courses.status, 'published')));
  if (!course) throw new AppError('COURSE_NOT_FOUND');
  return course;
}

export async function publicCourse(db: Db, teacherId: string, courseId: string) {
  const course = await publishedCourse(db, teacherId, courseId);
  const [outline, plans] = await Promise.all([outlineOf(db, course.id), activePlans(db, [course.id])]);
  return {
    course: {
      id: course.id,
      title: course.title,
      description: course.description,
      kind: course.kind as 'organized' | 'scheduled' | 'regular',
      coverUrl: coverUrl(course),
      updatedAt: course.updatedAt,
    },
    plans: plans.map(planView),
    sections: outline
      .map(({ section, lessons: rows }) => ({
        id: section.id,
        title: section.title,
        // A video lesson shows once its video is ready, as for students (issue 12), with its length.
        lessons: rows
          .filter((l) => l.type !== 'video' || l.video?.state === 'ready')
          .map((l) => ({
            id: l.id,
            title: l.title,
            type: l.type,
            freePreview: l.freePreview,
            releaseAt: l.releaseAt,
            durationSec: l.video?.durationSec ?? null,
          })),
      }))
      .filter((s) => s.lessons.length > 0),
  };
}

/** A free preview lesson of a published course; any other lesson is refused with LESSON_NOT_PREVIEW. */
export async function publicPreview(db: Db, teacherId: string, courseId: string, lessonId: string) {
  const view = await publicCourse(db, teacherId, courseId);
  if (!isUuid(lessonId)) throw new AppError('LESSON_NOT_FOUND');
  const [lesson] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, view.course.id)));
  // Not on the public outline (a video lesson whose video is not ready yet) is not there at all.
  if (!lesson || !view.sections.some((s) => s.lessons.some((l) => l.id === lesson.id))) throw new AppError('LESSON_NOT_FOUND');
  if (!lesson.freePreview) throw new AppError('LESSON_NOT_PREVIEW');
  return {
    view,
    lesson: {
      ...lessonContent(lesson),
      file: lesson.fileKey
        ? { key: lesson.fileKey, name: lesson.fileName ?? 'file', type: lesson.fileType ?? 'application/octet-stream', size: lesson.fileSize ?? 0 }
        : null,
    },
  };
}
