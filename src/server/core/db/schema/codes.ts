import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts';
import { courses, coursePlans, enrollments, teacherRef, createdAt } from './courses';

/* Tables of the activation codes domain: batches, cards, redemptions, requests to the teacher, card exports. */

export const codeBatches = pgTable(
  'code_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => coursePlans.id, { onDelete: 'set null' }),
    size: integer('size').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** Access each redemption grants; null is permanent. */
    accessDays: integer('access_days'),
    activateOnSale: boolean('activate_on_sale').notNull().default(false),
    /**
     * The batch's number on the teacher's platform, 1, 2, 3… in the order batches were made: the first half
     * of every card number (`12-0137`, decision 105). Batches made before card numbers get theirs lazily.
     */
    number: integer('number'),
    createdBy: text('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('code_batches_teacher_idx').on(t.teacherId, t.createdAt), uniqueIndex('code_batches_number_key').on(t.teacherId, t.number)],
);

/**
 * Six-digit activation codes. The database never holds a usable code in clear: `code_hmac` is a keyed
 * HMAC for lookup and `code_enc` the code under AES-256-GCM, both keyed outside the database
 * (docs/decisions/030-activation-code-storage.md).
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    codeEnc: text('code_enc').notNull(),
    last2: text('last2').notNull(),
    /**
     * 1…size within the batch, printed on the card: two cards of one batch often share their last two
     * digits, so the teacher tells them apart (mark sold, revoke) by this number.
     */
    serial: integer('serial').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    /** Not revoked, not used up, not known to be expired: the set in which codes must be unique. */
    live: boolean('live').notNull().default(true),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * SHA-256 of the card's QR token (decision 106): the token itself is derived from the codes secret and
     * never stored, so that the database alone cannot redeem a card.
     */
    linkHash: text('link_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activation_codes_link_key').on(t.linkHash),
    uniqueIndex('activation_codes_live_key')
      .on(t.teacherId, t.codeHmac)
      .where(sql`${t.live}`),
    index('activation_codes_lookup_idx').on(t.teacherId, t.codeHmac),
    uniqueIndex('activation_codes_batch_serial_key').on(t.batchId, t.serial),
  ],
);

export const codeRedemptions = pgTable(
  'code_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => activationCodes.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('code_redemptions_code_student_key').on(t.codeId, t.studentId), index('code_redemptions_teacher_idx').on(t.teacherId, t.redeemedAt)],
);

/**
 * Codes typed while a platform is in teacher-confirmed mode (docs/decisions/031): the answer to the student
 * is the same whatever was typed, and nothing is granted until the teacher confirms. Only the keyed HMAC of
 * the typed digits is kept (as for activation codes), with its last two digits for the teacher's list.
 */
export const codeRequests = pgTable(
  'code_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    last2: text('last2').notNull(),
    /** pending | confirmed | rejected */
    status: text('status').notNull().default('pending'),
    /**
     * Why it waits for the teacher: `guard`, typed while the platform was in teacher-confirmed mode
     * (decision 031); `cash`, sent by the student after a "wrong code" answer, saying they paid for the card
     * (decision 055).
     */
    reason: text('reason').notNull().default('guard'),
    ip: text('ip'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    uniqueIndex('code_requests_pending_key')
      .on(t.teacherId, t.studentId, t.codeHmac)
      .where(sql`${t.status} = 'pending'`),
    index('code_requests_teacher_idx').on(t.teacherId, t.status, t.createdAt),
  ],
);

/**
 * PDF cards of a batch printed in the background (decision 056): one running render per batch (the partial
 * unique index is what makes a second click join the first), its phase for the page's progress, and the
 * file kept in the data directory until `expires_at`.
 */
export const codeExports = pgTable(
  'code_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    /** queued | preparing | rendering | saving | ready | failed */
    status: text('status').notNull().default('queued'),
    /** Cards in the file (known once the codes are read) and cards rendered so far. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    errorCode: text('error_code'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('code_exports_running_key')
      .on(t.batchId)
      .where(sql`${t.status} in ('queued', 'preparing', 'rendering', 'saving')`),
    index('code_exports_batch_idx').on(t.batchId, t.createdAt),
  ],
);
