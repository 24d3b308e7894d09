import { index, integer, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { students } from './accounts';
import { courses, coursePlans, enrollments, teacherRef, createdAt } from './courses';

/* TEMPORARY shim of the payments foundation (branch card); reverted before merging it. */

export const paymentOrders = pgTable('payment_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  teacherId: teacherRef(),
  studentId: text('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id').references(() => coursePlans.id, { onDelete: 'set null' }),
  amountDzd: integer('amount_dzd').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull().default('pending'),
  chargilyCheckoutId: text('chargily_checkout_id').unique(),
  livemode: boolean('livemode'),
  checkoutUrl: text('checkout_url'),
  feesDzd: integer('fees_dzd'),
  enrollmentId: uuid('enrollment_id'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    studentId: text('student_id').references(() => students.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    kind: text('kind').notNull(),
    amountDzd: integer('amount_dzd').notNull(),
    feesDzd: integer('fees_dzd'),
    confirmedBy: text('confirmed_by'),
    sourceKey: text('source_key').notNull().unique(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_teacher_idx').on(t.teacherId, t.createdAt)],
);
