import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { verifyChargilySignature, ZChargilyCheckout } from '@server/core/chargily';
import { paymentEvents, paymentOrders } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { keyOf, settingsRow } from './card-settings';
import type { TPaymentsDeps } from './deps';
import { orderById } from './orders-query';
import { afterSettled } from './refresh';
import { matchesOrder, settleOrder } from './settle';

/*
 * POST /api/payments/chargily/webhook (issue 13, decision 088). The body is read raw: the signature is the hex
 * HMAC-SHA256 of those bytes under the secret key of the order's teacher, in the event's mode. Nothing is
 * changed before the signature holds. The event id is recorded in the same transaction as the order's change,
 * so a replay (or ten at once) finds it and does nothing; a second event for the same checkout finds the order
 * no longer pending.
 */

const ZEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  livemode: z.boolean(),
  data: ZChargilyCheckout,
});

const EVENT_STATUS: Record<string, string> = {
  'checkout.paid': 'paid',
  'checkout.failed': 'failed',
  'checkout.canceled': 'canceled',
  'checkout.expired': 'expired',
};

function parseEvent(raw: Buffer) {
  try {
    const parsed = ZEvent.safeParse(JSON.parse(raw.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: refused below like any other malformed event.
  }
  throw new AppError('BAD_REQUEST');
}

async function findOrder(deps: TPaymentsDeps, checkoutId: string, orderId: string | undefined) {
  const byId = orderId ? await orderById(deps.db, orderId) : null;
  if (byId) return byId;
  const [byCheckout] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.chargilyCheckoutId, checkoutId));
  return byCheckout ?? null;
}

export async function handleChargilyWebhook(deps: TPaymentsDeps, raw: Buffer, signature: string | undefined) {
  const event = parseEvent(raw);
  const order = await findOrder(deps, event.data.id, event.data.metadata.order_id);
  if (!order || order.method !== 'card') throw new AppError('ORDER_NOT_FOUND');
  const key = keyOf(deps, await settingsRow(deps.db, order.teacherId), event.livemode ? 'live' : 'test');
  if (!key || !verifyChargilySignature(raw, signature, key)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
  // Signed by the teacher's key, yet not this order's (another mode, another amount, another checkout).
  if (event.livemode !== event.data.livemode || !matchesOrder(order, event.data)) throw new AppError('PAYMENT_MISMATCH');
  if (EVENT_STATUS[event.type] && EVENT_STATUS[event.type] !== event.data.status) throw new AppError('PAYMENT_MISMATCH');
  const result = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, provider: 'chargily', receivedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { duplicate: true, settled: null };
    const current = (await orderById(tx, order.id)) ?? order;
    return { duplicate: false, settled: await settleOrder(deps, tx, current, event.data) };
  });
  await afterSettled(deps, order.id, result.settled);
  return { received: true, duplicate: result.duplicate, status: result.settled };
}
