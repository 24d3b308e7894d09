import { and, asc, eq, gt } from 'drizzle-orm';
import { coursePlans, courses, ledgerEntries, students, teachers, user } from '@server/core/db/schema';
import { recordLedgerEntry } from '@server/core/ledger';
import type { TSeedStep } from './index';
import { DEMO_ACCOUNTS, DEMO_SUBDOMAIN } from './demo-accounts';

const DAY = 86_400_000;

type TDemoRow = { daysAgo: number; method: 'card' | 'ccp' | 'baridimob' | 'bank' | 'code' | 'manual'; amount: number; fees?: number };

/** Four months of the demo teacher's takings, every method, so that the revenue page shows each feature. */
const ROWS: TDemoRow[] = [
  { daysAgo: 118, method: 'code', amount: 3000 },
  { daysAgo: 104, method: 'manual', amount: 15000 },
  { daysAgo: 91, method: 'card', amount: 8000, fees: 200 },
  { daysAgo: 77, method: 'ccp', amount: 3000 },
  { daysAgo: 63, method: 'code', amount: 3000 },
  { daysAgo: 52, method: 'baridimob', amount: 3000 },
  { daysAgo: 44, method: 'card', amount: 3000, fees: 75 },
  { daysAgo: 31, method: 'bank', amount: 8000 },
  { daysAgo: 24, method: 'code', amount: 3000 },
  { daysAgo: 16, method: 'card', amount: 8000, fees: 200 },
  { daysAgo: 9, method: 'ccp', amount: 3000 },
  { daysAgo: 5, method: 'code', amount: 3000 },
  { daysAgo: 2, method: 'card', amount: 3000, fees: 75 },
];

export const REVENUE_SEED_STEPS: TSeedStep[] = [
  {
    name: 'revenue',
    run: async ({ db }) => {
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, DEMO_SUBDOMAIN));
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .innerJoin(user, eq(user.id, students.id))
        .where(eq(user.email, DEMO_ACCOUNTS.student));
      const [plan] = await db
        .select({ id: coursePlans.id, courseId: coursePlans.courseId })
        .from(coursePlans)
        .innerJoin(courses, eq(courses.id, coursePlans.courseId))
        .where(and(eq(coursePlans.teacherId, teacher?.id ?? ''), gt(coursePlans.priceDzd, 0)))
        .orderBy(asc(coursePlans.priceDzd))
        .limit(1);
      if (!teacher || !student || !plan) return;
      const now = Date.now();
      const base = { teacherId: teacher.id, studentId: student.id, courseId: plan.courseId, kind: 'payment' as const };
      for (const [i, r] of ROWS.entries()) {
        const createdAt = new Date(now - r.daysAgo * DAY);
        const confirmedBy = r.method === 'card' ? 'chargily' : r.method === 'code' ? null : teacher.userId;
        await recordLedgerEntry(db, {
          ...base,
          method: r.method,
          amountDzd: r.amount,
          feesDzd: r.fees ?? null,
          confirmedBy,
          sourceKey: `demo:${i}`,
          createdAt,
        });
      }
      // One card payment given back (as the refund action records it), and one transfer waiting for review.
      const [refunded] = await db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.sourceKey, 'demo:6'));
      await recordLedgerEntry(db, {
        ...base,
        kind: 'refund',
        method: 'card',
        amountDzd: -3000,
        confirmedBy: teacher.userId,
        sourceKey: `refund:${refunded?.id ?? 'demo'}`,
        note: 'سُجّل مرتين بالخطأ',
        createdAt: new Date(now - 40 * DAY),
      });
      // The transfer awaiting review is the transfers step's (a real order with its receipt).
    },
  },
];
