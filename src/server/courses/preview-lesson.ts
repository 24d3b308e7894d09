import { and, eq } from 'drizzle-orm';
import { courses, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TCoursesDeps } from './deps';
import { buildView, lessonPayload, publicView } from './lesson-access';

/** The teacher sees any lesson of their own course as a student would, without locks. */
export async function previewLesson(deps: TCoursesDeps, teacherId: string, courseId: string, lessonId: string) {
  const { db, clock } = deps;
  const [row] = await db
    .select({ course: courses, subdomain: teachers.subdomain, teacherName: teachers.name })
    .from(courses)
    .innerJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId)));
  if (!row) throw new AppError('COURSE_NOT_FOUND');
  const view = await buildView(db, row.course, row.subdomain, row.teacherName, null, new Set(), clock.now());
  return { ...publicView(view), ...lessonPayload(view, lessonId, '/api/courses/teacher/lessons') };
}
