import { sql } from 'drizzle-orm';
import { at, rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import { addDays, dayStart } from './days';
import type { TScope } from './period-rows';

/*
 * Quizzes in analytics (issue 27): per quiz, the final (graded), counted (non-practice) attempts submitted in the
 * period, their average score and pass rate, read from quiz_attempts (one row per attempt, through its teacher and
 * quiz index); a quiz's item statistics come from the quizzes domain's item analysis (decision 164).
 */

const num = (v: unknown) => Number(v ?? 0);
const share = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 1000) / 1000);

export async function quizScores(deps: TAnalyticsDeps, scope: TScope) {
  const p = scope.period;
  const course = p.courseId ? sql`and q.course_id = ${p.courseId}::uuid` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select q.id, q.title, q.kind, c.title as course_title, count(a.id) as attempts, count(distinct a.student_id) as students,
        avg(a.points / nullif(a.max_points, 0)) as average, min(a.points / nullif(a.max_points, 0)) as lowest, max(a.points / nullif(a.max_points, 0)) as highest,
        count(a.id) filter (where a.passed) as passed, count(a.id) filter (where a.passed is not null) as judged
      from quizzes q join courses c on c.id = q.course_id
      left join quiz_attempts a on a.teacher_id = q.teacher_id and a.quiz_id = q.id and a.status = 'graded' and not a.practice
        and a.submitted_at >= ${at(dayStart(p.from))} and a.submitted_at < ${at(dayStart(addDays(p.to, 1)))}
      where q.teacher_id = ${scope.teacherId} ${course}
      group by q.id, q.title, q.kind, c.title, c.created_at, q.created_at order by c.created_at, q.created_at`),
  );
  return rows.map((r) => {
    const judged = num(r.judged);
    return {
      quizId: String(r.id),
      title: String(r.title),
      kind: String(r.kind),
      courseTitle: String(r.course_title),
      attempts: num(r.attempts),
      students: num(r.students),
      average: share(r.average),
      lowest: share(r.lowest),
      highest: share(r.highest),
      passRate: judged > 0 ? Math.round((num(r.passed) / judged) * 1000) / 1000 : null,
    };
  });
}
