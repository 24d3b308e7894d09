import { eq } from 'drizzle-orm';
import { addDays, PERIOD_DAYS, planPrice } from '@shared/billing';
import { planInvoices, planSubscriptions, teachers } from '@server/core/db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { TSeedStep } from './index';

/**
 * The demo teacher on a paid annual plan (issue 13), so the demo can create courses, codes and enrollments
 * whatever day it runs; the billing page shows the plan and its paid invoice.
 */
export const BILLING_SEED_STEPS: TSeedStep[] = [
  {
    name: 'billing-demo',
    run: async ({ db, clock }) => {
      const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.email, DEMO_ACCOUNTS.teacher));
      if (!teacher) return;
      const now = clock.now();
      const price = planPrice('academy', 'annual');
      await db
        .insert(planInvoices)
        .values({
          reference: 'DRP-DEMO2026',
          teacherId: teacher.id,
          plan: 'academy',
          period: 'annual',
          kind: 'new',
          priceDzd: price,
          amountDzd: price,
          method: 'card',
          status: 'paid',
          createdAt: now,
          paidAt: now,
        })
        .onConflictDoNothing();
      await db
        .insert(planSubscriptions)
        .values({
          teacherId: teacher.id,
          plan: 'academy',
          period: 'annual',
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addDays(now, PERIOD_DAYS.annual),
          periodPaidDzd: price,
        })
        .onConflictDoNothing();
    },
  },
];
