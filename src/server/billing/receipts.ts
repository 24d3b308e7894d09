import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { planInvoices } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TBillingDeps } from './deps';
import { ownInvoice } from './invoices';
import { invoiceView } from './overview';

/*
 * Transfer receipts of plan invoices: an image (JPEG, PNG, WebP, re-encoded with sharp, which drops
 * anything hidden in the file) or a PDF, recognised by its first bytes, never by its name or declared type.
 */

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 50_000_000;

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';
const isImage = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP');

const receiptsDir = (dataDir: string) => path.join(dataDir, 'plan-receipts');

async function reencode(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw new AppError('BILLING_RECEIPT_INVALID');
  }
}

/** The teacher sends the receipt of a transfer invoice; it then waits for an admin (again after a rejection). */
export async function uploadReceipt(deps: TBillingDeps, teacherId: string, invoiceId: string, bytes: Buffer) {
  const invoice = await ownInvoice(deps, teacherId, invoiceId);
  if (invoice.method !== 'transfer' || !['pending', 'awaiting_review', 'rejected'].includes(invoice.status)) throw new AppError('BILLING_INVOICE_NOT_PENDING');
  if (bytes.length === 0 || bytes.length > RECEIPT_MAX_BYTES) throw new AppError('BILLING_RECEIPT_INVALID');
  const pdf = isPdf(bytes);
  if (!pdf && !isImage(bytes)) throw new AppError('BILLING_RECEIPT_INVALID');
  const data = pdf ? bytes : await reencode(bytes);
  const key = `${invoice.id}.${pdf ? 'pdf' : 'webp'}`;
  await fs.promises.mkdir(receiptsDir(deps.config.dataDir), { recursive: true });
  await fs.promises.writeFile(path.join(receiptsDir(deps.config.dataDir), key), data);
  const [row] = await deps.db
    .update(planInvoices)
    .set({ receiptKey: key, receiptMime: pdf ? 'application/pdf' : 'image/webp', status: 'awaiting_review', rejectReason: null })
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
