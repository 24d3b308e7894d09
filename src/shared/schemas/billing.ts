import { z } from 'zod';
import { BILLING_PERIODS } from '../billing';
import { PLAN_IDS } from '../plans';

/** A plan and period to quote or buy (spec §9). */
export const ZPlanChoice = z.object({
  plan: z.enum(PLAN_IDS, 'fields.unknownValue'),
  period: z.enum(BILLING_PERIODS, 'fields.unknownValue'),
});

export const PLAN_PAY_METHODS = ['card', 'transfer'] as const;
export const ZPlanInvoiceCreate = ZPlanChoice.extend({ method: z.enum(PLAN_PAY_METHODS, 'fields.unknownValue') });
export type TPlanInvoiceCreate = z.infer<typeof ZPlanInvoiceCreate>;

export const ZReceiptReject = z.object({ reason: z.string().trim().min(3, 'fields.required').max(500) });

export const PLAN_INVOICE_STATUSES = ['pending', 'awaiting_review', 'paid', 'failed', 'canceled', 'expired', 'rejected'] as const;
export const ZAdminPlanInvoicesQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PLAN_INVOICE_STATUSES, 'fields.unknownValue').optional()),
});
