import { and, desc, eq, gt } from 'drizzle-orm';
import { CARD_CHECKOUT_TTL_MS, type TCardOrderInput, type TChargilyMode } from '@shared/schemas/payments';
import type { TLanguage } from '@shared/i18n';
import { paymentOrders } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { ensureStudentCapacity } from '@server/plans';
import { clientFor, keyOf, settingsRow } from './card-settings';
import type { TPaymentsDeps } from './deps';
import { newOrderReference } from './order-reference';
import { buyableCourse, paidPlan, paidPlans } from './orders-query';

/*
 * A student buys a course plan by card (issue 13): an order, then a Chargily checkout in the teacher's account
 * (whole DZD, the order id in metadata, the student's language), then the browser goes to Chargily's page. The
 * way back is the order page, which asks Chargily (refresh.ts); the webhook (webhook.ts) usually comes first.
 */

export type TBuyer = { studentId: string; origin: string; hostSubdomain: string | null; language: TLanguage };

/** Where the student lands after Chargily: the order page in the student area they came from. */
function orderPagePath(hostSubdomain: string | null, subdomain: string, orderId: string) {
  const base = hostSubdomain ? '/student/dashboard' : `/platform/${encodeURIComponent(subdomain)}/student/dashboard`;
  return `${base}/payments/${orderId}`;
}

export function webhookEndpoint(config: TPaymentsDeps['config']) {
  return `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}/api/payments/chargily/webhook`;
}

/** What the pay page offers: the course's paid plans and whether (and in which mode) card payment is on. */
export async function paymentOptions(deps: TPaymentsDeps, courseId: string, hostSubdomain: string | null) {
  const { course, subdomain, teacherName } = await buyableCourse(deps.db, courseId, hostSubdomain);
  const row = await settingsRow(deps.db, course.teacherId);
  const mode = (row?.chargilyMode ?? 'test') as TChargilyMode;
  const card = row?.cardEnabled && keyOf(deps, row, mode) ? { mode } : null;
  return {
    course: { id: course.id, title: course.title, teacherName, subdomain },
    plans: await paidPlans(deps.db, course.id),
    card,
  };
}

export async function startCardOrder(deps: TPaymentsDeps, buyer: TBuyer, input: TCardOrderInput) {
  const { db, clock } = deps;
  const { course, subdomain } = await buyableCourse(db, input.courseId, buyer.hostSubdomain);
  const plan = await paidPlan(db, course.id, input.planId);
  const settings = await settingsRow(db, course.teacherId);
  const mode = (settings?.chargilyMode ?? 'test') as TChargilyMode;
  const key = settings?.cardEnabled ? keyOf(deps, settings, mode) : null;
  if (!key) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const now = clock.now();
  // No money is taken for a place the platform cannot give.
  await ensureStudentCapacity(db, course.teacherId, buyer.studentId, now).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'PLAN_LIMIT_STUDENTS' ? new AppError('PLATFORM_FULL') : error;
  });
  // A second click (or a back button) while a checkout is still open goes back to that checkout.
  const [open] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.studentId, buyer.studentId),
        eq(paymentOrders.planId, plan.id),
        eq(paymentOrders.method, 'card'),
        eq(paymentOrders.status, 'pending'),
        eq(paymentOrders.livemode, mode === 'live'),
        eq(paymentOrders.amountDzd, plan.priceDzd),
        gt(paymentOrders.createdAt, new Date(now.getTime() - CARD_CHECKOUT_TTL_MS / 2)),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  if (open?.checkoutUrl) return { orderId: open.id, reference: open.reference, checkoutUrl: open.checkoutUrl };
  const [order] = await db
    .insert(paymentOrders)
    .values({
      reference: newOrderReference(),
      teacherId: course.teacherId,
      studentId: buyer.studentId,
      courseId: course.id,
      planId: plan.id,
      amountDzd: plan.priceDzd,
      method: 'card',
      status: 'pending',
      livemode: mode === 'live',
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + CARD_CHECKOUT_TTL_MS),
    })
    .returning();
  const back = `${buyer.origin}${orderPagePath(buyer.hostSubdomain, subdomain, order!.id)}`;
  try {
    const checkout = await clientFor(deps, key, mode).createCheckout({
      amount: plan.priceDzd,
      successUrl: back,
      failureUrl: back,
      webhookEndpoint: webhookEndpoint(deps.config),
      locale: buyer.language,
      description: `${course.title} (${order!.reference})`,
      metadata: { order_id: order!.id, reference: order!.reference },
    });
    await db
      .update(paymentOrders)
      .set({ chargilyCheckoutId: checkout.id, checkoutUrl: checkout.checkout_url, updatedAt: now })
      .where(eq(paymentOrders.id, order!.id));
    return { orderId: order!.id, reference: order!.reference, checkoutUrl: checkout.checkout_url };
  } catch (error) {
    // No checkout: the order can never be paid.
    await db.update(paymentOrders).set({ status: 'failed', updatedAt: now }).where(eq(paymentOrders.id, order!.id));
    throw error;
  }
}
