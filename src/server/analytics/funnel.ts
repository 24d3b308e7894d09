import { sql } from 'drizzle-orm';
import { ENROLLMENT_SOURCES, type TEnrollmentSource } from '@shared/schemas/analytics';
import type { TAnalyticsDeps } from './deps';
import { at, rowsOf } from '@server/core/db/sql';
import { dailyActives, periodActiveCount, weeklyActives } from './actives';
import { addDays, dayStart, previousPeriod, type TPeriod } from './days';
import { periodRows, type TScope } from './period-rows';

/* The funnel and the students' activity for a period (issue 27): read from the roll-ups, today live. */

const num = (v: unknown) => Number(v ?? 0);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

async function funnelTotals(deps: TAnalyticsDeps, scope: TScope, period: TPeriod) {
  const [t] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(
      sql`select coalesce(sum(landing_views), 0) as views, coalesce(sum(registrations), 0) as registrations from ${periodRows('teacher', scope, period)} x`,
    ),
  );
  const [c] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select coalesce(sum(enrolled_landing), 0) as landing, coalesce(sum(enrolled_free - enrolled_landing), 0) as course,
        coalesce(sum(enrolled_code), 0) as code, coalesce(sum(enrolled_card), 0) as card, coalesce(sum(enrolled_transfer), 0) as transfer,
        coalesce(sum(enrolled_teacher), 0) as teacher
      from ${periodRows('course', scope, period)} x`),
  );
  const bySource = Object.fromEntries(ENROLLMENT_SOURCES.map((s) => [s, num(c?.[s])])) as Record<TEnrollmentSource, number>;
  const enrollments = ENROLLMENT_SOURCES.reduce((sum, s) => sum + bySource[s], 0);
  const views = num(t?.views);
  const registrations = num(t?.registrations);
  return {
    views,
    registrations,
    enrollments,
    bySource,
    viewToRegistration: ratio(registrations, views),
    registrationToEnrollment: ratio(enrollments, registrations),
  };
}

/** Landing-page views → registrations → enrollments by source, with the conversions, and the previous period's for the trend. */
export async function funnel(deps: TAnalyticsDeps, scope: TScope) {
  const [current, previous] = await Promise.all([funnelTotals(deps, scope, scope.period), funnelTotals(deps, scope, previousPeriod(scope.period))]);
  return { period: scope.period, ...current, previous };
}

/** Per day: active students, new enrollments, ended subscriptions and renewals; per week (Sunday first): active students. */
export async function activity(deps: TAnalyticsDeps, scope: TScope) {
  const p = scope.period;
  const [days, weeks] = await Promise.all([
    deps.db.execute(sql`
      with d as (select generate_series(${p.from}::date, ${p.to}::date, interval '1 day')::date as day),
      a as (${dailyActives(scope)}),
      c as (select day, sum(enrolled_code + enrolled_card + enrolled_transfer + enrolled_free + enrolled_teacher) as enrolled,
              sum(ended) as ended, sum(renewals) as renewals from ${periodRows('course', scope)} y group by day)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.active, 0) as active, coalesce(c.enrolled, 0) as enrolled,
        coalesce(c.ended, 0) as ended, coalesce(c.renewals, 0) as renewals
      from d left join a on a.day = d.day left join c on c.day = d.day order by d.day`),
    weeklyActives(deps, scope),
  ]);
  const rows = rowsOf<Record<string, unknown>>(days);
  const total = (key: string) => rows.reduce((sum, d) => sum + num(d[key]), 0);
  return {
    days: rows.map((d) => ({ day: String(d.day), active: num(d.active), enrolled: num(d.enrolled), ended: num(d.ended), renewals: num(d.renewals) })),
    weeks,
    totals: { enrolled: total('enrolled'), ended: total('ended'), renewals: total('renewals') },
  };
}

/** The overview's few numbers for the period, each with the previous period's value. */
export async function overviewTrends(deps: TAnalyticsDeps, scope: TScope) {
  const figures = async (period: TPeriod) => {
    const [[row], active] = await Promise.all([
      deps.db
        .execute(
          sql`
        select (select coalesce(sum(enrolled_code + enrolled_card + enrolled_transfer + enrolled_free + enrolled_teacher), 0) from ${periodRows('course', scope, period)} c) as enrolled,
          (select coalesce(sum(watch_seconds), 0) from ${periodRows('lesson', scope, period)} w) as seconds,
          (select coalesce(sum(amount_dzd), 0) from ledger_entries where teacher_id = ${scope.teacherId}
             and created_at >= ${at(dayStart(period.from))} and created_at < ${at(dayStart(addDays(period.to, 1)))}) as revenue`,
        )
        .then((r) => rowsOf<Record<string, unknown>>(r)),
      periodActiveCount(deps, scope, period),
    ]);
    return {
      activeStudents: active,
      enrollments: num(row?.enrolled),
      watchMinutes: Math.round(num(row?.seconds) / 60),
      revenueDzd: num(row?.revenue),
    };
  };
  const [current, previous] = await Promise.all([figures(scope.period), figures(previousPeriod(scope.period))]);
  return { period: scope.period, current, previous };
}
