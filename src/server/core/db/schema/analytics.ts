import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teacherRef } from './courses';

/*
 * Tables of the analytics domain (issue 27, decision 175). Raw events stay where their domains write them; these
 * are daily roll-ups on the Algiers calendar, upserted by the nightly job for every day not yet rolled up, plus
 * the durable copy of the player's watch sessions (video_watches rows are swept after six hours). Every row
 * carries teacher_id and every read filters by it.
 */

/** One row per teacher and rolled-up day, even when nothing happened: the job's marker of what is done. */
export const analyticsTeacherDays = pgTable(
  'analytics_teacher_days',
  {
    teacherId: teacherRef(),
    day: date('day').notNull(),
    landingViews: integer('landing_views').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.day] })],
);

/** Enrollments by source, ended subscriptions and renewals, per course and day. */
export const analyticsCourseDays = pgTable(
  'analytics_course_days',
  {
    teacherId: teacherRef(),
    courseId: uuid('course_id').notNull(),
    day: date('day').notNull(),
    enrolledCode: integer('enrolled_code').notNull().default(0),
    enrolledCard: integer('enrolled_card').notNull().default(0),
    enrolledTransfer: integer('enrolled_transfer').notNull().default(0),
    enrolledFree: integer('enrolled_free').notNull().default(0),
    /** Of enrolledFree, those that came from the landing page (the rest from the course page). */
    enrolledLanding: integer('enrolled_landing').notNull().default(0),
    enrolledTeacher: integer('enrolled_teacher').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    renewals: integer('renewals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.courseId, t.day] }), index('analytics_course_days_day_idx').on(t.teacherId, t.day)],
);

/** Completions and video watching per lesson and day; `reach` counts the sessions that played each tenth of the video. */
export const analyticsLessonDays = pgTable(
  'analytics_lesson_days',
  {
    teacherId: teacherRef(),
    courseId: uuid('course_id').notNull(),
    lessonId: uuid('lesson_id').notNull(),
    day: date('day').notNull(),
    completions: integer('completions').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    watchSeconds: integer('watch_seconds').notNull().default(0),
    reach: integer('reach').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.lessonId, t.day] }), index('analytics_lesson_days_day_idx').on(t.teacherId, t.day)],
);

/** Who was active on a day, per course: lessons completed and seconds of video watched (weekly actives, the student view). */
export const analyticsStudentDays = pgTable(
  'analytics_student_days',
  {
    teacherId: teacherRef(),
    courseId: uuid('course_id').notNull(),
    studentId: text('student_id').notNull(),
    day: date('day').notNull(),
    completions: integer('completions').notNull().default(0),
    watchSeconds: integer('watch_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.day, t.courseId, t.studentId] }), index('analytics_student_days_student_idx').on(t.teacherId, t.studentId)],
);

/**
 * The player's watch sessions kept for analytics (captured from video_watches every hour, before its six-hour
 * sweep): seconds played (distinct segments × their length) and the tenths of the video they reached.
 */
export const analyticsVideoSessions = pgTable(
  'analytics_video_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    teacherId: teacherRef(),
    userId: text('user_id').notNull(),
    courseId: uuid('course_id').notNull(),
    lessonId: uuid('lesson_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    seconds: integer('seconds').notNull(),
    /** 0…9: the tenths of the video this session played. */
    tenths: integer('tenths').array().notNull(),
  },
  (t) => [
    index('analytics_video_sessions_first_idx').on(t.teacherId, t.firstAt),
    index('analytics_video_sessions_first_all_idx').on(t.firstAt),
    index('analytics_video_sessions_user_idx').on(t.teacherId, t.userId),
  ],
);

/**
 * Active students counted once per day and per week (Sunday first), for the teacher (course_id null) and per course,
 * so that activity and the overview read a few rows instead of counting distinct students (decision 215).
 */
export const analyticsActiveCounts = pgTable(
  'analytics_active_counts',
  {
    teacherId: teacherRef(),
    /** Null: any of the teacher's courses. */
    courseId: uuid('course_id'),
    /** day | week */
    span: text('span').notNull(),
    start: date('start').notNull(),
    active: integer('active').notNull(),
  },
  (t) => [index('analytics_active_counts_idx').on(t.teacherId, t.span, t.start)],
);

/**
 * The days of a month on which a student was active (bit d-1 for day d), for the teacher (course_id null) and per
 * course: the distinct active students of any period are the rows whose bits meet the period's (decision 215).
 */
export const analyticsStudentMonths = pgTable(
  'analytics_student_months',
  {
    teacherId: teacherRef(),
    courseId: uuid('course_id'),
    studentId: text('student_id').notNull(),
    month: date('month').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [index('analytics_student_months_idx').on(t.teacherId, t.month)],
);

/**
 * Each student's state in a course as of the last roll-up: lessons completed, the furthest of them in outline order
 * and the last completion. Rewritten by the nightly job for the pairs that progressed (decision 215).
 */
export const analyticsStudentCourses = pgTable(
  'analytics_student_courses',
  {
    teacherId: teacherRef(),
    courseId: uuid('course_id').notNull(),
    studentId: text('student_id').notNull(),
    done: integer('done').notNull(),
    furthestLessonId: uuid('furthest_lesson_id'),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.courseId, t.studentId] })],
);
