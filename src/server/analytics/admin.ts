import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import type { TPeriod } from './days';

/* The platform's version for admins (issue 27): teachers by plan, sign-ups, trials converted, platform revenue. */

const num = (v: unknown) => Number(v ?? 0);
const inPeriod = (column: string, p: TPeriod) => sql`(${sql.raw(column)} at time zone 'Africa/Algiers')::date between ${p.from}::date and ${p.to}::date`;

export async function platformReport(deps: TAnalyticsDeps, p: TPeriod) {
  const byPlan = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select t.plan, count(*) as teachers, count(*) filter (where s.teacher_id is not null and s.status = 'active') as paying,
        count(*) filter (where s.teacher_id is null and t.trial_ends_at > now()) as on_trial
      from teachers t left join plan_subscriptions s on s.teacher_id = t.id where t.status = 'active' group by t.plan order by 2 desc`),
  );
  const signUps = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      with d as (select generate_series(${p.from}::date, ${p.to}::date, interval '1 day')::date as day),
      t as (select (created_at at time zone 'Africa/Algiers')::date as day, count(*) as n from teachers where ${inPeriod('created_at', p)} group by 1)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(t.n, 0) as signups from d left join t on t.day = d.day order by d.day`),
  );
  const [trials] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select count(*) filter (where ${inPeriod('t.trial_ends_at', p)}) as ended,
        count(*) filter (where ${inPeriod('t.trial_ends_at', p)} and exists (select 1 from plan_invoices i where i.teacher_id = t.id and i.status = 'paid' and i.livemode is not false)) as converted
      from teachers t where t.trial_ends_at is not null`),
  );
  const revenue = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select plan, method, sum(amount_dzd) as amount, count(*) as invoices from plan_invoices
      where status = 'paid' and livemode is not false and ${inPeriod('paid_at', p)} group by plan, method order by 3 desc`),
  );
  const ended = num(trials?.ended);
  const converted = num(trials?.converted);
  return {
    period: p,
    byPlan: byPlan.map((r) => ({ plan: String(r.plan), teachers: num(r.teachers), paying: num(r.paying), onTrial: num(r.on_trial) })),
    signUps: signUps.map((r) => ({ day: String(r.day), signups: num(r.signups) })),
    trials: { ended, converted, rate: ended > 0 ? Math.round((converted / ended) * 1000) / 1000 : null },
    revenue: {
      totalDzd: revenue.reduce((sum, r) => sum + num(r.amount), 0),
      rows: revenue.map((r) => ({ plan: String(r.plan), method: String(r.method), amountDzd: num(r.amount), invoices: num(r.invoices) })),
    },
  };
}
