import { bindDeps } from '@server/core/bind';
import type { TRevenueDeps } from './deps';
import { exportEntries, listEntries } from './entries';
import { receiptPdf } from './receipt-pdf';
import { refundPayment } from './refund';
import { myPayments, receiptRow } from './student-payments';
import { revenueSummary } from './summary';

/*
 * The revenue domain (issue 13, decisions 096–098): reads the ledger every payment writes (core/ledger.ts) for
 * the teacher's revenue page and the student's payments and receipts, and records refunds. Other domains import
 * this file only.
 */

export { revenueApi } from './routes';
export { isTestPayment } from './test-mode';

export function createRevenue(deps: TRevenueDeps) {
  return bindDeps(deps, { summary: revenueSummary, listEntries, exportEntries, refundPayment, myPayments, receiptRow, receiptPdf });
}

export type TRevenue = ReturnType<typeof createRevenue>;
