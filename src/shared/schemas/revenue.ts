import { z } from 'zod';
import { isCalendarDay } from '../dates';

/* The ledger as the revenue page reads it (issue 13, decisions 096–097). Integer DZD everywhere. */

export const LEDGER_METHODS = ['card', 'ccp', 'baridimob', 'bank', 'code', 'manual'] as const;
export const LEDGER_KINDS = ['payment', 'refund', 'cancellation'] as const;
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type TGranularity = (typeof GRANULARITIES)[number];
export const LEDGER_PAGE_SIZE = 50;

/** A calendar day, YYYY-MM-DD, read on the Algiers clock. */
const ZDay = z.string().refine(isCalendarDay, 'fields.invalid');

export const ZSummaryQuery = z.object({ granularity: z.enum(GRANULARITIES).default('day') });

export const ZLedgerFilter = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  method: z.enum(LEDGER_METHODS).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  courseId: z.uuid('fields.invalid').optional(),
});
export type TLedgerFilter = z.infer<typeof ZLedgerFilter>;

export const ZLedgerQuery = ZLedgerFilter.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZRefund = z.object({
  /** Omitted: the whole payment. */
  amountDzd: z.number('fields.invalid').int('fields.invalid').positive('fields.invalid').max(100_000_000, 'fields.invalid').optional(),
  reason: z.string('fields.required').trim().min(1, 'fields.required').max(500, 'fields.tooLong'),
});
export type TRefund = z.infer<typeof ZRefund>;
