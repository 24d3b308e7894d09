import { and, eq, sql } from 'drizzle-orm';
import { certificates, courseCertificateSettings } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { rowsOf } from '@server/core/db/sql';

export type TCertificateRow = typeof certificates.$inferSelect;

/** A course's settings; no row means certificates on and no signature. */
export async function settingsOf(db: TTx, courseId: string) {
  const [row] = await db.select().from(courseCertificateSettings).where(eq(courseCertificateSettings.courseId, courseId));
  return {
    enabled: row?.enabled ?? true,
    signatureKey: row?.signatureKey ?? null,
    signatureType: row?.signatureType ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function certificateOf(db: TTx, studentId: string, courseId: string): Promise<TCertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.studentId, studentId), eq(certificates.courseId, courseId)));
  return row ?? null;
}

export type TCompletion = {
  course_id: string;
  teacher_id: string;
  title: string;
  status: string;
  teacher_name: string;
  student_name: string;
  total: number;
  done: number;
  last_done: string | null;
  enabled: boolean;
  certificate_id: string | null;
};

/**
 * Completion of the courses a student is enrolled in (one course, or all): lessons in the course, lessons the
 * student completed among them, when the last one was, whether certificates are on and the one already issued.
 */
export async function completions(db: TTx, studentId: string, courseId: string | null): Promise<TCompletion[]> {
  const result = await db.execute(sql`
    select c.id as course_id, c.teacher_id, c.title, c.status, t.name as teacher_name, s.name as student_name,
      (select count(*)::int from lessons l where l.course_id = c.id) as total,
      (select count(*)::int from lesson_progress lp join lessons l on l.id = lp.lesson_id where lp.course_id = c.id and lp.student_id = e.student_id) as done,
      (select max(lp.completed_at) from lesson_progress lp where lp.course_id = c.id and lp.student_id = e.student_id) as last_done,
      coalesce(cs.enabled, true) as enabled,
      cert.id as certificate_id
    from enrollments e
    join courses c on c.id = e.course_id
    join teachers t on t.id = c.teacher_id
    join students s on s.id = e.student_id
    left join course_certificate_settings cs on cs.course_id = c.id
    left join certificates cert on cert.course_id = c.id and cert.student_id = e.student_id
    where e.student_id = ${studentId} ${courseId === null ? sql`` : sql`and e.course_id = ${courseId}`}`);
  return rowsOf<TCompletion>(result).map((r) => ({ ...r, total: Number(r.total), done: Number(r.done) }));
}

/** Every lesson of a course that has lessons, done: the one rule of completion (a quiz is an outline item, done by its submitted or passed attempt). */
export const isComplete = (c: Pick<TCompletion, 'total' | 'done'>) => c.total > 0 && c.done >= c.total;
