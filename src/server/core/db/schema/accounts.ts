import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

export const teachers = pgTable(
  'teachers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subdomain: text('subdomain').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** active | inactive | suspended. Login and the teacher guard accept only 'active' (spec §6). */
    status: text('status').notNull().default('active'),
    plan: text('plan').notNull().default('independent'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** Why an admin set the status (shown to the teacher when they try to sign in); cleared on reactivation. */
    statusReason: text('status_reason'),
    /** The ways students may reach the teacher to buy a card, as the teacher chose (decision 057): E.164 numbers. */
    contactPhone: text('contact_phone'),
    contactWhatsapp: text('contact_whatsapp'),
    /** Whether the account's e-mail is shown to students as a contact. */
    contactEmailShown: boolean('contact_email_shown').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teachers_subdomain_key').on(sql`lower(${t.subdomain})`), uniqueIndex('teachers_email_key').on(sql`lower(${t.email})`)],
);

/** Spec §3: a student's id is the auth user id; teacher_id is the teacher they first joined. */
export const students = pgTable(
  'students',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Optional at registration; E.164 (+213…). */
    phone: text('phone'),
    teacherId: uuid('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The teacher's student list searches names anywhere in them (pg_trgm, decision 225).
  (t) => [index('students_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

/** Every teacher a student belongs to (docs/decisions/007-students-of-several-teachers.md). */
export const teacherStudents = pgTable(
  'teacher_students',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.studentId] }),
    index('teacher_students_student_idx').on(t.studentId),
    // The teacher's student list, newest first, a page at a time (decision 225).
    index('teacher_students_teacher_joined_idx').on(t.teacherId, t.joinedAt.desc(), t.studentId.desc()),
  ],
);

/** One-time admin invitations; only a hash of the token is stored. */
export const adminInvitations = pgTable('admin_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failure counters for login, registration, password resets and (later) activation codes.
 * Kept in PostgreSQL so limits hold across restarts and across server instances.
 */
export const attemptLimits = pgTable('attempt_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
