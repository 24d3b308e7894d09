import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students, teachers } from './accounts';

/*
 * Tables of the courses domain. Every row carries teacher_id, and every teacher-side query filters by it
 * (the tenant boundary); student-side access is decided from enrollments.
 */

export const teacherRef = () =>
  uuid('teacher_id')
    .notNull()
    .references(() => teachers.id, { onDelete: 'cascade' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    /** The data saver students start with until they choose on their device: off | low | audio (decision 190). */
    videoDataSaver: text('video_data_saver').notNull().default('off'),
    /** Days an offline licence lasts, 0 = downloads off (decision 192); devices a student may download on. */
    offlineDays: integer('offline_days').notNull().default(7),
    offlineDevices: integer('offline_devices').notNull().default(1),
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
    /** Open to anyone on the course's public page, without an account (issue 15, decision 068). */
    freePreview: boolean('free_preview').notNull().default(false),
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
    /** code | card | payment | teacher | free */
    source: text('source').notNull(),
    /** Issue 27: the public page a free enrollment came from (landing | course); null when unknown. */
    entry: text('entry'),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_course_student_key').on(t.courseId, t.studentId),
    index('enrollments_teacher_idx').on(t.teacherId, t.studentId),
    // The teacher's student list, newest enrollment first, a page at a time (decision 225).
    index('enrollments_teacher_created_idx').on(t.teacherId, t.createdAt.desc(), t.studentId.desc(), t.id.desc()),
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
    // Analytics (decision 215): today's completions of one teacher, read live on every analytics request.
    index('lesson_progress_teacher_time_idx').on(t.teacherId, t.completedAt),
  ],
);
