import { sql, type SQL } from 'drizzle-orm';
import { defineJob } from '@server/core/jobs/queue';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import { addDays, algiersDay } from './days';
import { rollUpDerived } from './rollup-derived';
import { courseDaysSelect, lessonDaysSelect, studentDaysSelect, teacherDaysSelect, type TRange } from './rollup-sql';

/*
 * The nightly roll-up and its catch-up (decision 175). The job rolls up every day from the day after the last one
 * rolled up to yesterday (Algiers), so a night missed while the service was down is made up at the next run, in
 * chunks of a month. A chunk's rows are deleted and rewritten in one transaction: running it twice changes nothing.
 */

/** Seconds of video per segment (video/ffmpeg.ts, decision 066): a session played distinct segments × this long. */
const SEGMENT_SECONDS = 5;
/** segments in video_watches are rendition × PLACE + number (video/rip-guard.ts). */
const PLACE = 100_000;
/** On a database that was never rolled up, history starts at most this long ago. */
const FIRST_RUN_DAYS = 400;
const CHUNK_DAYS = 31;

/**
 * Copies the player's watch sessions (video_watches, swept six hours after their last request) into
 * analytics_video_sessions: seconds played and the tenths of the video reached. Students only (not the teacher's
 * own previews). Idempotent: a session seen again is updated.
 */
export async function captureVideoSessions(deps: TAnalyticsDeps): Promise<number> {
  const seg = sql.raw(`(s % ${PLACE})`);
  const rows = await deps.db.execute(sql`
    insert into analytics_video_sessions (session_id, teacher_id, user_id, course_id, lesson_id, first_at, last_at, seconds, tenths)
    select w.session_id, w.teacher_id, w.user_id, l.course_id, w.lesson_id, w.first_at, w.last_at,
      (select count(distinct ${seg}) from unnest(w.segments) s)::int * ${SEGMENT_SECONDS},
      coalesce((select array_agg(distinct least(9, floor(${seg} * ${SEGMENT_SECONDS} * 10 / greatest(v.duration_sec, 1)))::int)
        from unnest(w.segments) s), '{}')
    from video_watches w
    join lessons l on l.id = w.lesson_id and l.teacher_id = w.teacher_id
    join lesson_videos v on v.lesson_id = w.lesson_id
    join students st on st.id = w.user_id
    on conflict (session_id) do update set last_at = excluded.last_at, seconds = excluded.seconds, tenths = excluded.tenths
    returning session_id`);
  return rowsOf(rows).length;
}

async function rollUpRange(deps: TAnalyticsDeps, range: TRange) {
  const between = sql`day between ${range.from}::date and ${range.to}::date`;
  const write = (table: string, columns: string, select: SQL) => sql`
    insert into ${sql.raw(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from (${select}) s`;
  await deps.db.transaction(async (tx) => {
    for (const table of ['analytics_teacher_days', 'analytics_course_days', 'analytics_lesson_days', 'analytics_student_days'])
      await tx.execute(sql`delete from ${sql.raw(table)} where ${between}`);
    await tx.execute(write('analytics_teacher_days', 'teacher_id, day, landing_views, registrations', teacherDaysSelect(range)));
    await tx.execute(
      write(
        'analytics_course_days',
        'teacher_id, course_id, day, enrolled_code, enrolled_card, enrolled_transfer, enrolled_free, enrolled_landing, enrolled_teacher, ended, renewals',
        courseDaysSelect(range),
      ),
    );
    await tx.execute(
      write('analytics_lesson_days', 'teacher_id, course_id, lesson_id, day, completions, sessions, viewers, watch_seconds, reach', lessonDaysSelect(range)),
    );
    await tx.execute(write('analytics_student_days', 'teacher_id, course_id, student_id, day, completions, watch_seconds', studentDaysSelect(range)));
    await rollUpDerived(tx, range.from, range.to);
  });
}

/** The first day not rolled up yet. */
async function firstMissingDay(deps: TAnalyticsDeps, yesterday: string): Promise<string> {
  const [row] = rowsOf<{ last: string | null; first: string | null }>(
    await deps.db.execute(sql`
      select (select to_char(max(day), 'YYYY-MM-DD') from analytics_teacher_days) as last,
        (select to_char(min(created_at at time zone 'Africa/Algiers'), 'YYYY-MM-DD') from teachers) as first`),
  );
  if (row?.last) return addDays(row.last, 1);
  const earliest = addDays(yesterday, -FIRST_RUN_DAYS);
  return row?.first && row.first > earliest ? row.first : earliest;
}

/** Captures the video sessions, then rolls up every day not rolled up yet until yesterday; returns the days done. */
export async function catchUp(deps: TAnalyticsDeps): Promise<{ from: string; to: string } | null> {
  await captureVideoSessions(deps);
  const yesterday = addDays(algiersDay(deps.clock.now()), -1);
  const first = await firstMissingDay(deps, yesterday);
  if (first > yesterday) return null;
  for (let from = first; from <= yesterday; from = addDays(from, CHUNK_DAYS)) {
    const to = addDays(from, CHUNK_DAYS - 1) < yesterday ? addDays(from, CHUNK_DAYS - 1) : yesterday;
    await rollUpRange(deps, { from, to, teacherId: null });
  }
  return { from: first, to: yesterday };
}

/** Rolls up [from, to] again (an operator's correction, the benchmark); the catch-up never needs it. */
export const rebuildDays = (deps: TAnalyticsDeps, from: string, to: string) => rollUpRange(deps, { from, to, teacherId: null });

/** The nightly run at 03:30 Algiers (after midnight's late sessions, before the six-hour sweep of the evening's). */
export const rollUpJob = (deps: TAnalyticsDeps) =>
  defineJob<object>({ name: 'analytics-roll-up', cron: '30 3 * * *', queue: { retryLimit: 3, retryDelay: 300 }, run: () => catchUp(deps) });

/** Every hour: the watch sessions, before video_watches forgets them. */
export const captureJob = (deps: TAnalyticsDeps) =>
  defineJob<object>({ name: 'analytics-capture-video', cron: '7 * * * *', queue: { retryLimit: 1 }, run: () => captureVideoSessions(deps) });
