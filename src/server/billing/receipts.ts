import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { planInvoices } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import type { TBillingDeps } from './deps';
import { ownInvoice } from './invoices';
import { invoiceView } from './overview';

/*
 * Transfer receipts of plan invoices, checked like the students' transfer receipts: an image re-encoded by
 * sharp, or a PDF without scripts, recognised by its bytes, never by its name or declared type.
 */

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

const receiptsDir = (dataDir: string) => path.join(dataDir, 'plan-receipts');

/** The same check as the students' transfer receipts (core/receipt-check.ts), under billing's own error. */
async function checked(bytes: Buffer) {
  try {
    return await checkReceipt(bytes, RECEIPT_MAX_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('RECEIPT_')) throw new AppError('BILLING_RECEIPT_INVALID');
    throw error;
  }
}

/** The teacher sends the receipt of a transfer invoice; it then waits for an admin (again after a rejection). */
export async function uploadReceipt(deps: TBillingDeps, teacherId: string, invoiceId: string, bytes: Buffer) {
  const invoice = await ownInvoice(deps, teacherId, invoiceId);
  if (invoice.method !== 'transfer' || !['pending', 'awaiting_review', 'rejected'].includes(invoice.status)) throw new AppError('BILLING_INVOICE_NOT_PENDING');
  const receipt = await checked(bytes);
  const key = `${invoice.id}.${receipt.ext}`;
  await fs.promises.mkdir(receiptsDir(deps.config.dataDir), { recursive: true });
  await fs.promises.writeFile(path.join(receiptsDir(deps.config.dataDir), key), receipt.bytes);
  const [row] = await deps.db
    .update(planInvoices)
    .set({ receiptKey: key, receiptMime: receipt.mime, status: 'awaiting_review', rejectReason: null })
    .where(and(eq(planInvoices.id, invoice.id), inArray(planInvoices.status, ['pending', 'awaiting_review', 'rejected'])))
    .returning();
  if (!row) throw new AppError('BILLING_INVOICE_NOT_PENDING');
  return invoiceView(row);
}

/** The stored receipt of an invoice, for the admin (and its teacher). */
export async function receiptFile(deps: TBillingDeps, invoice: { receiptKey: string | null; receiptMime: string | null }) {
  if (!invoice.receiptKey || !invoice.receiptMime) throw new AppError('NOT_FOUND');
  const data = await fs.promises.readFile(path.join(receiptsDir(deps.config.dataDir), invoice.receiptKey)).catch(() => null);
  if (!data) throw new AppError('NOT_FOUND');
  return { data, mime: invoice.receiptMime };
}

/** The teacher's own receipt. */
export async function ownReceipt(deps: TBillingDeps, teacherId: string, invoiceId: string) {
  return receiptFile(deps, await ownInvoice(deps, teacherId, invoiceId));
}
