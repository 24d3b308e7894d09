import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { availableMethods, type TTransferMethod, type TTransferOrderCreate } from '@shared/schemas/transfer';
import { coursePlans, courses, paymentOrders, paymentReceipts, teachers } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { iso } from '@server/core/dates';
import { AppError } from '@server/core/errors';
import type { TTransferDeps } from './transfer-deps';
import { instructionsFor, transferDetails } from './transfer-settings';
import { courseOnHost } from '@server/courses';
import { paidPlans } from './orders-query';

/*
 * A student's transfer order: the exact amount of a course plan and a reference to write on the transfer. A
 * student who comes back to the same plan and method gets their open order again rather than a second one
 * (one transfer, one reference).
 */

export type TWhere = { hostSubdomain: string | null };

const o = paymentOrders;
/** States in which an order still waits for the student's money or the teacher's review. */
const OPEN = ['pending', 'awaiting_review', 'rejected'];

/** Crockford-like letters: no 0/O, 1/I/L or U, so that a reference read aloud or typed at the post office survives. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newReference(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `DRS-${code}`;
}

/** A published course of an active teacher, seen from the host it was asked on (an archived one is not found). */
async function buyableCourse(tx: TTx, courseId: string, where: TWhere) {
  const { course, subdomain, teacherName, teacherActive } = await courseOnHost(tx, courseId, where.hostSubdomain);
  if (course.status !== 'published') throw new AppError('COURSE_NOT_FOUND');
  if (!teacherActive) throw new AppError('TEACHER_INACTIVE');
  return { id: course.id, title: course.title, teacherId: course.teacherId, subdomain, teacherName };
}

/** The checkout choice: the course, its paid plans, and the ways this teacher takes money. */
export async function checkoutOptions({ db }: TTransferDeps, studentId: string, courseId: string, where: TWhere) {
  const course = await buyableCourse(db, courseId, where);
  const details = await transferDetails(db, course.teacherId);
  const open = await db
    .select({ id: o.id, planId: o.planId, method: o.method, status: o.status, reference: o.reference })
    .from(o)
    .where(and(eq(o.studentId, studentId), eq(o.courseId, course.id), inArray(o.status, OPEN), sql`${o.method} <> 'card'`))
    .orderBy(desc(o.createdAt));
  return {
    course: { id: course.id, title: course.title, teacherName: course.teacherName, subdomain: course.subdomain },
    plans: await paidPlans(db, course.id),
    card: details.cardEnabled,
    transfer: details.transferEnabled ? availableMethods(details) : [],
    openOrders: open,
  };
}

export async function createTransferOrder(deps: TTransferDeps, studentId: string, input: TTransferOrderCreate, where: TWhere) {
  const { db, clock } = deps;
  const course = await buyableCourse(db, input.courseId, where);
  const plan = (await paidPlans(db, course.id)).find((p) => p.id === input.planId);
  if (!plan) throw new AppError('PLAN_NOT_FOUND');
  const details = await transferDetails(db, course.teacherId);
  if (!details.transferEnabled || !availableMethods(details).includes(input.method)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const [open] = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.studentId, studentId), eq(o.planId, plan.id), eq(o.method, input.method), inArray(o.status, OPEN), eq(o.amountDzd, plan.priceDzd)));
  if (open) return { id: open.id, created: false };
  const now = clock.now();
  // A reference collision (1 in 30^8) simply draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(o)
      .values({
        reference: newReference(),
        teacherId: course.teacherId,
        studentId,
        courseId: course.id,
        planId: plan.id,
        amountDzd: plan.priceDzd,
        method: input.method,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: o.reference })
      .returning({ id: o.id });
    if (row) return { id: row.id, created: true };
  }
  throw new AppError('CONFLICT');
}

/** An order of the student's own, with what to pay into and the receipts sent so far. */
export async function studentOrder({ db }: TTransferDeps, studentId: string, orderId: string) {
  const [row] = await db
    .select({ order: o, courseTitle: courses.title, teacherName: teachers.name, subdomain: teachers.subdomain, planType: coursePlans.type })
    .from(o)
    .innerJoin(courses, eq(courses.id, o.courseId))
    .innerJoin(teachers, eq(teachers.id, o.teacherId))
    .leftJoin(coursePlans, eq(coursePlans.id, o.planId))
    .where(and(eq(o.id, orderId), eq(o.studentId, studentId), sql`${o.method} <> 'card'`));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const details = await transferDetails(db, row.order.teacherId);
  const receipts = await db
    .select({
      id: paymentReceipts.id,
      status: paymentReceipts.status,
      mime: paymentReceipts.mime,
      rejectReason: paymentReceipts.rejectReason,
      createdAt: paymentReceipts.createdAt,
      reviewedAt: paymentReceipts.reviewedAt,
    })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.orderId, orderId))
    .orderBy(desc(paymentReceipts.createdAt));
  const { order } = row;
  return {
    id: order.id,
    reference: order.reference,
    method: order.method as TTransferMethod,
    status: order.status,
    amountDzd: order.amountDzd,
    createdAt: iso(order.createdAt),
    paidAt: iso(order.paidAt),
    course: { id: order.courseId, title: row.courseTitle, teacherName: row.teacherName, subdomain: row.subdomain },
    planType: row.planType,
    instructions: instructionsFor(details, order.method),
    receipts: receipts.map((r) => ({ ...r, createdAt: iso(r.createdAt), reviewedAt: iso(r.reviewedAt) })),
  };
}
