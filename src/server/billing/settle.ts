import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { chargilyClient, verifyChargilySignature } from '@server/core/chargily';
import { paymentEvents, planInvoices } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { applyPaid } from './activate';
import { cardKey, type TBillingDeps } from './deps';
import { invoiceView } from './overview';
import { ownInvoice } from './invoices';

/*
 * Card payments of plans (decision 101): Chargily tells Darsi through its own webhook, checked like the
 * students' one (signature with Darsi's key, the key's mode, the amount, each event once), and the page the
 * teacher comes back to asks Chargily itself, so a late or lost webhook does not leave the teacher waiting.
 */

const ZEvent = z.object({
  id: z.string().min(1),
  type: z.string(),
  livemode: z.boolean(),
  data: z.object({ id: z.string(), status: z.string(), amount: z.number(), livemode: z.boolean().optional() }),
});

const ENDED: Record<string, string> = { failed: 'failed', canceled: 'canceled', expired: 'expired' };

type TCheckoutState = { id: string; status: string; amount: number };

/** Applies what Chargily says of a checkout to its invoice; a paid amount other than the invoice's is ignored. */
async function applyCheckout(deps: TBillingDeps, checkout: TCheckoutState) {
  const [invoice] = await deps.db.select().from(planInvoices).where(eq(planInvoices.chargilyCheckoutId, checkout.id));
  if (!invoice) return { applied: false };
  const now = deps.clock.now();
  if (checkout.status === 'paid') {
    if (checkout.amount !== invoice.amountDzd) return { applied: false };
    return { applied: await deps.db.transaction((tx) => applyPaid(tx, invoice, now)) };
  }
  const ended = ENDED[checkout.status];
  if (!ended) return { applied: false };
  await deps.db
    .update(planInvoices)
    .set({ status: ended })
    .where(and(eq(planInvoices.id, invoice.id), inArray(planInvoices.status, ['pending'])));
  return { applied: true };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POST /api/billing/chargily/webhook: Darsi's own account's events. */
export async function chargilyWebhook(deps: TBillingDeps, rawBody: string, signature: string | undefined) {
  const key = cardKey(deps.config);
  if (!key || !verifyChargilySignature(rawBody, signature, key.secretKey)) throw new AppError('BILLING_WEBHOOK_INVALID');
  const parsed = ZEvent.safeParse(parseJson(rawBody));
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const event = parsed.data;
  // A test event on a live key (or the reverse) is not a payment of this account.
  if (event.livemode !== (key.mode === 'live')) throw new AppError('BILLING_WEBHOOK_INVALID');
  const [fresh] = await deps.db
    .insert(paymentEvents)
    .values({ eventId: event.id, provider: 'chargily-billing' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  if (!fresh) return { ok: true, duplicate: true };
  const result = await applyCheckout(deps, event.data);
  return { ok: true, duplicate: false, ...result };
}

/** The return page: asks Chargily for the checkout's state rather than waiting for the webhook. */
export async function refreshInvoice(deps: TBillingDeps, teacherId: string, invoiceId: string) {
  const invoice = await ownInvoice(deps, teacherId, invoiceId);
  const key = cardKey(deps.config);
  if (invoice.method === 'card' && invoice.status === 'pending' && invoice.chargilyCheckoutId && key) {
    const checkout = await chargilyClient(key).getCheckout(invoice.chargilyCheckoutId);
    await applyCheckout(deps, checkout);
  }
  return invoiceView(await ownInvoice(deps, teacherId, invoiceId));
}
