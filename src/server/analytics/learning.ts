import { sql } from 'drizzle-orm';
import { STOPPED_AFTER_DAYS } from '@shared/schemas/analytics';
import { at, rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import { addDays, dayStart } from './days';
import { periodRows, type TScope } from './period-rows';
import { pairStates } from './rollup-derived';

/*
 * How far students get (issue 27): completion per course and where they stop, from each student's state per course
 * (analytics_student_courses, decision 215, with today's movers read live); and the video watched per lesson, from
 * the roll-ups (today live).
 */

const num = (v: unknown) => Number(v ?? 0);
const courseFilter = (scope: TScope, column: string) => (scope.period.courseId ? sql`and ${sql.raw(column)} = ${scope.period.courseId}::uuid` : sql``);

/** Lessons of the teacher's courses in outline order: `ordinal` 1…n within each course. */
const outline = (scope: TScope) => sql`
  select l.id as lesson_id, l.course_id, l.title, row_number() over (partition by l.course_id order by s.position, l.position, l.id) as ordinal
  from lessons l join course_sections s on s.id = l.section_id where l.teacher_id = ${scope.teacherId} ${courseFilter(scope, 'l.course_id')}`;

/**
 * Each student's state per course (decision 215): analytics_student_courses as of the last roll-up, except the pairs
 * that completed a lesson since, whose state is read live from lesson_progress.
 */
const states = (scope: TScope) => {
  const since = scope.lastRolled ? sql`and completed_at >= ${at(dayStart(addDays(scope.lastRolled, 1)))}` : sql``;
  const moved = sql`select distinct teacher_id, course_id, student_id from lesson_progress where teacher_id = ${scope.teacherId} ${since} ${courseFilter(scope, 'course_id')}`;
  return sql`
    select course_id, student_id, done, furthest_lesson_id, last_at from analytics_student_courses s
    where teacher_id = ${scope.teacherId} ${courseFilter(scope, 's.course_id')}
      and not exists (select 1 from (${moved}) m where m.course_id = s.course_id and m.student_id = s.student_id)
    union all
    select course_id, student_id, done, furthest_lesson_id, last_at from (${pairStates(moved)}) live`;
};

/** The enrollments of the scope (their start stands for the last progress of a student who never progressed). */
const enrolled = (scope: TScope) =>
  sql`select course_id, student_id, started_at from enrollments where teacher_id = ${scope.teacherId} ${courseFilter(scope, 'course_id')}`;

/** Per course: students enrolled, started, finished (every lesson done) and the completion rate. */
export async function completion(deps: TAnalyticsDeps, scope: TScope) {
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      with o as (${outline(scope)}), n as (select course_id, count(*) as lessons from o group by course_id), st as (${states(scope)}), e as (${enrolled(scope)})
      select c.id as course_id, c.title, coalesce(n.lessons, 0) as lessons, count(e.student_id) as enrolled,
        count(st.student_id) filter (where st.done > 0) as started,
        count(st.student_id) filter (where n.lessons > 0 and st.done >= n.lessons) as completed
      from courses c left join n on n.course_id = c.id left join e on e.course_id = c.id
      left join st on st.course_id = e.course_id and st.student_id = e.student_id
      where c.teacher_id = ${scope.teacherId} and c.status <> 'archived' ${courseFilter(scope, 'c.id')}
      group by c.id, c.title, n.lessons, c.created_at order by c.created_at`),
  );
  return rows.map((r) => {
    const enrolled = num(r.enrolled);
    const completed = num(r.completed);
    return {
      courseId: String(r.course_id),
      title: String(r.title),
      lessons: num(r.lessons),
      enrolled,
      started: num(r.started),
      completed,
      rate: enrolled > 0 ? Math.round((completed / enrolled) * 1000) / 1000 : null,
    };
  });
}

/**
 * Where students stop: students who have not finished and made no progress for STOPPED_AFTER_DAYS, counted by the
 * last lesson they completed (ordinal 0: stopped before the first). Sorted by outline; `most` marks the top.
 */
export async function stops(deps: TAnalyticsDeps, scope: TScope) {
  const since = new Date(deps.clock.now().getTime() - STOPPED_AFTER_DAYS * 86_400_000);
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      with o as (${outline(scope)}), n as (select course_id, count(*) as lessons from o group by course_id), st as (${states(scope)}), e as (${enrolled(scope)}),
      stopped as (
        select e.course_id, coalesce(o.ordinal, 0) as ordinal, count(*) as students from e join n on n.course_id = e.course_id
        left join st on st.course_id = e.course_id and st.student_id = e.student_id left join o on o.lesson_id = st.furthest_lesson_id
        where coalesce(st.done, 0) < n.lessons and coalesce(st.last_at, e.started_at) < ${at(since)} group by 1, 2
      )
      select s.course_id, c.title as course_title, s.ordinal, o.lesson_id, o.title as lesson_title, s.students
      from stopped s join courses c on c.id = s.course_id left join o on o.course_id = s.course_id and o.ordinal = s.ordinal
      order by c.created_at, s.ordinal`),
  );
  const list = rows.map((r) => ({
    courseId: String(r.course_id),
    courseTitle: String(r.course_title),
    ordinal: num(r.ordinal),
    lessonId: r.lesson_id ? String(r.lesson_id) : null,
    lessonTitle: r.lesson_title ? String(r.lesson_title) : null,
    students: num(r.students),
  }));
  const top = new Map<string, number>();
  for (const r of list) top.set(r.courseId, Math.max(top.get(r.courseId) ?? 0, r.students));
  return list.map((r) => ({ ...r, most: r.students > 0 && r.students === top.get(r.courseId) }));
}

/** Per lesson with video: sessions, viewers, minutes watched, and the share of the video the sessions played (tenths reached). */
export async function video(deps: TAnalyticsDeps, scope: TScope) {
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      with r as (select * from ${periodRows('lesson', scope)} x where sessions > 0), o as (${outline(scope)})
      select r.lesson_id, r.course_id, o.title, o.ordinal, c.title as course_title, sum(r.sessions) as sessions, sum(r.viewers) as viewers,
        sum(r.watch_seconds) as seconds, ${sql.raw(Array.from({ length: 10 }, (_, i) => `sum(r.reach[${i + 1}]) as t${i}`).join(', '))}
      from r join o on o.lesson_id = r.lesson_id join courses c on c.id = r.course_id
      group by r.lesson_id, r.course_id, o.title, o.ordinal, c.title, c.created_at order by c.created_at, o.ordinal`),
  );
  return rows.map((r) => {
    const sessions = num(r.sessions);
    const reach = Array.from({ length: 10 }, (_, i) => (sessions > 0 ? Math.round((num(r[`t${i}`]) / sessions) * 1000) / 1000 : 0));
    return {
      lessonId: String(r.lesson_id),
      courseId: String(r.course_id),
      courseTitle: String(r.course_title),
      title: String(r.title),
      sessions,
      viewers: num(r.viewers),
      minutes: Math.round(num(r.seconds) / 6) / 10,
      share: Math.round((reach.reduce((a, b) => a + b, 0) / 10) * 1000) / 1000,
      reach,
    };
  });
}
