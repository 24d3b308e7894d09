import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAnswerValue, TQuizSettings, TSubject, TQuestion } from '@shared/quizzes/schemas';
import type { TPaper } from '@shared/quizzes/variant';
import { students } from './accounts';
import { courses, createdAt, lessons, teacherRef } from './courses';

/*
 * Tables of the quizzes domain (issue 25, decision 160). Every row carries teacher_id. A quiz is an item of a
 * course's outline: a lesson of type 'quiz' holds its place and its lock, and the quiz row holds its content.
 */

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** quiz | exam | mock | practice */
    kind: text('kind').notNull(),
    settings: jsonb('settings').$type<TQuizSettings>().notNull(),
    subjects: jsonb('subjects').$type<TSubject[]>().notNull(),
    /** Points of one subject's paper with its drawn questions (the scale's 100%). */
    maxPoints: doublePrecision('max_points').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quizzes_lesson_key').on(t.lessonId), index('quizzes_course_idx').on(t.teacherId, t.courseId)],
);

/** The course's question bank, tagged by chapter and year; quizzes draw from it per attempt. */
export const quizBankQuestions = pgTable(
  'quiz_bank_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapter: text('chapter').notNull().default(''),
    year: integer('year'),
    question: jsonb('question').$type<TQuestion>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_bank_course_idx').on(t.teacherId, t.courseId, t.chapter, t.year)],
);

/** Extra minutes for one student on one quiz (a third-time arrangement, a late start the teacher allowed). */
export const quizExtraTime = pgTable(
  'quiz_extra_time',
  {
    teacherId: teacherRef(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.studentId] })],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: teacherRef(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    practice: boolean('practice').notNull().default(false),
    /** The attempt's variant (drawn questions, orders, numbers) comes from this seed; `paper` is its snapshot. */
    seed: integer('seed').notNull(),
    paper: jsonb('paper').$type<TPaper>().notNull(),
    /** open | submitted | graded */
    status: text('status').notNull().default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Held by the server: set when the attempt starts (time limit, extra time, closing time). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    points: doublePrecision('points'),
    maxPoints: doublePrecision('max_points').notNull(),
    pendingGrading: integer('pending_grading').notNull().default(0),
    passed: boolean('passed'),
    createdAt: createdAt(),
  },
  (t) => [
    // One attempt at a time per student and quiz: a second device gets the same one.
    uniqueIndex('quiz_attempts_one_open_key')
      .on(t.quizId, t.studentId)
      .where(sql`${t.status} = 'open'`),
    index('quiz_attempts_quiz_idx').on(t.teacherId, t.quizId, t.status),
    index('quiz_attempts_student_idx').on(t.studentId, t.quizId),
    // The deadline sweep (decision 205) reads the open attempts by deadline every minute.
    index('quiz_attempts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** One row per question of an attempt; the highest client seq wins, so a replayed offline queue counts once. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    teacherId: teacherRef(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    value: jsonb('value').$type<TAnswerValue>().notNull(),
    clientId: text('client_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    /** Points earned: set when submitted (automatic types) or graded (handwritten). */
    earned: doublePrecision('earned'),
    criteria: jsonb('criteria').$type<Array<{ id: string; points: number }>>(),
    comment: text('comment'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
