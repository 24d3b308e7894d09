import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TLanguage } from '@shared/i18n';
import type { TPlanInvoiceCreate } from '@shared/schemas/billing';
import { chargilyClient } from '@server/core/chargily';
import { planInvoices } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { ensureStaffFit } from '@server/plans';
import { applyPaid } from './activate';
import { cardKey, mainOrigin, transferDetails, type TBillingDeps } from './deps';
import { invoiceView, quote } from './overview';
import { billingText } from './texts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const reference = () => `DRP-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * Opens a plan invoice for the teacher (decision 101): refused when the plan is too small for today's use,
 * settled at once when the credit covers it, otherwise paid by card (a checkout on Darsi's own Chargily
 * account) or by transfer (a receipt an admin reviews). An earlier unpaid invoice is replaced.
 */
export async function createInvoice(deps: TBillingDeps, teacherId: string, input: TPlanInvoiceCreate, lng: TLanguage) {
  const { db, clock, config } = deps;
  const q = await quote(deps, teacherId, input);
  if (q.broken.length) {
    const limits = q.broken.map((b) => billingText(lng, `limits.${b}`)).join(lng === 'ar' ? '، ' : ', ');
    throw new AppError('PLAN_DOWNGRADE_BLOCKED', undefined, { limits }, { broken: q.broken.join(',') });
  }
  await ensureStaffFit(db, teacherId, q.plan);
  const card = cardKey(config);
  if (q.amountDzd > 0 && input.method === 'card' && !card) throw new AppError('BILLING_CARD_UNAVAILABLE');
  if (q.amountDzd > 0 && input.method === 'transfer' && !transferDetails(config)) throw new AppError('BILLING_TRANSFER_UNAVAILABLE');
  const now = clock.now();
  await db
    .update(planInvoices)
    .set({ status: 'canceled' })
    .where(and(eq(planInvoices.teacherId, teacherId), eq(planInvoices.status, 'pending')));
  const [invoice] = await db
    .insert(planInvoices)
    .values({
      reference: reference(),
      teacherId,
      plan: q.plan,
      period: q.period,
      kind: q.kind,
      priceDzd: q.priceDzd,
      creditDzd: q.creditDzd,
      bonusDays: q.bonusDays,
      amountDzd: q.amountDzd,
      method: input.method,
      createdAt: now,
    })
    .returning();
  if (q.amountDzd === 0) {
    await db.transaction((tx) => applyPaid(tx, invoice!, now));
  } else if (input.method === 'card') {
    const origin = mainOrigin(config);
    const back = `${origin}/dashboard/billing?invoice=${invoice!.id}`;
    const checkout = await chargilyClient(card!).createCheckout({
      amount: q.amountDzd,
      successUrl: back,
      failureUrl: back,
      webhookEndpoint: `${origin}/api/billing/chargily/webhook`,
      locale: lng,
      description: `Darsi ${q.plan} (${q.period}) ${invoice!.reference}`,
      metadata: { kind: 'plan', invoiceId: invoice!.id, teacherId },
    });
    await db
      .update(planInvoices)
      .set({ chargilyCheckoutId: checkout.id, checkoutUrl: checkout.checkout_url, livemode: card!.mode === 'live' })
      .where(eq(planInvoices.id, invoice!.id));
  }
  const [fresh] = await db.select().from(planInvoices).where(eq(planInvoices.id, invoice!.id));
  return invoiceView(fresh!);
}

export async function ownInvoice(deps: TBillingDeps, teacherId: string, invoiceId: string) {
  const [row] = await deps.db
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.id, invoiceId), eq(planInvoices.teacherId, teacherId)));
  if (!row) throw new AppError('BILLING_INVOICE_NOT_FOUND');
  return row;
}
