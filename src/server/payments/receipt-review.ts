import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TTransferMethod } from '@shared/schemas/transfer';
import { coursePlans, courses, paymentOrders, paymentReceipts, students, user } from '@server/core/db/schema';
import { iso } from '@server/core/dates';
import { AppError } from '@server/core/errors';
import { audit } from '@server/core/audit';
import { ensureStudentCapacity } from '@server/plans';
import { fulfilPaidOrder, orderPlan } from './fulfil-order';
import type { TTransferDeps } from './transfer-deps';
import { transferNoticeJob } from './transfer-notices';

/*
 * The teacher's receipts inbox: each receipt beside its order (amount, reference, method, student, date).
 * Approving enrolls the student and writes the ledger in one transaction; the receipt row is moved from
 * pending by a conditional update, so a double click or a second tab approves once (decision 092).
 */

const r = paymentReceipts;
const o = paymentOrders;

export async function receiptsInbox({ db }: TTransferDeps, teacherId: string, status: 'pending' | 'approved' | 'rejected') {
  const rows = await db
    .select({ receipt: r, order: o, studentName: students.name, studentEmail: user.email, courseTitle: courses.title, planType: coursePlans.type })
    .from(r)
    .innerJoin(o, eq(o.id, r.orderId))
    .innerJoin(students, eq(students.id, r.studentId))
    .innerJoin(user, eq(user.id, r.studentId))
    .innerJoin(courses, eq(courses.id, o.courseId))
    .leftJoin(coursePlans, eq(coursePlans.id, o.planId))
    .where(and(eq(r.teacherId, teacherId), eq(r.status, status)))
    // Pending: the oldest first, as a queue; reviewed: the latest first.
    .orderBy(status === 'pending' ? asc(r.createdAt) : desc(r.reviewedAt))
    .limit(200);
  return rows.map(({ receipt, order, ...rest }) => ({
    id: receipt.id,
    status: receipt.status,
    mime: receipt.mime,
    sizeBytes: receipt.sizeBytes,
    rejectReason: receipt.rejectReason,
    createdAt: iso(receipt.createdAt),
    reviewedAt: iso(receipt.reviewedAt),
    order: {
      id: order.id,
      reference: order.reference,
      method: order.method as TTransferMethod,
      amountDzd: order.amountDzd,
      status: order.status,
      createdAt: iso(order.createdAt),
    },
    student: { name: rest.studentName, email: rest.studentEmail },
    course: { id: order.courseId, title: rest.courseTitle },
    planType: rest.planType,
  }));
}

/** The count beside "Receipts" in the dashboard's navigation. */
export async function pendingReceiptsCount({ db }: TTransferDeps, teacherId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.teacherId, teacherId), eq(r.status, 'pending')));
  return { pending: row?.n ?? 0 };
}

/** A receipt's file for its teacher or its student; anyone else gets a 404, as if it did not exist. */
export async function receiptFile(deps: TTransferDeps, owner: { teacherId: string } | { studentId: string }, receiptId: string) {
  const where = 'teacherId' in owner ? eq(r.teacherId, owner.teacherId) : eq(r.studentId, owner.studentId);
  const [row] = await deps.db
    .select({ fileKey: r.fileKey, mime: r.mime })
    .from(r)
    .where(and(eq(r.id, receiptId), where));
  const file = row ? await deps.storage.get(row.fileKey) : null;
  if (!row || !file) throw new AppError('RECEIPT_NOT_FOUND');
  return { ...file, mime: row.mime, name: `receipt-${receiptId.slice(0, 8)}.${row.mime === 'application/pdf' ? 'pdf' : 'webp'}` };
}

async function alreadyReviewed(deps: TTransferDeps, teacherId: string, receiptId: string, wanted: 'approved' | 'rejected') {
  const [current] = await deps.db
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.id, receiptId), eq(r.teacherId, teacherId)));
  if (!current) throw new AppError('RECEIPT_NOT_FOUND');
  // The same decision twice (double click, second tab) is answered as done; the opposite one is refused.
  if (current.status === wanted) return { id: receiptId, status: wanted, already: true };
  throw new AppError('RECEIPT_ALREADY_REVIEWED');
}

export async function approveReceipt(deps: TTransferDeps, teacherId: string, receiptId: string, reviewerUserId: string) {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const [receipt] = await tx
      .update(r)
      .set({ status: 'approved', reviewedBy: reviewerUserId, reviewedAt: now })
      .where(and(eq(r.id, receiptId), eq(r.teacherId, teacherId), eq(r.status, 'pending')))
      .returning();
    if (!receipt) return null;
    const [order] = await tx
      .update(o)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(o.id, receipt.orderId), eq(o.status, 'awaiting_review')))
      .returning();
    if (!order) throw new AppError('RECEIPT_ALREADY_REVIEWED');
    const plan = await orderPlan(tx, order);
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    await ensureStudentCapacity(tx, teacherId, order.studentId, now);
    const method = order.method as TTransferMethod;
    const enrollment = await fulfilPaidOrder(tx, order, plan, { source: 'payment', method, confirmedBy: reviewerUserId, note: order.reference, now });
    await audit(tx, {
      actorUserId: reviewerUserId,
      actorRole: 'teacher',
      action: 'payment.receipt_approved',
      targetType: 'payment_order',
      targetId: order.id,
      teacherId,
      details: { reference: order.reference, method: order.method, amountDzd: order.amountDzd, studentId: order.studentId, receiptId },
    });
    return { id: receipt.id, status: 'approved' as const, already: false, enrollmentId: enrollment.id };
  });
  if (!done) return alreadyReviewed(deps, teacherId, receiptId, 'approved');
  await deps.jobs.send(transferNoticeJob(deps), { kind: 'approved', receiptId });
  return done;
}

export async function rejectReceipt(deps: TTransferDeps, teacherId: string, receiptId: string, reason: string, reviewerUserId: string) {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const [receipt] = await tx
      .update(r)
      .set({ status: 'rejected', rejectReason: reason, reviewedBy: reviewerUserId, reviewedAt: now })
      .where(and(eq(r.id, receiptId), eq(r.teacherId, teacherId), eq(r.status, 'pending')))
      .returning({ id: r.id, orderId: r.orderId });
    if (!receipt) return null;
    // The student may send a new receipt for the same order and reference.
    await tx
      .update(o)
      .set({ status: 'rejected', updatedAt: now })
      .where(and(eq(o.id, receipt.orderId), eq(o.status, 'awaiting_review')));
    await audit(tx, {
      actorUserId: reviewerUserId,
      actorRole: 'teacher',
      action: 'payment.receipt_rejected',
      targetType: 'payment_order',
      targetId: receipt.orderId,
      teacherId,
      details: { reason, receiptId },
    });
    return { id: receipt.id, status: 'rejected' as const, already: false };
  });
  if (!done) return alreadyReviewed(deps, teacherId, receiptId, 'rejected');
  await deps.jobs.send(transferNoticeJob(deps), { kind: 'rejected', receiptId });
  return done;
}
