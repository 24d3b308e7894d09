import { sql, type SQL } from 'drizzle-orm';

/**
 * Paid with the teacher's Chargily test key (decision 104): the ledger row stays, marked, but is not revenue. The one
 * place that rule is written; `orderId` is the ledger row's order column in the query that asks.
 */
export const isTestPayment = (orderId: unknown): SQL =>
  sql`exists (select 1 from payment_orders o where o.id = ${orderId} and o.livemode = false)`;
