import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders, paymentReceipts } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import type { TTransferDeps } from './transfer-deps';
import { transferNoticeJob } from './transfer-notices';

/*
 * The student sends the receipt of their transfer: checked (core/receipt-check.ts), stored under a name made of ids,
 * and the order waits for the teacher's review. After a rejection the student sends a new one the same way.
 */

const o = paymentOrders;
/** Only these states take a receipt: a receipt already under review, or a paid order, takes no other. */
const TAKES_RECEIPT = ['pending', 'rejected'];

export async function uploadReceipt(deps: TTransferDeps, studentId: string, orderId: string, body: Buffer) {
  const { db, clock, storage } = deps;
  const [order] = await db
    .select({ id: o.id, teacherId: o.teacherId, status: o.status })
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.studentId, studentId), sql`${o.method} <> 'card'`));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (!TAKES_RECEIPT.includes(order.status)) throw new AppError('RECEIPT_NOT_EXPECTED');
  const checked = await checkReceipt(body);
  const id = randomUUID();
  const fileKey = `${order.teacherId}/${id}.${checked.ext}`;
  await storage.put(fileKey, checked.bytes);
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Two tabs sending at once: the first moves the order on, the second finds it under review.
    const moved = await tx
      .update(o)
      .set({ status: 'awaiting_review', updatedAt: now })
      .where(and(eq(o.id, order.id), inArray(o.status, TAKES_RECEIPT)))
      .returning({ id: o.id });
    if (moved.length === 0) throw new AppError('RECEIPT_NOT_EXPECTED');
    await tx.insert(paymentReceipts).values({
      id,
      teacherId: order.teacherId,
      orderId: order.id,
      studentId,
      fileKey,
      mime: checked.mime,
      sizeBytes: checked.bytes.length,
      status: 'pending',
      createdAt: now,
    });
  });
  await deps.jobs.send(transferNoticeJob(deps), { kind: 'received', receiptId: id });
  return { id, status: 'awaiting_review' as const };
}
