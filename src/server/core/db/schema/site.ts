import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teachers } from './accounts';

/*
 * Darsi's own public-site inboxes (spec §3 contact form, feedback submission, newsletter). The public
 * site writes them; the admin area lists them, marks them handled and exports them.
 */

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull().default('ar'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const feedbackSubmissions = pgTable(
  'feedback_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** suggestion | feature | feedback (spec §3) */
    category: text('category').notNull(),
    title: text('title'),
    text: text('text').notNull(),
    email: text('email'),
    language: text('language').notNull().default('ar'),
    /** Sent from a teacher's dashboard (/dashboard/feedback, issue 26): they see its status and Darsi's answer. */
    teacherId: uuid('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    /** new | reviewing | planned | done | declined */
    status: text('status').notNull().default('new'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_submissions_created_idx').on(t.createdAt), index('feedback_submissions_teacher_idx').on(t.teacherId, t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language').notNull().default('ar'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`), index('newsletter_created_idx').on(t.createdAt)],
);
