import { bindDeps } from '@server/core/bind';
import type { TJobQueue } from '@server/core/jobs/queue';
import { cancelPlan, reactivatePlan } from './cancel';
import type { TBillingDeps } from './deps';
import { createInvoice } from './invoices';
import { billingDailyJob, runBillingDaily } from './jobs';
import { banner, overview, quote } from './overview';
import { ownReceipt, uploadReceipt } from './receipts';
import { adminInvoices, adminReceipt, approveReceipt, platformRevenue, rejectReceipt } from './review';
import { chargilyWebhook, refreshInvoice } from './settle';

/*
 * Darsi's own plans for teachers (issue 13, spec §9): the plan subscription, invoices paid by card on
 * Darsi's Chargily account or by transfer with a receipt an admin reviews, proration, grace, cancellation
 * and the data deletion job. The rule that refuses creation after the trial lives in the plans domain.
 * Other domains import this file only.
 */

export { BILLING_RECEIPT_PATH, billingApi } from './routes';

export function createBilling(deps: TBillingDeps & { jobs: TJobQueue }) {
  deps.jobs.define(billingDailyJob(deps));
  return bindDeps(deps as TBillingDeps, {
    overview,
    banner,
    quote,
    createInvoice,
    refreshInvoice,
    uploadReceipt,
    ownReceipt,
    cancelPlan,
    reactivatePlan,
    chargilyWebhook,
    adminInvoices,
    adminReceipt,
    approveReceipt,
    rejectReceipt,
    platformRevenue,
    runBillingDaily,
  });
}

export type TBilling = ReturnType<typeof createBilling>;
