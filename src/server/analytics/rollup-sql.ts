import { sql, type SQL } from 'drizzle-orm';
import { DARSI_TIME_ZONE } from '@shared/dates';
import { at } from '@server/core/db/sql';
import { addDays, dayStart } from './days';

/*
 * The one definition of every daily figure (decision 175): each function is a SELECT over the raw events of the
 * days [from, to] on the Algiers calendar, grouped by day. The nightly job inserts what they return into the
 * roll-up tables; a request reads the roll-ups for the days already rolled up and runs the same SELECT, scoped to
 * its teacher, for the days after (today, and any day the job has not reached yet). So a roll-up always equals a
 * direct count of the raw events, by construction.
 */

export type TRange = { from: string; to: string; teacherId: string | null };

const tz = DARSI_TIME_ZONE;
const dayOf = (column: string) => sql.raw(`(${column} at time zone '${tz}')::date`);
const inRange = (column: string, r: TRange) => sql`${sql.raw(column)} >= ${at(dayStart(r.from))} and ${sql.raw(column)} < ${at(dayStart(addDays(r.to, 1)))}`;
const scoped = (column: string, r: TRange): SQL => (r.teacherId ? sql`${sql.raw(column)} = ${r.teacherId}::uuid` : sql`true`);

/** Landing-page views (counted per visitor, page and day by the landing domain) and students who joined, per teacher and day. */
export function teacherDaysSelect(r: TRange): SQL {
  return sql`
    select t.id as teacher_id, d.day::date as day,
      (select count(*) from landing_page_views v where v.teacher_id = t.id and v.day = d.day::date)::int as landing_views,
      (select count(*) from teacher_students ts where ts.teacher_id = t.id and ts.joined_at >= d.day::timestamp at time zone ${tz}
        and ts.joined_at < (d.day::date + 1)::timestamp at time zone ${tz})::int as registrations
    from teachers t cross join generate_series(${r.from}::date, ${r.to}::date, interval '1 day') as d(day)
    where ${scoped('t.id', r)} and (t.created_at at time zone ${tz})::date <= d.day::date`;
}

/** Enrollments by source (free ones also by the page they came from), subscriptions that ended (expired without renewal, or cancelled) and renewals, per course and day. */
export function courseDaysSelect(r: TRange): SQL {
  return sql`
    select teacher_id, course_id, day,
      (count(*) filter (where what = 'code'))::int as enrolled_code,
      (count(*) filter (where what = 'card'))::int as enrolled_card,
      (count(*) filter (where what = 'payment'))::int as enrolled_transfer,
      (count(*) filter (where what = 'free'))::int as enrolled_free,
      (count(*) filter (where what = 'free' and entry = 'landing'))::int as enrolled_landing,
      (count(*) filter (where what = 'teacher'))::int as enrolled_teacher,
      (count(*) filter (where what = 'ended'))::int as ended,
      (count(*) filter (where what = 'renewal'))::int as renewals
    from (
      select teacher_id, course_id, ${dayOf('created_at')} as day, source as what, entry from enrollments
        where ${scoped('teacher_id', r)} and ${inRange('created_at', r)}
      union all
      select teacher_id, course_id, ${dayOf('coalesce(cancelled_at, expires_at)')}, 'ended', null from enrollments
        where ${scoped('teacher_id', r)} and ((cancelled_at is not null and ${inRange('cancelled_at', r)})
          or (cancelled_at is null and expires_at is not null and ${inRange('expires_at', r)}))
      union all
      select l.teacher_id, l.course_id, ${dayOf('l.created_at')}, 'renewal', null from ledger_entries l
        where ${scoped('l.teacher_id', r)} and ${inRange('l.created_at', r)} and l.kind = 'payment' and l.course_id is not null
          and exists (select 1 from ledger_entries p where p.enrollment_id = l.enrollment_id and p.kind = 'payment' and p.created_at < l.created_at)
    ) x group by teacher_id, course_id, day`;
}

const REACH = sql.raw(`array[${Array.from({ length: 10 }, (_, i) => `(count(*) filter (where ${i} = any(tenths)))::int`).join(', ')}]`);

/** Lessons completed, and the video watched (sessions, viewers, seconds, sessions reaching each tenth), per lesson and day. */
export function lessonDaysSelect(r: TRange): SQL {
  return sql`
    with c as (
      select teacher_id, course_id, lesson_id, ${dayOf('completed_at')} as day, count(*)::int as n from lesson_progress
      where ${scoped('teacher_id', r)} and ${inRange('completed_at', r)} group by 1, 2, 3, 4
    ), v as (
      select teacher_id, course_id, lesson_id, ${dayOf('first_at')} as day, count(*)::int as sessions, count(distinct user_id)::int as viewers,
        sum(seconds)::int as seconds, ${REACH} as reach
      from analytics_video_sessions where ${scoped('teacher_id', r)} and ${inRange('first_at', r)} group by 1, 2, 3, 4
    )
    select coalesce(c.teacher_id, v.teacher_id) as teacher_id, coalesce(c.course_id, v.course_id) as course_id,
      coalesce(c.lesson_id, v.lesson_id) as lesson_id, coalesce(c.day, v.day) as day, coalesce(c.n, 0) as completions,
      coalesce(v.sessions, 0) as sessions, coalesce(v.viewers, 0) as viewers, coalesce(v.seconds, 0) as watch_seconds,
      coalesce(v.reach, array[0,0,0,0,0,0,0,0,0,0]) as reach
    from c full join v on v.teacher_id = c.teacher_id and v.lesson_id = c.lesson_id and v.day = c.day`;
}

/** Each active student's lessons completed and seconds watched, per course and day. */
export function studentDaysSelect(r: TRange): SQL {
  return sql`
    select teacher_id, course_id, student_id, day, sum(completions)::int as completions, sum(seconds)::int as watch_seconds from (
      select teacher_id, course_id, student_id, ${dayOf('completed_at')} as day, count(*) as completions, 0 as seconds from lesson_progress
        where ${scoped('teacher_id', r)} and ${inRange('completed_at', r)} group by 1, 2, 3, 4
      union all
      select teacher_id, course_id, user_id, ${dayOf('first_at')}, 0, sum(seconds) from analytics_video_sessions
        where ${scoped('teacher_id', r)} and ${inRange('first_at', r)} group by 1, 2, 3, 4
    ) x group by teacher_id, course_id, student_id, day`;
}
