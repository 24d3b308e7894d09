import { and, desc, eq } from 'drizzle-orm';
import { ledgerEntries } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { recordLedgerEntry, type TLedgerMethod } from '@server/core/ledger';

type TEnrollmentRef = { id: string; teacherId: string; studentId: string; courseId: string };

/**
 * A cancellation is a ledger row of 0 DZD (decision 096): it records that access ended, not that money moved.
 * Money given back is a refund, recorded by the teacher against the payment it returns. The row takes the
 * method of the enrollment's last payment, so that it sits beside it in a filtered list.
 */
export async function recordCancellation(tx: TTx, enrollment: TEnrollmentRef, userId: string, now: Date) {
  const [last] = await tx
    .select({ method: ledgerEntries.method })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.enrollmentId, enrollment.id), eq(ledgerEntries.kind, 'payment')))
    .orderBy(desc(ledgerEntries.createdAt))
    .limit(1);
  await recordLedgerEntry(tx, {
    teacherId: enrollment.teacherId,
    studentId: enrollment.studentId,
    courseId: enrollment.courseId,
    enrollmentId: enrollment.id,
    method: (last?.method ?? 'manual') as TLedgerMethod,
    kind: 'cancellation',
    amountDzd: 0,
    confirmedBy: userId,
    sourceKey: `cancellation:${enrollment.id}:${now.getTime()}`,
    createdAt: now,
  });
}
