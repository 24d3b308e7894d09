import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { courses, ledgerEntries, paymentOrders, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { iso } from '@server/core/dates';
import type { TRevenueDeps } from './deps';
import { isTestPayment } from './test-mode';

const l = ledgerEntries;

/**
 * "My payments": the student's ledger rows across every teacher (payments and refunds; a cancellation moves no
 * money and is not theirs to print), and their card or transfer orders still waiting or refused.
 */
export async function myPayments(deps: TRevenueDeps, studentId: string) {
  const rows = await deps.db
    .select({
      id: l.id,
      createdAt: l.createdAt,
      kind: l.kind,
      method: l.method,
      amountDzd: l.amountDzd,
      courseTitle: courses.title,
      teacherName: teachers.name,
      // Paid with a Chargily test key (decision 104): listed, and marked as such on the receipt.
      test: sql<boolean>`${isTestPayment(l.orderId)}`,
    })
    .from(l)
    .innerJoin(teachers, eq(teachers.id, l.teacherId))
    .leftJoin(courses, eq(courses.id, l.courseId))
    .where(and(eq(l.studentId, studentId), inArray(l.kind, ['payment', 'refund'])))
    .orderBy(desc(l.createdAt));
  const orders = await deps.db
    .select({
      id: paymentOrders.id,
      reference: paymentOrders.reference,
      status: paymentOrders.status,
      method: paymentOrders.method,
      amountDzd: paymentOrders.amountDzd,
      createdAt: paymentOrders.createdAt,
      courseTitle: courses.title,
      teacherName: teachers.name,
    })
    .from(paymentOrders)
    .innerJoin(teachers, eq(teachers.id, paymentOrders.teacherId))
    .leftJoin(courses, eq(courses.id, paymentOrders.courseId))
    .where(and(eq(paymentOrders.studentId, studentId), inArray(paymentOrders.status, ['pending', 'awaiting_review', 'rejected'])))
    .orderBy(desc(paymentOrders.createdAt));
  return {
    payments: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)! })),
    orders: orders.map((o) => ({ ...o, createdAt: iso(o.createdAt)! })),
  };
}

/** One of the student's own ledger rows with what its receipt prints; anyone else's is "not found". */
export async function receiptRow(deps: TRevenueDeps, studentId: string, entryId: string) {
  const [row] = await deps.db
    .select({
      id: l.id,
      createdAt: l.createdAt,
      kind: l.kind,
      method: l.method,
      amountDzd: l.amountDzd,
      sourceKey: l.sourceKey,
      test: sql<boolean>`${isTestPayment(l.orderId)}`,
      orderReference: paymentOrders.reference,
      courseTitle: courses.title,
      teacherName: teachers.name,
      subdomain: teachers.subdomain,
      phone: teachers.contactPhone,
      whatsapp: teachers.contactWhatsapp,
      emailShown: teachers.contactEmailShown,
      email: user.email,
    })
    .from(l)
    .innerJoin(teachers, eq(teachers.id, l.teacherId))
    .innerJoin(user, eq(user.id, teachers.userId))
    .leftJoin(courses, eq(courses.id, l.courseId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, l.orderId))
    .where(and(eq(l.id, entryId), eq(l.studentId, studentId), inArray(l.kind, ['payment', 'refund'])));
  if (!row) throw new AppError('RECEIPT_NOT_FOUND');
  const { emailShown, email, ...rest } = row;
  return { ...rest, email: emailShown ? email : null };
}

export type TReceiptRow = Awaited<ReturnType<typeof receiptRow>>;
