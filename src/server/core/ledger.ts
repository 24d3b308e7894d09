import { ledgerEntries } from './db/schema';
import type { TTx } from './db/sql';

/*
 * The revenue ledger's one writer (issue 13). It lives in core so that every domain that takes money (payments,
 * codes, subscriptions, billing) writes the same rows without importing one another. Rows are never updated or
 * deleted; a correction is a new row.
 */

export type TLedgerMethod = 'card' | 'ccp' | 'baridimob' | 'bank' | 'code' | 'manual';
export type TLedgerKind = 'payment' | 'refund' | 'cancellation';

export type TLedgerEntry = {
  teacherId: string;
  studentId?: string | null;
  courseId?: string | null;
  orderId?: string | null;
  enrollmentId?: string | null;
  method: TLedgerMethod;
  kind: TLedgerKind;
  /** Whole DZD; negative for refunds. */
  amountDzd: number;
  feesDzd?: number | null;
  /** A user id, or 'chargily'. */
  confirmedBy?: string | null;
  /** Idempotency: 'order:<id>', 'redemption:<id>', 'enrollment:<id>', 'refund:<id>'… */
  sourceKey: string;
  note?: string | null;
  createdAt?: Date;
};

/** Writes one ledger row unless a row with the same source key exists; returns whether a row was written. */
export async function recordLedgerEntry(tx: TTx, entry: TLedgerEntry): Promise<boolean> {
  const rows = await tx.insert(ledgerEntries).values(entry).onConflictDoNothing({ target: ledgerEntries.sourceKey }).returning({ id: ledgerEntries.id });
  return rows.length > 0;
}
