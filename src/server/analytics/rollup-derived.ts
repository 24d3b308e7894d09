import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { at } from '@server/core/db/sql';
import { addDays, dayStart, monthStart, weekStart } from './days';

/*
 * The roll-ups derived from analytics_student_days and lesson_progress once a range of days is rolled up (decision
 * 215), so that no request counts distinct students over many days or reads lesson_progress whole:
 * - analytics_active_counts: distinct active students per day and per week (Sunday first), per teacher (course_id
 *   null) and per course;
 * - analytics_student_months: per student and month, the days they were active as bits, to count the distinct
 *   students of any period from at most two rows per student;
 * - analytics_student_courses: each student's lessons done, furthest lesson and last completion in a course,
 *   rewritten for the pairs that completed a lesson in the range.
 * Each statement deletes and rewrites its whole days, weeks or months, so a rerun changes nothing.
 */

type TTx = Pick<Db, 'execute'>;

/** Both the teacher-wide row (course_id null) and the per-course rows of a grouping. */
const bothScopes = (keys: string) => sql.raw(`group by grouping sets ((${keys}, course_id), (${keys}))`);
const courseOrNull = sql.raw(`case when grouping(course_id) = 1 then null else course_id end`);

async function activeDays(tx: TTx, from: string, to: string) {
  await tx.execute(sql`delete from analytics_active_counts where span = 'day' and start between ${from}::date and ${to}::date`);
  await tx.execute(sql`
    insert into analytics_active_counts (teacher_id, course_id, span, start, active)
    select teacher_id, ${courseOrNull}, 'day', day, count(distinct student_id)::int from analytics_student_days
    where day between ${from}::date and ${to}::date ${bothScopes('teacher_id, day')}`);
}

async function activeWeeks(tx: TTx, from: string, to: string) {
  const first = weekStart(from);
  const last = addDays(weekStart(to), 6);
  const weekOf = '(day - extract(dow from day)::int)';
  const week = sql.raw(weekOf);
  await tx.execute(sql`delete from analytics_active_counts where span = 'week' and start between ${first}::date and ${last}::date`);
  await tx.execute(sql`
    insert into analytics_active_counts (teacher_id, course_id, span, start, active)
    select teacher_id, ${courseOrNull}, 'week', ${week}, count(distinct student_id)::int from analytics_student_days
    where day between ${first}::date and ${last}::date ${bothScopes(`teacher_id, ${weekOf}`)}`);
}

async function studentMonths(tx: TTx, from: string, to: string) {
  const first = monthStart(from);
  const last = addDays(monthStart(addDays(monthStart(to), 31)), -1);
  const monthOf = `date_trunc('month', day)::date`;
  const month = sql.raw(monthOf);
  await tx.execute(sql`delete from analytics_student_months where month between ${first}::date and ${last}::date`);
  await tx.execute(sql`
    insert into analytics_student_months (teacher_id, course_id, student_id, month, days)
    select teacher_id, ${courseOrNull}, student_id, ${month}, bit_or(1 << (extract(day from day)::int - 1))::int from analytics_student_days
    where day between ${first}::date and ${last}::date ${bothScopes(`teacher_id, student_id, ${monthOf}`)}`);
}

/**
 * The state of the student–course pairs in `pairs` (a SELECT of teacher_id, course_id, student_id), read from
 * lesson_progress: lessons done, the furthest of them in outline order, the last completion.
 */
export function pairStates(pairs: SQL): SQL {
  return sql`
    with m as (${pairs}),
    o as (
      select l.id as lesson_id, row_number() over (partition by l.course_id order by s.position, l.position, l.id) as ordinal
      from lessons l join course_sections s on s.id = l.section_id where l.course_id in (select course_id from m)
    )
    select p.teacher_id, p.course_id, p.student_id, count(*)::int as done,
      (array_agg(p.lesson_id order by o.ordinal desc nulls last))[1] as furthest_lesson_id, max(p.completed_at) as last_at
    from lesson_progress p join m on m.teacher_id = p.teacher_id and m.course_id = p.course_id and m.student_id = p.student_id
    left join o on o.lesson_id = p.lesson_id
    group by p.teacher_id, p.course_id, p.student_id`;
}

async function studentCourses(tx: TTx, from: string, to: string) {
  // The pairs that moved, from lesson_progress itself (its statistics are known; the student days just written in
  // this transaction have none, and a plan built on them looped over lesson_progress for every pair).
  const moved = sql`select distinct teacher_id, course_id, student_id from lesson_progress
    where completed_at >= ${at(dayStart(from))} and completed_at < ${at(dayStart(addDays(to, 1)))}`;
  await tx.execute(sql`
    insert into analytics_student_courses (teacher_id, course_id, student_id, done, furthest_lesson_id, last_at)
    select teacher_id, course_id, student_id, done, furthest_lesson_id, last_at from (${pairStates(moved)}) s
    on conflict (teacher_id, course_id, student_id)
    do update set done = excluded.done, furthest_lesson_id = excluded.furthest_lesson_id, last_at = excluded.last_at`);
}

/** Rewrites the derived roll-ups touched by the days [from, to], once their student days are written. */
export async function rollUpDerived(tx: TTx, from: string, to: string) {
  await activeDays(tx, from, to);
  await activeWeeks(tx, from, to);
  await studentMonths(tx, from, to);
  await studentCourses(tx, from, to);
}
