import { sql } from 'drizzle-orm';
import { DARSI_TIME_ZONE } from '@shared/dates';
import { PLAN_IDS, type TPlanId } from '@shared/plans';
import type { Db } from '@server/core/db/client';
import { students, teachers } from '@server/core/db/schema';
import { countCourses, countPublishedCourses, countPublishedPages } from './counts';
import { teacherIsActive } from '@server/core/db/teacher-active';

/** Days are counted in Algeria's time zone (UTC+1, no daylight saving), where the platform's users are. */
export const PLATFORM_TIME_ZONE = DARSI_TIME_ZONE;
export const SIGNUP_DAYS = 30;

type TSignupDay = { date: string; teachers: number; students: number };

async function teacherCounts(db: Db) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${teacherIsActive}))::int`,
      inactive: sql<number>`(count(*) filter (where ${teachers.status} = 'inactive'))::int`,
      suspended: sql<number>`(count(*) filter (where ${teachers.status} = 'suspended'))::int`,
      onTrial: sql<number>`(count(*) filter (where ${teachers.trialEndsAt} > now()))::int`,
    })
    .from(teachers);
  const plans = await db
    .select({ plan: teachers.plan, n: sql<number>`count(*)::int` })
    .from(teachers)
    .groupBy(teachers.plan);
  const byPlan = Object.fromEntries(PLAN_IDS.map((id) => [id, 0])) as Record<TPlanId, number>;
  for (const { plan, n } of plans) if (plan in byPlan) byPlan[plan as TPlanId] = n;
  return { total: row?.total ?? 0, active: row?.active ?? 0, inactive: row?.inactive ?? 0, suspended: row?.suspended ?? 0, onTrial: row?.onTrial ?? 0, byPlan };
}

/**
 * One row per day of the last 30 (today included), zero-filled, oldest first. Each table is read once
 * (grouped by day over the window), not once per day.
 */
async function signupsPerDay(db: Db): Promise<TSignupDay[]> {
  const tz = PLATFORM_TIME_ZONE;
  const since = sql`(((now() at time zone ${tz})::date - ${SIGNUP_DAYS - 1}::int)::timestamp at time zone ${tz})`;
  const perDay = (table: typeof teachers | typeof students) =>
    sql`select (${table.createdAt} at time zone ${tz})::date as d, count(*)::int as n from ${table} where ${table.createdAt} >= ${since} group by 1`;
  const result = await db.execute(sql`
    with days as (
      select generate_series((now() at time zone ${tz})::date - ${SIGNUP_DAYS - 1}::int, (now() at time zone ${tz})::date, interval '1 day')::date as d
    ),
    t as (${perDay(teachers)}),
    s as (${perDay(students)})
    select to_char(days.d, 'YYYY-MM-DD') as "date", coalesce(t.n, 0) as "teachers", coalesce(s.n, 0) as "students"
    from days left join t on t.d = days.d left join s on s.d = days.d
    order by days.d`);
  return (result as unknown as { rows: TSignupDay[] }).rows.map((r) => ({ date: r.date, teachers: Number(r.teachers), students: Number(r.students) }));
}

/** The admin dashboard's first screen. */
export async function adminOverview(db: Db) {
  const [teacherStats, studentRow, courses, publishedCourses, publishedPages, signups] = await Promise.all([
    teacherCounts(db),
    db.select({ n: sql<number>`count(*)::int` }).from(students),
    countCourses(db),
    countPublishedCourses(db),
    countPublishedPages(db),
    signupsPerDay(db),
  ]);
  return { teachers: teacherStats, students: studentRow[0]?.n ?? 0, courses, publishedCourses, publishedPages, signups, timeZone: PLATFORM_TIME_ZONE };
}
