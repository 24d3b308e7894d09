import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts';
import { courses, createdAt, lessons, teacherRef } from './courses';

/*
 * Tables of the live sessions domain (issue 14): student groups, scheduled sessions, the one-device lease,
 * attendance and the notices already sent. Every row carries teacher_id, the tenant boundary.
 */

const studentRef = () =>
  text('student_id')
    .notNull()
    .references(() => students.id, { onDelete: 'cascade' });

export const liveGroups = pgTable(
  'live_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_groups_teacher_name_key').on(t.teacherId, sql`lower(${t.name})`)],
);

export const liveGroupMembers = pgTable(
  'live_group_members',
  {
    teacherId: teacherRef(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => liveGroups.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.studentId] }), index('live_group_members_student_idx').on(t.studentId)],
);

/** One occurrence; a weekly series is one row per week sharing series_id. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id'),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Null: no limit. Counted as students present at once. */
    capacity: integer('capacity'),
    lobby: boolean('lobby').notNull().default(false),
    /** course | groups */
    target: text('target').notNull().default('course'),
    /** Kept secret: shown only to an entitled student at join time. */
    externalUrl: text('external_url'),
    /** scheduled | cancelled */
    status: text('status').notNull().default('scheduled'),
    /** iCalendar SEQUENCE: bumped by every change sent to the invited. */
    sequence: integer('sequence').notNull().default(0),
    recordingLessonId: uuid('recording_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_sessions_teacher_idx').on(t.teacherId, t.startsAt),
    index('live_sessions_course_idx').on(t.courseId, t.startsAt),
    index('live_sessions_starts_idx').on(t.startsAt),
  ],
);

export const liveSessionGroups = pgTable(
  'live_session_groups',
  {
    teacherId: teacherRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => liveGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.groupId] }), index('live_session_groups_group_idx').on(t.groupId)],
);

/** One device per student and session (decision 071): the device holding the lease, renewed by heartbeats. */
export const liveLeases = pgTable(
  'live_leases',
  {
    teacherId: teacherRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
    deviceId: text('device_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The device's occupant in the Jitsi room (its endpoint id, reported by the page), to remove it when replaced. */
    participantId: text('participant_id'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] })],
);

/** One row per join (a token minted); left_at from the IFrame, the page unload or the lease's expiry. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
    deviceId: text('device_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('live_attendance_session_idx').on(t.sessionId, t.studentId)],
);

/** Invitations, changes and reminders already sent: the unique key makes a second send a no-op. */
export const liveNoticesSent = pgTable('live_notices_sent', {
  key: text('key').primaryKey(),
  teacherId: teacherRef(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => liveSessions.id, { onDelete: 'cascade' }),
  sentAt: createdAt(),
});
