import { and, eq } from 'drizzle-orm';
import { courses, teachers } from '@server/core/db/schema';
import { recordLedgerEntry } from '@server/core/ledger';
import type { TSeedStep } from './index';

const DAY = 86_400_000;
const COURSE_TITLE = 'الرياضيات — الدوال الأسية واللوغاريتمية';
/** A key the Chargily stand-in accepts (any test_sk_…); real Chargily refuses it (docs/decisions/089). */
const DEMO_TEST_KEY = 'test_sk_darsiDemoStandIn2026';

/**
 * The demo teacher's Chargily account in TEST mode (issue 13) and two card payments in the ledger. Card payment
 * is turned on only when the demo runs with a stand-in (CHARGILY_API_BASE): with Chargily itself the demo key
 * would be refused in front of the student.
 */
export const PAYMENTS_SEED_STEPS: TSeedStep[] = [
  {
    name: 'payments-card',
    run: async (services) => {
      const { db, payments, config } = services;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      if (!teacher) return;
      await payments.saveCardSettings(teacher.id, { mode: 'test', enabled: Boolean(config.chargilyApiBase), testKey: DEMO_TEST_KEY });
      const [course] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.teacherId, teacher.id), eq(courses.title, COURSE_TITLE)));
      if (!course) return;
      for (const [n, daysAgo, amount] of [
        [1, 6, 3000],
        [2, 2, 8000],
      ] as const) {
        await recordLedgerEntry(db, {
          teacherId: teacher.id,
          courseId: course.id,
          method: 'card',
          kind: 'payment',
          amountDzd: amount,
          feesDzd: Math.round(amount * 0.025),
          confirmedBy: 'chargily',
          sourceKey: `demo-card:${n}`,
          note: null,
          createdAt: new Date(Date.now() - daysAgo * DAY),
        });
      }
    },
  },
];
