import { ledgerEntries } from './db/schema';
import type { TTx } from './db/sql';

/* TEMPORARY shim of the payments foundation (branch card); reverted before merging it. */

export type TLedgerEntry = typeof ledgerEntries.$inferInsert;

export async function recordLedgerEntry(tx: TTx, entry: TLedgerEntry): Promise<boolean> {
  const rows = await tx.insert(ledgerEntries).values(entry).onConflictDoNothing({ target: ledgerEntries.sourceKey }).returning({ id: ledgerEntries.id });
  return rows.length > 0;
}
