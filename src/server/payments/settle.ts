import { and, eq } from 'drizzle-orm';
import type { TChargilyCheckout } from '@server/core/chargily';
import { audit } from '@server/core/audit';
import { paymentOrders } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import type { TPaymentsDeps } from './deps';
import { fulfilPaidOrder, orderPlan } from './fulfil-order';
import type { TOrderRow } from './orders-query';

/*
 * What a Chargily checkout means for its order (issue 13), shared by the webhook, the order page and the polling
 * job. Every change is a conditional update of a pending order, so that however many of them race (a webhook
 * replayed ten times, the page and the job at once) exactly one pays, enrolls and writes the ledger; the
 * ledger's unique source key ('order:<id>') is the second lock.
 */

export type TSettled = 'paid' | 'failed' | 'canceled' | 'expired' | null;

/** The checkout is this order's: same checkout, same order id, same mode, same amount in DZD. */
export function matchesOrder(order: TOrderRow, checkout: TChargilyCheckout): boolean {
  return (
    checkout.id === order.chargilyCheckoutId &&
    checkout.metadata.order_id === order.id &&
    checkout.livemode === order.livemode &&
    checkout.amount === order.amountDzd &&
    checkout.currency.toLowerCase() === 'dzd'
  );
}

/** Applies a checkout's state (already matched to the order) inside `tx`; returns the change made, if any. */
export async function settleOrder(deps: TPaymentsDeps, tx: TTx, order: TOrderRow, checkout: TChargilyCheckout): Promise<TSettled> {
  if (checkout.status === 'paid') return (await markPaid(deps, tx, order, checkout)) ? 'paid' : null;
  if (checkout.status === 'failed' || checkout.status === 'canceled' || checkout.status === 'expired') {
    const now = deps.clock.now();
    const rows = await tx
      .update(paymentOrders)
      .set({ status: checkout.status, updatedAt: now })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
      .returning({ id: paymentOrders.id });
    return rows.length ? checkout.status : null;
  }
  return null;
}

async function markPaid(deps: TPaymentsDeps, tx: TTx, order: TOrderRow, checkout: TChargilyCheckout): Promise<boolean> {
  const now = deps.clock.now();
  const fees = Math.round(checkout.fees_on_merchant || checkout.fees || 0);
  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', paidAt: now, feesDzd: fees, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning();
  if (!paid) return false;
  const plan = await orderPlan(tx, order);
  const grant = await fulfilPaidOrder(tx, order, plan, { source: 'card', method: 'card', feesDzd: fees, confirmedBy: 'chargily', note: null, now });
  await audit(tx as Parameters<typeof audit>[0], {
    actorUserId: null,
    actorRole: 'system',
    action: 'subscription.enrolled',
    targetType: 'enrollment',
    targetId: grant.id,
    teacherId: order.teacherId,
    details: { studentId: order.studentId, courseId: order.courseId, planId: plan?.id ?? null, source: 'card', orderId: order.id, livemode: order.livemode },
  });
  return true;
}
