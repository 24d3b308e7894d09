import { and, eq } from 'drizzle-orm';
import type { TRefund } from '@shared/schemas/revenue';
import { ledgerEntries } from '@server/core/db/schema';
import { audit, type TActor } from '@server/core/audit';
import { AppError } from '@server/core/errors';
import { recordLedgerEntry, type TLedgerMethod } from '@server/core/ledger';
import type { TRevenueDeps } from './deps';

/**
 * A refund is a new negative row against the payment it returns (decision 096), never an edit of it: at most
 * one per payment (its source key is `refund:<payment id>`), of at most the amount paid. Access is not touched:
 * the teacher cancels the subscription themselves when the refund ends it.
 */
export async function refundPayment(deps: TRevenueDeps, teacherId: string, paymentId: string, input: TRefund, actor: TActor) {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, paymentId), eq(ledgerEntries.teacherId, teacherId)))
      .for('update');
    if (!payment || payment.kind !== 'payment') throw new AppError('PAYMENT_NOT_FOUND');
    const amount = input.amountDzd ?? payment.amountDzd;
    if (amount > payment.amountDzd) throw new AppError('REFUND_TOO_LARGE');
    const now = deps.clock.now();
    const written = await recordLedgerEntry(tx, {
      teacherId,
      studentId: payment.studentId,
      courseId: payment.courseId,
      orderId: payment.orderId,
      enrollmentId: payment.enrollmentId,
      method: payment.method as TLedgerMethod,
      kind: 'refund',
      amountDzd: -amount,
      confirmedBy: actor.userId,
      sourceKey: `refund:${payment.id}`,
      note: input.reason,
      createdAt: now,
    });
    if (!written) throw new AppError('ALREADY_REFUNDED');
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'teacher',
      action: 'payment.refunded',
      targetType: 'ledger_entry',
      targetId: payment.id,
      teacherId,
      details: { amountDzd: amount, reason: input.reason, studentId: payment.studentId },
      ip: actor.ip,
    });
    return { ok: true as const, amountDzd: amount };
  });
}
