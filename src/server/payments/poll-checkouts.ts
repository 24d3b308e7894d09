import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { CARD_CHECKOUT_TTL_MS } from '@shared/schemas/payments';
import { paymentOrders } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TPaymentsDeps } from './deps';
import { refreshCardOrder } from './refresh';

/*
 * Webhooks can be late or never come (Chargily's sandbox has lost some): every minute, each pending card order
 * is read from Chargily and applied; one older than 30 minutes is expired there first (expireCheckout), so that
 * it cannot be paid after Darsi gave up on it.
 */

const BATCH = 200;

export async function pollCardCheckouts(deps: TPaymentsDeps, logger?: Logger) {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - CARD_CHECKOUT_TTL_MS);
  // An order whose checkout was never created cannot be paid: it expires with the others.
  await deps.db
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(paymentOrders.method, 'card'),
        eq(paymentOrders.status, 'pending'),
        isNull(paymentOrders.chargilyCheckoutId),
        lte(paymentOrders.createdAt, cutoff),
      ),
    );
  const pending = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.method, 'card'), eq(paymentOrders.status, 'pending')))
    .orderBy(asc(paymentOrders.createdAt))
    .limit(BATCH);
  const counts = { checked: 0, changed: 0, failed: 0 };
  for (const order of pending) {
    counts.checked += 1;
    try {
      const after = await refreshCardOrder(deps, order, { expire: order.createdAt.getTime() <= cutoff.getTime() });
      if (after.status !== 'pending') counts.changed += 1;
    } catch (err) {
      counts.failed += 1;
      logger?.warn({ err, orderId: order.id }, 'card checkout poll failed');
    }
  }
  return counts;
}

export const pollCheckoutsJob = (deps: TPaymentsDeps, logger: Logger) =>
  defineJob<object>({ name: 'payments.poll-card-checkouts', cron: '* * * * *', queue: { retryLimit: 0 }, run: () => pollCardCheckouts(deps, logger) });
