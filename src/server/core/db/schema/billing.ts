import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, teacherRef } from './courses';

/*
 * Darsi's own plans for teachers (spec §9, issue 13): one plan subscription per teacher and the plan
 * invoices paid by card (Darsi's Chargily account) or by transfer with a receipt an admin reviews.
 * The rules are in src/shared/billing.ts and docs/decisions/100–102.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const planSubscriptions = pgTable('plan_subscriptions', {
  teacherId: teacherRef().primaryKey(),
  plan: text('plan').notNull(),
  /** monthly | annual */
  period: text('period').notNull(),
  /** active | past_due | canceled | expired: what the jobs last wrote; the rule reads the dates (decision 100). */
  status: text('status').notNull().default('active'),
  currentPeriodStart: ts('current_period_start').notNull(),
  currentPeriodEnd: ts('current_period_end').notNull(),
  /** What the current period cost: the base of the credit for its unused days (decision 101). */
  periodPaidDzd: integer('period_paid_dzd').notNull(),
  canceledAt: ts('canceled_at'),
  /** Set on cancellation: the end of the paid period + 30 days, when the deletion job removes the data. */
  dataDeletionAt: ts('data_deletion_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference, e.g. DRP-7K3Q9M2X: the transfer's label and the receipt's title. */
    reference: text('reference').notNull().unique(),
    teacherId: teacherRef(),
    plan: text('plan').notNull(),
    period: text('period').notNull(),
    /** new | renewal | change */
    kind: text('kind').notNull(),
    priceDzd: integer('price_dzd').notNull(),
    creditDzd: integer('credit_dzd').notNull().default(0),
    /** Extra days of the new plan bought by credit beyond its price (a downgrade). */
    bonusDays: integer('bonus_days').notNull().default(0),
    amountDzd: integer('amount_dzd').notNull(),
    /** card | transfer */
    method: text('method').notNull(),
    /** pending | awaiting_review | paid | failed | canceled | expired | rejected */
    status: text('status').notNull().default('pending'),
    chargilyCheckoutId: text('chargily_checkout_id').unique(),
    /** A card invoice's Chargily mode: false is a test payment, never platform revenue (issue 24); null for the rest. */
    livemode: boolean('livemode'),
    checkoutUrl: text('checkout_url'),
    receiptKey: text('receipt_key'),
    receiptMime: text('receipt_mime'),
    rejectReason: text('reject_reason'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('plan_invoices_teacher_idx').on(t.teacherId, t.createdAt), index('plan_invoices_status_idx').on(t.status)],
);

/** Renewal reminders and deletion warnings already sent, keyed by what was sent: jobs stay idempotent. */
export const billingNoticesSent = pgTable('billing_notices_sent', {
  key: text('key').primaryKey(),
  teacherId: teacherRef(),
  sentAt: createdAt(),
});
