import { eq } from 'drizzle-orm';
import type { TChargilyMode } from '@shared/schemas/payments';
import type { TChargilyCheckout } from '@server/core/chargily';
import { AppError } from '@server/core/errors';
import { courses, coursePlans, paymentOrders, students } from '@server/core/db/schema';
import { clientFor, keyOf, settingsRow } from './card-settings';
import type { TPaymentsDeps } from './deps';
import { orderMailJob } from './order-mail';
import { orderById, studentOrder, type TOrderRow } from './orders-query';
import { matchesOrder, settleOrder, type TSettled } from './settle';

/*
 * Asking Chargily instead of trusting a redirect or waiting for a webhook (issue 13): the order page and the
 * polling job both read the checkout and apply it (settle.ts).
 */

/** After a change: the e-mails of a payment go out through the job queue. */
export async function afterSettled(deps: TPaymentsDeps, orderId: string, settled: TSettled) {
  if (settled === 'paid') await deps.jobs.send(orderMailJob(deps), { orderId });
  if (settled === 'paid' || settled === 'failed') await notifyCard(deps, orderId, settled);
}

/** The notification centre (issue 26): the student in both cases, the teacher when money came in. */
async function notifyCard(deps: TPaymentsDeps, orderId: string, settled: 'paid' | 'failed') {
  if (!deps.notify) return;
  const [row] = await deps.db
    .select({
      teacherId: paymentOrders.teacherId,
      studentId: paymentOrders.studentId,
      courseId: paymentOrders.courseId,
      course: courses.title,
      student: students.name,
    })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .innerJoin(students, eq(students.id, paymentOrders.studentId))
    .where(eq(paymentOrders.id, orderId));
  if (!row) return;
  const base = { teacherId: row.teacherId, kind: 'cardPayment' as const, ownEmail: true };
  await deps.notify({
    ...base,
    eventKey: `card:${settled}:${orderId}`,
    users: [row.studentId],
    params: { context: settled, course: row.course },
    link: settled === 'paid' ? `/student/dashboard/courses/${row.courseId}` : `/student/dashboard/payments/${orderId}`,
  });
  if (settled === 'paid')
    await deps.notify({
      ...base,
      eventKey: `card:received:${orderId}`,
      toTeacher: true,
      params: { context: 'received', course: row.course, student: row.student },
      link: '/dashboard/revenue',
    });
}

/** Reads a pending card order's checkout from Chargily and applies it; returns the order as it now is. */
export async function refreshCardOrder(deps: TPaymentsDeps, order: TOrderRow, options: { expire?: boolean } = {}): Promise<TOrderRow> {
  if (order.method !== 'card' || order.status !== 'pending') return order;
  if (!order.chargilyCheckoutId) return order;
  const mode: TChargilyMode = order.livemode ? 'live' : 'test';
  const key = keyOf(deps, await settingsRow(deps.db, order.teacherId), mode);
  if (!key) {
    // The teacher removed the key: Darsi can no longer ask, and after 30 minutes it stops waiting.
    if (options.expire) await deps.db.transaction((tx) => settleOrder(deps, tx, order, { status: 'expired' } as TChargilyCheckout));
    return (await orderById(deps.db, order.id)) ?? order;
  }
  const client = clientFor(deps, key, mode);
  let checkout = await client.getCheckout(order.chargilyCheckoutId);
  if (options.expire && checkout.status === 'pending') {
    // Chargily answers 403 once the checkout is no longer pending (paid a moment ago): read it again.
    checkout = await client.expireCheckout(checkout.id).catch(() => client.getCheckout(order.chargilyCheckoutId!));
  }
  if (!matchesOrder(order, checkout)) throw new AppError('PAYMENT_MISMATCH');
  const settled = await deps.db.transaction((tx) => settleOrder(deps, tx, order, checkout));
  await afterSettled(deps, order.id, settled);
  return (await orderById(deps.db, order.id)) ?? order;
}

/** The student's order page: the order's real state, asked of Chargily while it is pending. */
export async function studentOrderView(deps: TPaymentsDeps, studentId: string, orderId: string) {
  let order = await studentOrder(deps.db, studentId, orderId);
  // Chargily unreachable: the page shows the order as Darsi knows it, and asks again on its next poll.
  order = await refreshCardOrder(deps, order).catch(() => order);
  const [course] = await deps.db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
  const [plan] = order.planId ? await deps.db.select().from(coursePlans).where(eq(coursePlans.id, order.planId)) : [];
  return {
    id: order.id,
    reference: order.reference,
    method: order.method,
    status: order.status,
    amountDzd: order.amountDzd,
    test: order.livemode === false,
    checkoutUrl: order.status === 'pending' ? order.checkoutUrl : null,
    course: course ?? null,
    plan: plan ? { type: plan.type, durationDays: plan.durationDays } : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
