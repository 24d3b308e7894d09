import { eq } from 'drizzle-orm';
import { courses, teachers } from '@server/core/db/schema';
import { teacherActiveColumn } from '@server/core/db/teacher-active';
import { isUuid, type TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';

/**
 * A course as a student reaches it (to study, enroll or buy), with its teacher: a draft, an unknown id or a course
 * asked for on another teacher's host is COURSE_NOT_FOUND, since a teacher's host only serves that teacher's
 * courses. Whether an archived course or an inactive teacher may still be used is the caller's rule.
 */
export async function courseOnHost(tx: TTx, courseId: string, hostSubdomain: string | null) {
  if (!isUuid(courseId)) throw new AppError('COURSE_NOT_FOUND');
  const [row] = await tx
    .select({ course: courses, subdomain: teachers.subdomain, teacherName: teachers.name, teacherActive: teacherActiveColumn() })
    .from(courses)
    .innerJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(eq(courses.id, courseId));
  if (!row || row.course.status === 'draft') throw new AppError('COURSE_NOT_FOUND');
  if (hostSubdomain && hostSubdomain !== row.subdomain.toLowerCase()) throw new AppError('COURSE_NOT_FOUND');
  return row;
}
