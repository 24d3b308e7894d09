import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students, teachers } from './accounts';

/*
 * Tables of the courses domain. Every row carries teacher_id, and every teacher-side query filters by it
 * (the tenant boundary); student-side access is decided from enrollments.
 */

const teacherRef = () =>
  uuid('teacher_id')
    .notNull()
    .references(() => teachers.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** organized | scheduled | regular */
    kind: text('kind').notNull(),
    /** draft | published | archived */
    status: text('status').notNull().default('draft'),
    /** Key of the cover image in the uploads folder. */
    coverKey: text('cover_key'),
    coverType: text('cover_type'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_teacher_idx').on(t.teacherId, t.status)],
);

/** Price plans in DZD (spec §4 subscription types). Plans in use are retired, never deleted. */
export const coursePlans = pgTable(
  'course_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** free | monthly | quarterly | yearly | lifetime | custom */
    type: text('type').notNull(),
    priceDzd: integer('price_dzd').notNull(),
    /** Only for custom plans. */
    durationDays: integer('duration_days'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('course_plans_course_idx').on(t.courseId)],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** video | text | file | link */
    type: text('type').notNull(),
    position: integer('position').notNull().default(0),
    /** Sanitized on the server before it is stored. */
    bodyHtml: text('body_html').notNull().default(''),
    url: text('url').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Scheduled courses: locked before this instant (entered on the Africa/Algiers clock). */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId), index('lessons_section_idx').on(t.sectionId, t.position), index('lessons_teacher_idx').on(t.teacherId)],
);

/** A student's subscription to a course (spec §3 teacher-side enrollment and student subscription). */
export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => coursePlans.id, { onDelete: 'set null' }),
    /** free | monthly | quarterly | yearly | lifetime | custom */
    type: text('type').notNull(),
    /** active | cancelled; expiring and expired are derived from expires_at. */
    status: text('status').notNull().default('active'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null is permanent access. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    totalPaidDzd: integer('total_paid_dzd').notNull().default(0),
    /** code | teacher | free */
    source: text('source').notNull(),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_course_student_key').on(t.courseId, t.studentId),
    index('enrollments_teacher_idx').on(t.teacherId, t.studentId),
    index('enrollments_student_idx').on(t.studentId),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    teacherId: teacherRef(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.lessonId] }),
    index('lesson_progress_course_idx').on(t.courseId, t.studentId),
    index('lesson_progress_activity_idx').on(t.studentId, t.completedAt),
  ],
);

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
    createdBy: text('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('code_batches_teacher_idx').on(t.teacherId, t.createdAt)],
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activation_codes_live_key').on(t.teacherId, t.codeHmac).where(sql`${t.live}`),
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
    ip: text('ip'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    uniqueIndex('code_requests_pending_key').on(t.teacherId, t.studentId, t.codeHmac).where(sql`${t.status} = 'pending'`),
    index('code_requests_teacher_idx').on(t.teacherId, t.status, t.createdAt),
  ],
);
