import { sql } from 'drizzle-orm';
import { AppError } from '@server/core/errors';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';

/* One student as the teacher sees them (issue 27): progress per course, last activity, watch time, quiz scores and payments. */

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v ? new Date(String(v)).toISOString() : null);

export async function studentReport(deps: TAnalyticsDeps, teacherId: string, studentId: string) {
  const [student] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select s.id, s.name, u.email, s.phone, ts.joined_at from teacher_students ts join students s on s.id = ts.student_id join "user" u on u.id = s.id
      where ts.teacher_id = ${teacherId} and ts.student_id = ${studentId}`),
  );
  if (!student) throw new AppError('STUDENT_NOT_FOUND');
  const courses = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select e.course_id, c.title, e.status, e.type, e.source, e.started_at, e.expires_at,
        (select count(*) from lessons l where l.course_id = e.course_id) as lessons,
        (select count(*) from lesson_progress p where p.course_id = e.course_id and p.student_id = e.student_id) as done,
        (select max(p.completed_at) from lesson_progress p where p.course_id = e.course_id and p.student_id = e.student_id) as last_progress,
        (select coalesce(sum(v.seconds), 0) from analytics_video_sessions v where v.teacher_id = e.teacher_id and v.user_id = e.student_id and v.course_id = e.course_id) as seconds
      from enrollments e join courses c on c.id = e.course_id where e.teacher_id = ${teacherId} and e.student_id = ${studentId} order by e.started_at desc`),
  );
  const [activity] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select greatest(
        (select max(completed_at) from lesson_progress where teacher_id = ${teacherId} and student_id = ${studentId}),
        (select max(updated_at) from video_positions where teacher_id = ${teacherId} and user_id = ${studentId}),
        (select max(last_at) from analytics_video_sessions where teacher_id = ${teacherId} and user_id = ${studentId})) as last_at`),
  );
  const payments = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select l.id, l.created_at, l.kind, l.method, l.amount_dzd, c.title from ledger_entries l left join courses c on c.id = l.course_id
      where l.teacher_id = ${teacherId} and l.student_id = ${studentId} order by l.created_at desc limit 200`),
  );
  const quizzes = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select a.id, q.title, c.title as course_title, a.points, a.max_points, a.passed, a.submitted_at from quiz_attempts a
      join quizzes q on q.id = a.quiz_id join courses c on c.id = a.course_id
      where a.teacher_id = ${teacherId} and a.student_id = ${studentId} and a.status = 'graded' and not a.practice order by a.submitted_at desc limit 200`),
  );
  return {
    student: {
      id: String(student.id),
      name: String(student.name),
      email: String(student.email),
      phone: student.phone ? String(student.phone) : null,
      joinedAt: iso(student.joined_at),
    },
    lastActivityAt: iso(activity?.last_at),
    watchMinutes: Math.round(courses.reduce((sum, c) => sum + num(c.seconds), 0) / 60),
    courses: courses.map((c) => ({
      courseId: String(c.course_id),
      title: String(c.title),
      status: String(c.status),
      type: String(c.type),
      source: String(c.source),
      startedAt: iso(c.started_at),
      expiresAt: iso(c.expires_at),
      lessons: num(c.lessons),
      done: num(c.done),
      lastProgressAt: iso(c.last_progress),
      watchMinutes: Math.round(num(c.seconds) / 60),
    })),
    quizzes: quizzes.map((q) => ({
      attemptId: String(q.id),
      title: String(q.title),
      courseTitle: String(q.course_title),
      points: num(q.points),
      maxPoints: num(q.max_points),
      passed: q.passed === null || q.passed === undefined ? null : Boolean(q.passed),
      submittedAt: iso(q.submitted_at),
    })),
    payments: payments.map((p) => ({
      id: String(p.id),
      createdAt: iso(p.created_at),
      kind: String(p.kind),
      method: String(p.method),
      amountDzd: num(p.amount_dzd),
      courseTitle: p.title ? String(p.title) : null,
    })),
  };
}
