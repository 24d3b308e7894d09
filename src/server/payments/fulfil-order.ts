import { eq } from 'drizzle-orm';
import { planDays } from '@shared/courses';
import { coursePlans, paymentOrders, teacherStudents } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { recordLedgerEntry, type TLedgerMethod } from '@server/core/ledger';
import { grantAccess } from '@server/subscriptions';
import type { TOrderRow } from './orders-query';

type TPlanRow = typeof coursePlans.$inferSelect;

/** How the money of a paid order came in: the card (Chargily) or a transfer whose receipt a teacher approved. */
type TPaidBy = { source: 'card' | 'payment'; method: TLedgerMethod; feesDzd?: number; confirmedBy: string; note: string | null; now: Date };

/** The plan the order was for, if it still exists (plans in use are retired, not deleted). */
export async function orderPlan(tx: TTx, order: TOrderRow): Promise<TPlanRow | undefined> {
  const [plan] = order.planId ? await tx.select().from(coursePlans).where(eq(coursePlans.id, order.planId)) : [];
  return plan;
}

/**
 * What a paid order gives, however it was paid (issue 13, decision 092): the subscription, the student on the
 * teacher's list, the order linked to its enrollment, and one ledger payment keyed 'order:<id>' (so a second
 * settlement of the same order writes nothing). Runs inside the transaction that moved the order to 'paid'.
 */
export async function fulfilPaidOrder(tx: TTx, order: TOrderRow, plan: TPlanRow | undefined, by: TPaidBy) {
  const { teacherId, studentId, courseId } = order;
  const enrollment = await grantAccess(tx, {
    teacherId,
    courseId,
    studentId,
    planId: plan?.id ?? null,
    type: plan?.type ?? 'custom',
    // A plan deleted since the order still gives what was paid for: a month.
    days: plan ? planDays(plan) : 30,
    paid: order.amountDzd,
    autoRenew: false,
    source: by.source,
    now: by.now,
  });
  await tx.update(paymentOrders).set({ enrollmentId: enrollment.id }).where(eq(paymentOrders.id, order.id));
  await tx.insert(teacherStudents).values({ teacherId, studentId }).onConflictDoNothing();
  await recordLedgerEntry(tx, {
    teacherId,
    studentId,
    courseId,
    orderId: order.id,
    enrollmentId: enrollment.id,
    method: by.method,
    kind: 'payment',
    amountDzd: order.amountDzd,
    feesDzd: by.feesDzd,
    confirmedBy: by.confirmedBy,
    sourceKey: `order:${order.id}`,
    note: by.note,
    createdAt: by.now,
  });
  return enrollment;
}
