import { and, eq, inArray } from 'drizzle-orm';
import { addDays, PERIOD_DAYS, type TBillingPeriod } from '@shared/billing';
import { planInvoices, planSubscriptions, teachers } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';

type TInvoice = typeof planInvoices.$inferSelect;

/** Invoices that may still become paid: a late card payment of a replaced invoice is honoured too. */
const PAYABLE = ['pending', 'awaiting_review', 'canceled', 'expired', 'failed'];

/**
 * Marks an invoice paid and applies it, once (decision 101): a renewal adds a period after the current one;
 * a new plan or a change starts now, for the new period plus the days bought by leftover credit. The
 * teacher's plan (the limits) follows, and a cancellation is lifted. Returns false if it was already paid.
 */
export async function applyPaid(tx: TTx, invoice: TInvoice, now: Date, reviewer?: string): Promise<boolean> {
  const [marked] = await tx
    .update(planInvoices)
    .set({ status: 'paid', paidAt: now, ...(reviewer ? { reviewedBy: reviewer, reviewedAt: now } : {}) })
    .where(and(eq(planInvoices.id, invoice.id), inArray(planInvoices.status, PAYABLE)))
    .returning({ id: planInvoices.id });
  if (!marked) return false;
  const [current] = await tx.select().from(planSubscriptions).where(eq(planSubscriptions.teacherId, invoice.teacherId)).for('update');
  const days = PERIOD_DAYS[invoice.period as TBillingPeriod] + invoice.bonusDays;
  const renewing = invoice.kind === 'renewal' && current && current.currentPeriodEnd > now;
  // An early renewal joins the current period: both together are the base of a later credit.
  const values = {
    plan: invoice.plan,
    period: invoice.period,
    status: 'active',
    currentPeriodStart: renewing ? current.currentPeriodStart : now,
    currentPeriodEnd: addDays(renewing ? current.currentPeriodEnd : now, days),
    periodPaidDzd: renewing ? current.periodPaidDzd + invoice.priceDzd : invoice.priceDzd,
    canceledAt: null,
    dataDeletionAt: null,
    updatedAt: now,
  };
  await tx
    .insert(planSubscriptions)
    .values({ teacherId: invoice.teacherId, ...values })
    .onConflictDoUpdate({ target: planSubscriptions.teacherId, set: values });
  await tx.update(teachers).set({ plan: invoice.plan }).where(eq(teachers.id, invoice.teacherId));
  return true;
}
