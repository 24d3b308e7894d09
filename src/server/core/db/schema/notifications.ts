import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students, teachers } from './accounts';
import { user } from './auth';
import { coursePlans, courses, createdAt, teacherRef } from './courses';
import { liveGroups } from './live';

/* Tables of the notifications and messages domains (issue 26). */

/**
 * One line of a person's notification centre. `teacher_id` is the tenant the event belongs to (null for Darsi's own
 * notices to admins); `event_key` names the event, so that the same event never notifies the same person twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    eventKey: text('event_key').notNull(),
    /** Whether the recipient wants it in the centre: kept anyway for the digest and the e-mail's idempotency. */
    shown: boolean('shown').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.eventKey, t.recipientId),
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null and ${t.shown}`),
  ],
);

/** A person's choice per kind; no row means the kind's defaults. `email`: off | instant | digest. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: text('email').notNull().default('instant'),
    /** Web push to the person's subscribed devices (decision 210); nothing is sent while no device is subscribed. */
    push: boolean('push').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * E-mails sent for notifications and digests, by key: a row is claimed before the message leaves, so a retried job,
 * a second instance or a restart finds it and sends nothing (never twice; decision 146).
 */
export const notificationEmails = pgTable('notification_emails', {
  key: text('key').primaryKey(),
  recipientId: text('recipient_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  sentAt: createdAt(),
});

/**
 * One browser's web push subscription (decision 210): per device and per person. The endpoint is the push
 * service's address for that browser, unique: a device signed in as someone else moves to that person. Deleted
 * when the person turns push off there, signs out of it, or when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** The platform's VAPID key pair, generated once by the first instance that needs it and shared by all (decision 210). */
export const webPushKeys = pgTable('web_push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** One conversation per teacher and student (never across teachers). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversations_pair_key').on(t.teacherId, t.studentId), index('conversations_teacher_idx').on(t.teacherId, t.lastMessageAt)],
);

/** A broadcast: one message per recipient is written into each conversation. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    /** all | course | plan | group | active | expired */
    audience: text('audience').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => coursePlans.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => liveGroups.id, { onDelete: 'set null' }),
    /** For `status`: active | expired. */
    status: text('status'),
    body: text('body').notNull(),
    /** Who it was aimed at when accepted; the fan-out job writes the final count. */
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
    /** When the fan-out job finished writing every recipient's message (null while it runs). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('broadcasts_teacher_idx').on(t.teacherId, t.createdAt),
    index('broadcasts_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** teacher | student */
    senderRole: text('sender_role').notNull(),
    body: text('body').notNull(),
    broadcastId: uuid('broadcast_id').references(() => broadcasts.id, { onDelete: 'set null' }),
    /** An image or a file that passed the receipts' checks (core/receipt-check.ts): its storage key (ids only), type and size. */
    attachmentKey: text('attachment_key'),
    attachmentMime: text('attachment_mime'),
    attachmentSize: integer('attachment_size'),
    /** When the other side first saw it (read receipts). */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // One copy of a broadcast per conversation: the fan-out job may run a chunk again after a retry or a restart.
    uniqueIndex('messages_broadcast_once')
      .on(t.broadcastId, t.conversationId)
      .where(sql`${t.broadcastId} is not null`),
  ],
);
