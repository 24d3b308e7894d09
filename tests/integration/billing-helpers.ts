import { eq } from 'drizzle-orm';
import { planSubscriptions } from '@server/core/db/schema';
import type { TChargilyStandIn } from '../support/chargily-stand-in';
import type { TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';

export const DAY = 86_400_000;
export const BILLING_KEY = 'test_sk_darsi_billing_0123456789';

/** Moves the app's clock to `base + days`. */
export function clockAt(t: TTestApp, base: number, days: number) {
  t.services.clock.now = () => new Date(base + days * DAY);
}

/** A multipart upload of a receipt by the teacher. */
export async function sendReceipt(t: TTestApp, teacher: TTeacher, invoiceId: string, bytes: Buffer, type: string) {
  const url = `/api/billing/teacher/invoices/${invoiceId}/receipt`;
  const cookie = await teacher.b.jar.getCookieString(`http://${t.config.publicHost}${url}`);
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'receipt', { type }));
  return t.request(url, { method: 'POST', headers: { origin: `http://${t.config.publicHost}`, cookie, 'x-forwarded-for': teacher.b.ip }, body: form });
}

/** Pays a card invoice on the stand-in and delivers its signed webhook to the app (not over the network). */
export async function payByCard(t: TTestApp, chargily: TChargilyStandIn, checkoutId: string) {
  await chargily.settle(checkoutId, 'paid', { webhook: false });
  const { body, signature } = chargily.signedEvent(checkoutId, 'checkout.paid');
  return webhook(t, body, signature);
}

export function webhook(t: TTestApp, body: string, signature: string) {
  return t.request('/api/billing/chargily/webhook', { method: 'POST', headers: { 'content-type': 'application/json', signature }, body });
}

export async function subscriptionOf(t: TTestApp, teacherId: string) {
  const [row] = await t.database.db.select().from(planSubscriptions).where(eq(planSubscriptions.teacherId, teacherId));
  return row;
}
