import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import { addDays, monthStart, weekStart, type TPeriod } from './days';
import { splitPeriod, type TScope } from './period-rows';
import { studentDaysSelect, type TRange } from './rollup-sql';

/*
 * Active students (decision 215): per day and per week from analytics_active_counts, and the distinct students of a
 * whole period from analytics_student_months' day bits; only the days after the last roll-up are counted from raw
 * events. Without a course, the teacher-wide rows (course_id null) count a student once across courses.
 */

const num = (v: unknown) => Number(v ?? 0);
const courseIs = (period: TPeriod) => (period.courseId ? sql`course_id = ${period.courseId}::uuid` : sql`course_id is null`);
const liveCourse = (period: TPeriod) => (period.courseId ? sql`and course_id = ${period.courseId}::uuid` : sql``);
const liveStudents = (range: TRange, period: TPeriod) => sql`select day, student_id from (${studentDaysSelect(range)}) l where true ${liveCourse(period)}`;
const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** A SELECT of (day, active) for every active day of the period. */
export function dailyActives(scope: TScope, period: TPeriod = scope.period): SQL {
  const { rolled, live } = splitPeriod(scope, period);
  const parts: SQL[] = [sql`select null::date as day, 0 as active where false`];
  if (rolled) {
    parts.push(sql`select start, active from analytics_active_counts where teacher_id = ${scope.teacherId} and span = 'day' and ${courseIs(period)}
      and start between ${rolled.from}::date and ${rolled.to}::date`);
  }
  if (live) parts.push(sql`select day, count(distinct student_id)::int from (${liveStudents(live, period)}) l group by day`);
  return sql.join(parts, sql` union all `);
}

/** Active students of each week (Sunday to Saturday) meeting the period: whole weeks, the current one until today. */
export async function weeklyActives(deps: TAnalyticsDeps, scope: TScope): Promise<Array<{ week: string; active: number }>> {
  const p = scope.period;
  const first = weekStart(p.from);
  const last = weekStart(p.to);
  // The first week not wholly rolled up: it and the later ones are counted from student days and live rows.
  const open = maxDay(first, scope.lastRolled ? weekStart(addDays(scope.lastRolled, 1)) : first);
  const parts: SQL[] = [sql`select null::date as week, 0 as active where false`];
  if (open > first) {
    parts.push(sql`select start, active from analytics_active_counts where teacher_id = ${scope.teacherId} and span = 'week' and ${courseIs(p)}
      and start between ${first}::date and ${minDay(last, addDays(open, -7))}::date`);
  }
  if (open <= last) {
    const days: SQL[] = [];
    if (scope.lastRolled && scope.lastRolled >= open) {
      days.push(sql`select day, student_id from analytics_student_days where teacher_id = ${scope.teacherId} ${liveCourse(p)}
        and day between ${open}::date and ${scope.lastRolled}::date`);
    }
    const liveFrom = scope.lastRolled && scope.lastRolled >= open ? addDays(scope.lastRolled, 1) : open;
    const liveTo = minDay(addDays(last, 6), scope.today);
    if (liveFrom <= liveTo) days.push(liveStudents({ from: liveFrom, to: liveTo, teacherId: scope.teacherId }, p));
    if (days.length > 0) {
      parts.push(sql`select (day - extract(dow from day)::int), count(distinct student_id)::int from (${sql.join(days, sql` union all `)}) d group by 1`);
    }
  }
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`select to_char(week, 'YYYY-MM-DD') as week, active from (${sql.join(parts, sql` union all `)}) w order by week`),
  );
  return rows.map((r) => ({ week: String(r.week), active: num(r.active) }));
}

/** The bits of the days of [from, to] within each month they meet (bit d-1 for day d). */
function monthMasks(from: string, to: string): Array<{ month: string; mask: number }> {
  const masks: Array<{ month: string; mask: number }> = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const month = monthStart(day);
    if (masks.at(-1)?.month !== month) masks.push({ month, mask: 0 });
    masks.at(-1)!.mask |= 1 << (Number(day.slice(8, 10)) - 1);
  }
  return masks;
}

/** The number of distinct students active in the period. */
export async function periodActiveCount(deps: TAnalyticsDeps, scope: TScope, period: TPeriod): Promise<number> {
  const { rolled, live } = splitPeriod(scope, period);
  const parts: SQL[] = [sql`select null::text as student_id where false`];
  if (rolled) {
    const meets = monthMasks(rolled.from, rolled.to).map(({ month, mask }) => sql`(month = ${month}::date and days & ${mask}::int <> 0)`);
    parts.push(sql`select student_id from analytics_student_months where teacher_id = ${scope.teacherId} and ${courseIs(period)}
      and month between ${monthStart(rolled.from)}::date and ${monthStart(rolled.to)}::date and (${sql.join(meets, sql` or `)})`);
  }
  if (live) parts.push(sql`select student_id from (${liveStudents(live, period)}) l`);
  const [row] = rowsOf<{ n: unknown }>(await deps.db.execute(sql`select count(distinct student_id) as n from (${sql.join(parts, sql` union all `)}) s`));
  return num(row?.n);
}
