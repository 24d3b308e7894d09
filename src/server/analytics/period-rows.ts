import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import { addDays, algiersDay, type TPeriod } from './days';
import { courseDaysSelect, lessonDaysSelect, studentDaysSelect, teacherDaysSelect, type TRange } from './rollup-sql';

/*
 * A period's daily rows for one teacher (decision 175): from the roll-up tables for the days the nightly job has
 * done, and from the raw events (the same SELECT the job runs) only for the days after it: today, and yesterday
 * until the job has run.
 */

const SOURCES = {
  teacher: { table: 'analytics_teacher_days', columns: 'teacher_id, day, landing_views, registrations', select: teacherDaysSelect },
  course: {
    table: 'analytics_course_days',
    columns: 'teacher_id, course_id, day, enrolled_code, enrolled_card, enrolled_transfer, enrolled_free, enrolled_landing, enrolled_teacher, ended, renewals',
    select: courseDaysSelect,
  },
  lesson: {
    table: 'analytics_lesson_days',
    columns: 'teacher_id, course_id, lesson_id, day, completions, sessions, viewers, watch_seconds, reach',
    select: lessonDaysSelect,
  },
  student: { table: 'analytics_student_days', columns: 'teacher_id, course_id, student_id, day, completions, watch_seconds', select: studentDaysSelect },
} as const;
export type TSource = keyof typeof SOURCES;

/** The last day rolled up for this teacher, or null before the first run. */
export async function lastRolledDay(deps: TAnalyticsDeps, teacherId: string): Promise<string | null> {
  const [row] = rowsOf<{ last: string | null }>(
    await deps.db.execute(sql`select to_char(max(day), 'YYYY-MM-DD') as last from analytics_teacher_days where teacher_id = ${teacherId}`),
  );
  return row?.last ?? null;
}

export type TScope = { teacherId: string; period: TPeriod; lastRolled: string | null; today: string };

export async function scopeOf(deps: TAnalyticsDeps, teacherId: string, period: TPeriod): Promise<TScope> {
  return { teacherId, period, lastRolled: await lastRolledDay(deps, teacherId), today: algiersDay(deps.clock.now()) };
}

/** The days of a period already rolled up (read from the roll-ups) and the days after them (read live, at most until today). */
export function splitPeriod(scope: TScope, period: TPeriod = scope.period): { rolled: TRange | null; live: TRange | null } {
  const rolledTo = scope.lastRolled && scope.lastRolled < period.to ? scope.lastRolled : period.to;
  const rolled = scope.lastRolled && period.from <= rolledTo ? { from: period.from, to: rolledTo, teacherId: scope.teacherId } : null;
  const liveFrom = scope.lastRolled && scope.lastRolled >= period.from ? addDays(scope.lastRolled, 1) : period.from;
  const liveTo = period.to < scope.today ? period.to : scope.today;
  return { rolled, live: liveFrom <= liveTo ? { from: liveFrom, to: liveTo, teacherId: scope.teacherId } : null };
}

/** A subquery (alias `r`) of the period's rows of one kind, filtered to the period's course when it has one. */
export function periodRows(kind: TSource, scope: TScope, period: TPeriod = scope.period): SQL {
  const { table, columns, select } = SOURCES[kind];
  const { rolled, live } = splitPeriod(scope, period);
  const parts: SQL[] = [];
  if (rolled) {
    parts.push(
      sql`select ${sql.raw(columns)} from ${sql.raw(table)} where teacher_id = ${scope.teacherId} and day between ${rolled.from}::date and ${rolled.to}::date`,
    );
  }
  if (live) parts.push(sql`select ${sql.raw(columns)} from (${select(live)}) live`);
  if (parts.length === 0) parts.push(sql`select ${sql.raw(columns)} from ${sql.raw(table)} where false`);
  const union = sql.join(parts, sql` union all `);
  const course = period.courseId && kind !== 'teacher' ? sql` where r.course_id = ${period.courseId}::uuid` : sql``;
  return sql`(select * from (${union}) r${course})`;
}
