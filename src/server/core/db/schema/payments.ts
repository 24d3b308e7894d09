import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students, teachers } from './accounts';
import { courses, coursePlans, enrollments, teacherRef, createdAt } from './courses';

/*
 * Tables of the payments (issue 13): each teacher's payment settings, the orders students place (card through
 * Chargily, or a transfer with a receipt), the receipts, the revenue ledger every way of paying writes to, and
 * the provider events already handled. Money is whole DZD.
 */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const teacherPaymentSettings = pgTable('teacher_payment_settings', {
  teacherId: uuid('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  /** test | live: which of the teacher's Chargily keys new checkouts use. */
  chargilyMode: text('chargily_mode').notNull().default('test'),
  /** The teacher's Chargily secret keys, sealed by core/secret-box.ts (never stored or sent in clear). */
  chargilyTestKeyEnc: text('chargily_test_key_enc'),
  chargilyLiveKeyEnc: text('chargily_live_key_enc'),
  cardEnabled: boolean('card_enabled').notNull().default(false),
  ccpHolder: text('ccp_holder'),
  ccpNumber: text('ccp_number'),
  ccpKey: text('ccp_key'),
  rip: text('rip'),
  baridimobNumber: text('baridimob_number'),
  bankName: text('bank_name'),
  bankHolder: text('bank_holder'),
  bankAccount: text('bank_account'),
  transferEnabled: boolean('transfer_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A student's purchase of a course plan, by card or by transfer. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference shown to the student and the teacher, e.g. DRS-7K3Q9M2X. */
    reference: text('reference').notNull().unique(),
    teacherId: teacherRef(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => coursePlans.id, { onDelete: 'set null' }),
    amountDzd: integer('amount_dzd').notNull(),
    /** card | ccp | baridimob | bank */
    method: text('method').notNull(),
    /** pending | awaiting_review | paid | failed | canceled | expired | rejected */
    status: text('status').notNull().default('pending'),
    chargilyCheckoutId: text('chargily_checkout_id').unique(),
    livemode: boolean('livemode'),
    checkoutUrl: text('checkout_url'),
    feesDzd: integer('fees_dzd'),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_orders_teacher_idx').on(t.teacherId, t.status, t.createdAt),
    index('payment_orders_student_idx').on(t.studentId, t.createdAt),
    index('payment_orders_pending_card_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.method} = 'card'`),
  ],
);

/** A transfer receipt a student uploads for an order; the teacher approves or rejects it. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_receipts_teacher_idx').on(t.teacherId, t.status, t.createdAt), index('payment_receipts_order_idx').on(t.orderId)],
);

/**
 * The teacher's revenue ledger. Rows are never updated or deleted: a correction is a new row. `source_key`
 * makes each write idempotent ('order:<id>', 'redemption:<id>', 'enrollment:<id>', 'refund:<id>'…).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    studentId: text('student_id').references(() => students.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    /** card | ccp | baridimob | bank | code | manual */
    method: text('method').notNull(),
    /** payment | refund | cancellation */
    kind: text('kind').notNull(),
    /** Negative for refunds. */
    amountDzd: integer('amount_dzd').notNull(),
    feesDzd: integer('fees_dzd'),
    /** A user id, or 'chargily'. */
    confirmedBy: text('confirmed_by'),
    sourceKey: text('source_key').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_key').on(t.sourceKey),
    index('ledger_entries_teacher_idx').on(t.teacherId, t.createdAt),
    index('ledger_entries_student_idx').on(t.studentId, t.createdAt),
  ],
);

/** Provider webhook events already handled (idempotency on the event id). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
