import { sql, type SQL } from 'drizzle-orm';
import { ledgerEntries } from '@server/core/db/schema';

/**
 * Paid with the teacher's Chargily test key (decision 104): the ledger row stays, marked, but is not revenue. The one
 * place that rule is written; `orderId` is the ledger row's order column in the query that asks.
 */
export const isTestPayment = (orderId: unknown): SQL => sql`exists (select 1 from payment_orders o where o.id = ${orderId} and o.livemode = false)`;

/** What every list of ledger rows shows of a row (the teacher's ledger, a student's payments, a receipt). */
export const ledgerRowColumns = () => ({
  id: ledgerEntries.id,
  createdAt: ledgerEntries.createdAt,
  kind: ledgerEntries.kind,
  method: ledgerEntries.method,
  amountDzd: ledgerEntries.amountDzd,
  test: sql<boolean>`${isTestPayment(ledgerEntries.orderId)}`,
});
