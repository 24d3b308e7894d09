import { sql, type SQL } from 'drizzle-orm';
import { DARSI_TIME_ZONE } from '@shared/dates';
import type { TGranularity } from '@shared/schemas/revenue';
import { at, rowsOf } from '@server/core/db/sql';
import type { TRevenueDeps } from './deps';
import { isTestPayment } from './test-mode';

/*
 * The teacher's revenue at a glance (decision 097): sums of the ledger, read on the Algiers clock (a payment at
 * 00:30 in Algiers belongs to that day, not to the UTC day before). Refunds are negative rows, so a plain sum is
 * already net of them; fees are subtracted where the provider told us.
 */

const tz = DARSI_TIME_ZONE;
const SPAN: Record<TGranularity, { count: number; step: string }> = {
  day: { count: 30, step: '1 day' },
  week: { count: 12, step: '1 week' },
  month: { count: 12, step: '1 month' },
};

/** The start of the period holding `ts` (a local timestamp); weeks start on Sunday, as the Algerian week does. */
function periodStart(g: TGranularity, ts: SQL): SQL {
  if (g === 'week') return sql`(date_trunc('week', ${ts} + interval '1 day') - interval '1 day')`;
  return sql`date_trunc(${g}, ${ts})`;
}

const num = (v: unknown) => Number(v ?? 0);

/** Real money only: a card payment made with the teacher's Chargily test key (and its refund) is not revenue. */
const real = (alias = 'ledger_entries') => sql`not ${isTestPayment(sql.raw(`${alias}.order_id`))}`;

async function totals(deps: TRevenueDeps, teacherId: string) {
  const local = sql`(${at(deps.clock.now())} at time zone ${tz})`;
  const thisMonth = sql`date_trunc('month', ${local})`;
  const inMonth = (from: SQL, to: SQL) => sql`(created_at at time zone ${tz}) >= ${from} and (created_at at time zone ${tz}) < ${to}`;
  const [row] = rowsOf<Record<string, string | number | null>>(
    await deps.db.execute(sql`
      select
        coalesce(sum(amount_dzd) filter (where ${inMonth(thisMonth, sql`${thisMonth} + interval '1 month'`)}), 0) as this_month,
        coalesce(sum(amount_dzd) filter (where ${inMonth(sql`${thisMonth} - interval '1 month'`, thisMonth)}), 0) as last_month,
        coalesce(sum(amount_dzd) filter (where kind = 'payment'), 0) as gross,
        coalesce(-sum(amount_dzd) filter (where kind = 'refund'), 0) as refunds,
        coalesce(sum(fees_dzd), 0) as fees,
        count(*) filter (where kind = 'payment') as payments
      from ledger_entries where teacher_id = ${teacherId} and ${real()}`),
  );
  const [pending] = rowsOf<{ n: number; amount: number }>(
    await deps.db.execute(
      sql`select count(*) as n, coalesce(sum(amount_dzd), 0) as amount from payment_orders where teacher_id = ${teacherId} and status = 'awaiting_review'`,
    ),
  );
  const gross = num(row?.gross);
  const refunds = num(row?.refunds);
  const fees = num(row?.fees);
  return {
    thisMonthDzd: num(row?.this_month),
    lastMonthDzd: num(row?.last_month),
    grossDzd: gross,
    refundsDzd: refunds,
    feesDzd: fees,
    netDzd: gross - refunds - fees,
    payments: num(row?.payments),
    pendingTransfers: { count: num(pending?.n), amountDzd: num(pending?.amount) },
  };
}

/** Net amount per period, zero-filled, oldest first; `period` is the local date its period starts on. */
async function series(deps: TRevenueDeps, teacherId: string, g: TGranularity) {
  const { count, step } = SPAN[g];
  const last = periodStart(g, sql`(${at(deps.clock.now())} at time zone ${tz})`);
  const rows = rowsOf<{ period: string; amount: number }>(
    await deps.db.execute(sql`
      with periods as (
        select generate_series(${last} - ${`${count - 1} ${step.split(' ')[1]}`}::interval, ${last}, ${step}::interval) as p
      ),
      sums as (
        select ${periodStart(g, sql`(created_at at time zone ${tz})`)} as p, sum(amount_dzd) as amount
        from ledger_entries where teacher_id = ${teacherId} and ${real()} group by 1
      )
      select to_char(periods.p, 'YYYY-MM-DD') as period, coalesce(sums.amount, 0) as amount
      from periods left join sums on sums.p = periods.p order by periods.p`),
  );
  return rows.map((r) => ({ period: r.period, amountDzd: num(r.amount) }));
}

async function breakdowns(deps: TRevenueDeps, teacherId: string) {
  const byCourse = rowsOf<{ course_id: string | null; title: string | null; amount: number }>(
    await deps.db.execute(sql`
      select l.course_id, c.title, sum(l.amount_dzd) as amount from ledger_entries l left join courses c on c.id = l.course_id
      where l.teacher_id = ${teacherId} and ${real('l')} group by l.course_id, c.title having sum(l.amount_dzd) <> 0 order by 3 desc`),
  );
  const byMethod = rowsOf<{ method: string; amount: number; n: number }>(
    await deps.db.execute(sql`
      select method, sum(amount_dzd) as amount, count(*) filter (where kind = 'payment') as n
      from ledger_entries where teacher_id = ${teacherId} and ${real()} group by method having count(*) filter (where kind = 'payment') > 0 order by 2 desc`),
  );
  return {
    byCourse: byCourse.map((r) => ({ courseId: r.course_id, title: r.title ?? '', amountDzd: num(r.amount) })),
    byMethod: byMethod.map((r) => ({ method: r.method, amountDzd: num(r.amount), payments: num(r.n) })),
  };
}

export async function revenueSummary(deps: TRevenueDeps, teacherId: string, granularity: TGranularity) {
  const [t, s, b] = await Promise.all([totals(deps, teacherId), series(deps, teacherId, granularity), breakdowns(deps, teacherId)]);
  return { totals: t, granularity, series: s, ...b };
}
