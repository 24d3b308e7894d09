import { and, desc, eq, inArray } from 'drizzle-orm';
import { courses, ledgerEntries, paymentOrders, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { iso } from '@server/core/dates';
import type { TRevenueDeps } from './deps';
import { ledgerRowColumns } from './test-mode';

const l = ledgerEntries;

/** A student's own rows that moved money: payments and refunds (a cancellation is not theirs to print). */
/** What a student's list and receipt name a payment by. */
const courseAndTeacher = { courseTitle: courses.title, teacherName: teachers.name };

const studentsOwn = (studentId: string) => and(eq(l.studentId, studentId), inArray(l.kind, ['payment', 'refund']));

/**
 * "My payments": the student's ledger rows across every teacher (payments and refunds; a cancellation moves no
 * money and is not theirs to print), and their card or transfer orders still waiting or refused.
 */
export async function myPayments(deps: TRevenueDeps, studentId: string) {
  const rows = await deps.db
    // A row paid with a Chargily test key (decision 104) is listed, and marked as such on the receipt.
    .select({ ...ledgerRowColumns(), ...courseAndTeacher })
    .from(l)
    .innerJoin(teachers, eq(teachers.id, l.teacherId))
    .leftJoin(courses, eq(courses.id, l.courseId))
    .where(studentsOwn(studentId))
    .orderBy(desc(l.createdAt));
  const orders = await deps.db
    .select({
      id: paymentOrders.id,
      reference: paymentOrders.reference,
      status: paymentOrders.status,
      method: paymentOrders.method,
      amountDzd: paymentOrders.amountDzd,
      createdAt: paymentOrders.createdAt,
      ...courseAndTeacher,
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
      ...ledgerRowColumns(),
      sourceKey: l.sourceKey,
      orderReference: paymentOrders.reference,
      ...courseAndTeacher,
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
    .where(and(eq(l.id, entryId), studentsOwn(studentId)));
  if (!row) throw new AppError('RECEIPT_NOT_FOUND');
  const { emailShown, email, ...rest } = row;
  return { ...rest, email: emailShown ? email : null };
}

export type TReceiptRow = Awaited<ReturnType<typeof receiptRow>>;
