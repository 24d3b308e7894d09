import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DARSI_TIME_ZONE } from '@shared/dates';
import { LEDGER_PAGE_SIZE, type TLedgerFilter, type TLedgerQuery } from '@shared/schemas/revenue';
import { courses, ledgerEntries, students, user } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { iso } from '@server/core/dates';
import type { TRevenueDeps } from './deps';
import { isTestPayment, ledgerRowColumns } from './test-mode';

const l = ledgerEntries;
/** Who confirmed a row: a user (the teacher), or Chargily for card payments. */
const confirmer = alias(user, 'confirmer');
/** Midnight of a local (Algiers) day as an instant. */
const dayStart = (day: string, plusDays = 0): SQL => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DARSI_TIME_ZONE})`;

function where(teacherId: string, f: TLedgerFilter): SQL | undefined {
  return and(
    eq(l.teacherId, teacherId),
    f.from ? gte(l.createdAt, dayStart(f.from)) : undefined,
    f.to ? lt(l.createdAt, dayStart(f.to, 1)) : undefined,
    f.method ? eq(l.method, f.method) : undefined,
    f.kind ? eq(l.kind, f.kind) : undefined,
    f.courseId ? eq(l.courseId, f.courseId) : undefined,
  );
}

function select(db: TTx) {
  return db
    .select({
      ...ledgerRowColumns(),
      feesDzd: l.feesDzd,
      note: l.note,
      sourceKey: l.sourceKey,
      studentName: students.name,
      courseTitle: courses.title,
      confirmedBy: sql<string | null>`case when ${l.confirmedBy} = 'chargily' then 'Chargily' else ${confirmer.name} end`,
    })
    .from(l)
    .leftJoin(students, eq(students.id, l.studentId))
    .leftJoin(courses, eq(courses.id, l.courseId))
    .leftJoin(confirmer, eq(confirmer.id, l.confirmedBy));
}

/** The refunds already recorded, by the payment they return (their source key is `refund:<payment id>`). */
async function refundedIds(db: TTx, teacherId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: l.sourceKey })
    .from(l)
    .where(and(eq(l.teacherId, teacherId), eq(l.kind, 'refund')));
  return new Set(rows.map((r) => r.key.replace(/^refund:/, '')));
}

export async function listEntries(deps: TRevenueDeps, teacherId: string, q: TLedgerQuery) {
  const filter = where(teacherId, q);
  const [rows, [count], refunded] = await Promise.all([
    select(deps.db)
      .where(filter)
      .orderBy(desc(l.createdAt), desc(l.id))
      .limit(LEDGER_PAGE_SIZE)
      .offset((q.page - 1) * LEDGER_PAGE_SIZE),
    deps.db
      .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${l.amountDzd}) filter (where not ${isTestPayment(l.orderId)}), 0)::int` })
      .from(l)
      .where(filter),
    refundedIds(deps.db, teacherId),
  ]);
  return {
    entries: rows.map(({ sourceKey: _key, ...r }) => ({ ...r, createdAt: iso(r.createdAt)!, refunded: refunded.has(r.id) })),
    total: count?.n ?? 0,
    sumDzd: count?.sum ?? 0,
    page: q.page,
    pageSize: LEDGER_PAGE_SIZE,
  };
}

/** Every row that matches, oldest first, for the CSV export. */
export async function exportEntries(deps: TRevenueDeps, teacherId: string, f: TLedgerFilter) {
  return select(deps.db).where(where(teacherId, f)).orderBy(l.createdAt, l.id);
}

export type TExportRow = Awaited<ReturnType<typeof exportEntries>>[number];
