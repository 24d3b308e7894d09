import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { lessons, teacherRef } from './courses';

/*
 * Tables of the video domain (issue 12, docs/decisions/063-video-keys-and-tokens.md). Segments, thumbnails and
 * uploads live in storage (DATA_DIR/video or S3); the database holds their state and the keys, encrypted.
 */

/** One video per video lesson; `generation` grows with each upload so a stale job never overwrites a newer one. */
export const lessonVideos = pgTable(
  'lesson_videos',
  {
    lessonId: uuid('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    teacherId: teacherRef(),
    courseId: uuid('course_id').notNull(),
    generation: integer('generation').notNull().default(1),
    /** queued | processing | ready | failed */
    state: text('state').notNull(),
    progress: integer('progress').notNull().default(0),
    durationSec: doublePrecision('duration_sec'),
    /** Heights of the renditions made, ascending. */
    renditions: jsonb('renditions').$type<number[]>().notNull().default([]),
    /** The tus upload id of the original while it waits for (or goes through) processing. */
    uploadId: text('upload_id'),
    originalName: text('original_name'),
    originalBytes: bigint('original_bytes', { mode: 'number' }).notNull().default(0),
    /** Renditions and thumbnail kept in storage (the plan's storage counts them, and the original until processed). */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    hasThumbnail: integer('has_thumbnail').notNull().default(0),
    errorCode: text('error_code'),
    /** Processing speed of the last transcode, × real time (bench and logs). */
    speed: doublePrecision('speed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_videos_teacher_idx').on(t.teacherId), index('lesson_videos_course_idx').on(t.courseId)],
);

/** AES-128 keys, one per N segments of a rendition, stored AES-256-GCM-encrypted under VIDEO_SECRET. */
export const videoKeys = pgTable(
  'video_keys',
  {
    teacherId: teacherRef(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    rendition: integer('rendition').notNull(),
    n: integer('n').notNull(),
    keyEnc: text('key_enc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.generation, t.rendition, t.n] })],
);

/** One playing screen per user: the newest playback session takes it (docs/decisions/064-video-lease.md). */
export const videoLeases = pgTable('video_leases', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The teacher whose lesson is playing. */
  teacherId: teacherRef(),
  sessionId: uuid('session_id').notNull(),
  deviceId: text('device_id').notNull(),
  lessonId: uuid('lesson_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Where a viewer stopped in a lesson's video (resume). */
export const videoPositions = pgTable(
  'video_positions',
  {
    teacherId: teacherRef(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSec: doublePrecision('position_sec').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/**
 * The pace of a playback session as every instance sees it (rip-guard.ts, decision 140): the distinct segments
 * and keys fetched, merged from each instance's batch every few seconds; `stopped_at` is set once, by the
 * instance that stops the session first. Rows of sessions idle for six hours are swept.
 */
export const videoWatches = pgTable(
  'video_watches',
  {
    sessionId: uuid('session_id').primaryKey(),
    teacherId: teacherRef(),
    userId: text('user_id').notNull(),
    lessonId: uuid('lesson_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** rendition × 100,000 + segment number. */
    segments: integer('segments').array().notNull(),
    keys: integer('keys').array().notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [index('video_watches_last_idx').on(t.lastAt)],
);

/**
 * A student's offline device (decision 192): the public half of an ECDH P-256 key pair made in that browser,
 * non-extractable there. Keys of downloaded lessons are wrapped for it alone. Released by the student or
 * revoked by the teacher: a timestamp, never a deletion (the licences keep their device).
 */
export const videoDevices = pgTable(
  'video_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    publicJwk: jsonb('public_jwk').$type<{ kty: string; crv: string; x: string; y: string }>().notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('video_devices_user_idx').on(t.userId, t.teacherId)],
);

/** Each offline licence issued (one lesson, one device, until `expires_at`); renewal issues a new row. */
export const videoLicences = pgTable(
  'video_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => videoDevices.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    rendition: integer('rendition').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_licences_device_idx').on(t.deviceId)],
);
