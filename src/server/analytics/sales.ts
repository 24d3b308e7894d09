import { sql } from 'drizzle-orm';
import { isTestPayment } from '@server/revenue';
import { rowsOf } from '@server/core/db/sql';
import type { TAnalyticsDeps } from './deps';
import type { TScope } from './period-rows';

/*
 * What sells (issue 27): activation codes per batch and per range of card numbers (to compare the bookshops a batch
 * was split between), and revenue by method and course. Codes are a state (a few rows per card) and the ledger gets
 * one row per payment: both are read directly through their teacher indexes.
 */

const num = (v: unknown) => Number(v ?? 0);
/** Cards of a batch are compared in ranges of this many numbers (12-0001…12-0100, 12-0101…). */
export const CARD_RANGE = 100;
const courseFilter = (scope: TScope, column: string) => (scope.period.courseId ? sql`and ${sql.raw(column)} = ${scope.period.courseId}::uuid` : sql``);

const codeCounts = sql.raw(`count(*) as generated, count(*) filter (where a.sold_at is not null) as sold, count(*) filter (where a.uses > 0) as redeemed,
  count(*) filter (where a.uses = 0 and a.revoked_at is null and a.valid_until > now() and b.revoked_at is null) as waiting,
  count(*) filter (where a.revoked_at is not null or b.revoked_at is not null) as revoked`);

const counts = (r: Record<string, unknown>) => ({
  generated: num(r.generated),
  sold: num(r.sold),
  redeemed: num(r.redeemed),
  waiting: num(r.waiting),
  revoked: num(r.revoked),
});

/** Per batch (its number, course, date) and per range of card numbers within it. */
export async function codes(deps: TAnalyticsDeps, scope: TScope) {
  const batches = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select b.id, b.number, b.created_at, c.title as course_title, ${codeCounts}
      from code_batches b join activation_codes a on a.batch_id = b.id join courses c on c.id = b.course_id
      where b.teacher_id = ${scope.teacherId} ${courseFilter(scope, 'b.course_id')}
      group by b.id, b.number, b.created_at, c.title order by b.created_at desc`),
  );
  const ranges = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select b.id, b.number, c.title as course_title, (a.serial - 1) / ${CARD_RANGE} as slot, min(a.serial) as first, max(a.serial) as last, ${codeCounts}
      from code_batches b join activation_codes a on a.batch_id = b.id join courses c on c.id = b.course_id
      where b.teacher_id = ${scope.teacherId} ${courseFilter(scope, 'b.course_id')}
      group by b.id, b.number, c.title, b.created_at, 4 order by b.created_at desc, 4`),
  );
  return {
    batches: batches.map((r) => ({
      batchId: String(r.id),
      number: r.number === null ? null : num(r.number),
      createdAt: new Date(String(r.created_at)).toISOString(),
      courseTitle: String(r.course_title),
      ...counts(r),
    })),
    ranges: ranges.map((r) => ({
      batchId: String(r.id),
      number: r.number === null ? null : num(r.number),
      courseTitle: String(r.course_title),
      first: num(r.first),
      last: num(r.last),
      ...counts(r),
    })),
  };
}

/** Net revenue of the period by method and by course (real money: Chargily test payments left out, refunds netted). */
export async function revenue(deps: TAnalyticsDeps, scope: TScope) {
  const p = scope.period;
  const where = sql`l.teacher_id = ${scope.teacherId} and not ${isTestPayment(sql.raw('l.order_id'))} ${courseFilter(scope, 'l.course_id')}
    and (l.created_at at time zone 'Africa/Algiers')::date between ${p.from}::date and ${p.to}::date`;
  const byMethod = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select l.method, sum(l.amount_dzd) as amount, count(*) filter (where l.kind = 'payment') as payments
      from ledger_entries l where ${where} group by l.method order by 2 desc`),
  );
  const byCourse = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select l.course_id, c.title, sum(l.amount_dzd) as amount, count(*) filter (where l.kind = 'payment') as payments
      from ledger_entries l left join courses c on c.id = l.course_id where ${where} group by l.course_id, c.title order by 3 desc`),
  );
  return {
    totalDzd: byMethod.reduce((sum, r) => sum + num(r.amount), 0),
    byMethod: byMethod.map((r) => ({ method: String(r.method), amountDzd: num(r.amount), payments: num(r.payments) })),
    byCourse: byCourse.map((r) => ({
      courseId: r.course_id ? String(r.course_id) : null,
      title: String(r.title ?? ''),
      amountDzd: num(r.amount),
      payments: num(r.payments),
    })),
  };
}
