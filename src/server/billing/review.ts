import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { planInvoices, planSubscriptions, teachers } from '@server/core/db/schema';
import { audit, type TActor } from '@server/core/audit';
import { AppError } from '@server/core/errors';
import { applyPaid } from './activate';
import type { TBillingDeps } from './deps';
import { invoiceView } from './overview';
import { receiptFile } from './receipts';

/* The admin's side of plan billing: plan payments, transfer receipts to review, platform revenue. */

type TStatus = (typeof planInvoices.$inferSelect)['status'];

export async function adminInvoices(deps: TBillingDeps, status: TStatus | undefined) {
  const rows = await deps.db
    .select({ invoice: planInvoices, teacher: { id: teachers.id, name: teachers.name, email: teachers.email, subdomain: teachers.subdomain } })
    .from(planInvoices)
    .innerJoin(teachers, eq(teachers.id, planInvoices.teacherId))
    .where(status ? eq(planInvoices.status, status) : undefined)
    .orderBy(desc(planInvoices.createdAt))
    .limit(200);
  return { invoices: rows.map((r) => ({ ...invoiceView(r.invoice), teacher: r.teacher })) };
}

async function invoiceById(deps: TBillingDeps, id: string) {
  const [row] = await deps.db.select().from(planInvoices).where(eq(planInvoices.id, id));
  if (!row) throw new AppError('BILLING_INVOICE_NOT_FOUND');
  return row;
}

export async function adminReceipt(deps: TBillingDeps, id: string) {
  return receiptFile(deps, await invoiceById(deps, id));
}

/** Approving a transfer receipt pays the invoice and applies the plan, once. */
export async function approveReceipt(deps: TBillingDeps, id: string, actor: TActor) {
  const invoice = await invoiceById(deps, id);
  if (invoice.status !== 'awaiting_review') throw new AppError('BILLING_INVOICE_NOT_PENDING');
  await deps.db.transaction(async (tx) => {
    if (!(await applyPaid(tx, invoice, deps.clock.now(), actor.userId))) throw new AppError('BILLING_INVOICE_NOT_PENDING');
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'billing.receipt_approved',
      targetType: 'plan_invoice',
      targetId: id,
      teacherId: invoice.teacherId,
      details: { reference: invoice.reference, amountDzd: invoice.amountDzd },
      ip: actor.ip,
    });
  });
  return invoiceView(await invoiceById(deps, id));
}

export async function rejectReceipt(deps: TBillingDeps, id: string, reason: string, actor: TActor) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(planInvoices)
    .set({ status: 'rejected', rejectReason: reason, reviewedBy: actor.userId, reviewedAt: now })
    .where(and(eq(planInvoices.id, id), eq(planInvoices.status, 'awaiting_review')))
    .returning();
  if (!row) throw new AppError('BILLING_INVOICE_NOT_PENDING');
  await audit(deps.db, {
    actorUserId: actor.userId,
    actorRole: 'admin',
    action: 'billing.receipt_rejected',
    targetType: 'plan_invoice',
    targetId: id,
    teacherId: row.teacherId,
    details: { reference: row.reference, reason },
    ip: actor.ip,
  });
  return invoiceView(row);
}

/** Platform revenue: plan payments received, in all, over the last 30 days, by method and by plan. */
export async function platformRevenue(deps: TBillingDeps) {
  const now = deps.clock.now();
  // A card paid with Darsi's Chargily test key is no money (issue 24): counted apart, never in the revenue.
  const test = and(eq(planInvoices.method, 'card'), eq(planInvoices.livemode, false));
  const paid = and(eq(planInvoices.status, 'paid'), sql`not coalesce(${test}, false)`)!;
  const sum = sql<string>`coalesce(sum(${planInvoices.amountDzd}), 0)::bigint`;
  const [total] = await deps.db
    .select({ dzd: sum, n: sql<string>`count(*)` })
    .from(planInvoices)
    .where(paid);
  const [recent] = await deps.db
    .select({ dzd: sum })
    .from(planInvoices)
    .where(and(paid, gte(planInvoices.paidAt, new Date(now.getTime() - 30 * 86_400_000))));
  const byMethod = await deps.db.select({ key: planInvoices.method, dzd: sum }).from(planInvoices).where(paid).groupBy(planInvoices.method);
  const byPlan = await deps.db.select({ key: planInvoices.plan, dzd: sum }).from(planInvoices).where(paid).groupBy(planInvoices.plan);
  const [tests] = await deps.db
    .select({ n: sql<string>`count(*)` })
    .from(planInvoices)
    .where(and(eq(planInvoices.status, 'paid'), test));
  const [pending] = await deps.db
    .select({ n: sql<string>`count(*)` })
    .from(planInvoices)
    .where(eq(planInvoices.status, 'awaiting_review'));
  const [subscribers] = await deps.db
    .select({ n: sql<string>`count(*)` })
    .from(planSubscriptions)
    .where(sql`${planSubscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz`);
  const toMap = (rows: { key: string; dzd: string }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.dzd)]));
  return {
    totalDzd: Number(total?.dzd ?? 0),
    paidInvoices: Number(total?.n ?? 0),
    last30DaysDzd: Number(recent?.dzd ?? 0),
    byMethod: toMap(byMethod),
    byPlan: toMap(byPlan),
    pendingReceipts: Number(pending?.n ?? 0),
    testPayments: Number(tests?.n ?? 0),
    payingTeachers: Number(subscribers?.n ?? 0),
  };
}
