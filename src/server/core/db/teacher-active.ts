import { and, eq, sql, type SQL } from 'drizzle-orm';
import { teachers } from './schema';

/*
 * Spec §6: a teacher may teach, sell and be visited only while their status is 'active' and the admin switch
 * `is_active` is on. This is the one place that rule is written (decision 130): every domain, in SQL or on a row
 * it already read, asks here. It lives beside the schema rather than in accounts because auth's guards, which
 * accounts itself imports, need it too.
 */

/** The rule as a WHERE condition on `teachers`. */
export const teacherIsActive: SQL = and(eq(teachers.status, 'active'), eq(teachers.isActive, true))!;

/** The rule as a boolean column of a select that joins `teachers`. */
export const teacherActiveColumn = () => sql<boolean>`(${teacherIsActive})`;

/** The rule on a teacher row (or the two columns of it) already read. */
export function isTeacherActive(teacher: { status: string; isActive: boolean }): boolean {
  return teacher.status === 'active' && teacher.isActive;
}
