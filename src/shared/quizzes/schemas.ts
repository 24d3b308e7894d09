import { z } from 'zod';
import { algiersLocalToDate } from '../courses';

/*
 * Quizzes and exams (issue 25, decision 160): what the teacher writes, what the student sends, what the API answers.
 * An exam is one or two subjects (two: a mock exam where the student picks one), each made of exercises, each of
 * questions with points. Questions may use random variables ({a} in the text) drawn per attempt from its seed.
 */

export const QUIZ_KINDS = ['quiz', 'exam', 'mock', 'practice'] as const;
export type TQuizKind = (typeof QUIZ_KINDS)[number];
export const SHOW_ANSWERS = ['never', 'after_submit', 'after_close'] as const;
export type TShowAnswers = (typeof SHOW_ANSWERS)[number];
export const QUESTION_TYPES = ['single', 'multiple', 'truefalse', 'numeric', 'text', 'expression', 'upload'] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
export const ATTEMPT_STATUSES = ['open', 'submitted', 'graded'] as const;
export type TAttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Seconds after the deadline during which an answer in flight is still taken (network latency, not extra time). */
export const DEADLINE_GRACE_SECONDS = 10;
export const HANDWRITING_MAX_BYTES = 10 * 1024 * 1024;
/** A question's or an exercise's figure (a graph, a circuit, a table), before it is re-encoded. */
export const FIGURE_MAX_BYTES = 5 * 1024 * 1024;
/** A stored figure's name, as the upload answers it: ids only, never a file name. */
export const ZFigure = z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'fields.invalid');

const ZKey = z.string().trim().min(1, 'fields.required').max(40, 'fields.tooLong');
const ZText = (max: number) => z.string().max(max, 'fields.tooLong');
const ZPoints = z.number().min(0, 'fields.invalid').max(100, 'fields.invalid');
const ZLocal = z
  .string()
  .nullable()
  .refine((v) => v === null || algiersLocalToDate(v) !== null, 'fields.dateTime');

/** A random number per student: an integer or a multiple of `step` between min and max, named in the text as {name}. */
export const ZVariable = z.object({
  name: z.string().regex(/^[a-z][a-z0-9]{0,9}$/, 'fields.invalid'),
  min: z.number(),
  max: z.number(),
  step: z.number().positive('fields.invalid').default(1),
});
export type TVariable = z.infer<typeof ZVariable>;

const ZOption = z.object({ id: ZKey, text: ZText(1_000).min(1, 'fields.required') });

const base = {
  id: ZKey,
  /** Markdown with LaTeX between $…$; {name} is replaced by the attempt's value of the variable. */
  prompt: ZText(5_000).min(1, 'fields.required'),
  points: ZPoints,
  hint: ZText(2_000).default(''),
  /** The worked solution, shown when the quiz allows it. */
  solution: ZText(10_000).default(''),
  variables: z.array(ZVariable).max(6).default([]),
  /** An uploaded image shown under the prompt (decision 206). */
  figure: ZFigure.nullable().default(null),
};

export const ZQuestion = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('single'), options: z.array(ZOption).min(2).max(10), correct: ZKey, negative: z.boolean().default(false) }),
  z.object({
    ...base,
    type: z.literal('multiple'),
    options: z.array(ZOption).min(2).max(10),
    correct: z.array(ZKey).min(1).max(10),
    /** Points in proportion to right choices minus wrong ones (false: all or nothing). */
    partial: z.boolean().default(true),
    /** A wrong answer costs points (the question's score may go below zero; the quiz total never does). */
    negative: z.boolean().default(false),
  }),
  z.object({ ...base, type: z.literal('truefalse'), correct: z.boolean(), negative: z.boolean().default(false) }),
  z.object({
    ...base,
    type: z.literal('numeric'),
    /** A number or an expression of the variables, e.g. "a*b/2". */
    answer: ZText(500).min(1, 'fields.required'),
    tolerance: z.number().min(0).default(0),
    toleranceType: z.enum(['absolute', 'relative']).default('absolute'),
    unit: ZText(20).default(''),
    /** Other spellings of the unit that count (e.g. "cm" for "سم"). */
    unitAliases: z.array(ZText(20)).max(5).default([]),
    unitRequired: z.boolean().default(false),
  }),
  z.object({ ...base, type: z.literal('text'), accepted: z.array(ZText(200).min(1)).min(1).max(20), caseSensitive: z.boolean().default(false) }),
  z.object({
    ...base,
    type: z.literal('expression'),
    /** The expected expression (math.js syntax, the variables may appear), e.g. "2x+2" or "{a}*(x+1)". */
    answer: ZText(500).min(1, 'fields.required'),
    /** The letters the student's expression may use. */
    symbols: z
      .array(z.string().regex(/^[a-z]$/, 'fields.invalid'))
      .max(4)
      .default(['x']),
  }),
  z.object({
    ...base,
    type: z.literal('upload'),
    /** The marking scheme: the question's points are the sum of the criteria. */
    rubric: z
      .array(z.object({ id: ZKey, label: ZText(500).min(1), points: ZPoints }))
      .min(1)
      .max(20),
  }),
]);
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZExercise = z.object({
  id: ZKey,
  title: ZText(200).default(''),
  intro: ZText(5_000).default(''),
  figure: ZFigure.nullable().default(null),
  questions: z.array(ZQuestion).max(50),
});
export type TExercise = z.infer<typeof ZExercise>;

/** One exam paper. A mock exam has two; the student picks one when starting. */
export const ZSubject = z.object({ id: ZKey, title: ZText(200).default(''), exercises: z.array(ZExercise).max(20) });
export type TSubject = z.infer<typeof ZSubject>;

/** Questions drawn from the course's bank for each attempt: `count` among those with this chapter (and year). */
export const ZDraw = z.object({
  chapter: ZText(100).default(''),
  year: z.number().int().min(1990).max(2100).nullable().default(null),
  count: z.number().int().min(1).max(50),
});
export type TDraw = z.infer<typeof ZDraw>;

export const ZQuizSettings = z.object({
  title: z.string().trim().min(1, 'fields.required').max(200, 'fields.tooLong'),
  description: ZText(5_000).default(''),
  kind: z.enum(QUIZ_KINDS).default('quiz'),
  /** Null: no time limit. */
  timeLimitMinutes: z.number().int().min(1).max(600).nullable().default(null),
  /** Null: unlimited (a mock exam always allows one). */
  attemptsAllowed: z.number().int().min(1).max(50).nullable().default(1),
  /** Percent of the points needed to pass; null: no pass mark. */
  passPercent: z.number().min(0).max(100).nullable().default(null),
  /** The total shown to students is scaled to this (e.g. 20). */
  scaleTo: z.number().int().min(1).max(1000).default(20),
  showAnswers: z.enum(SHOW_ANSWERS).default('after_submit'),
  /** On the Algiers clock, as typed in a datetime-local field. */
  opensAt: ZLocal.default(null),
  closesAt: ZLocal.default(null),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  /** Organized courses: the next item opens only once this quiz is passed. */
  mustPass: z.boolean().default(false),
  draws: z.array(ZDraw).max(20).default([]),
  /** Points of each drawn question. */
  drawPoints: ZPoints.default(1),
});
export type TQuizSettings = z.infer<typeof ZQuizSettings>;

export const ZQuizInput = ZQuizSettings.extend({ subjects: z.array(ZSubject).min(1).max(2) });
export type TQuizInput = z.infer<typeof ZQuizInput>;

/** A new quiz is an item of the course's outline, at the end of the section. */
export const ZQuizCreate = ZQuizInput.extend({ courseId: z.uuid('fields.invalid'), sectionId: z.uuid('fields.invalid') });
export type TQuizCreate = z.infer<typeof ZQuizCreate>;

export const ZBankQuestionInput = z.object({
  chapter: ZText(100).default(''),
  year: z.number().int().min(1990).max(2100).nullable().default(null),
  question: ZQuestion,
});
export type TBankQuestionInput = z.infer<typeof ZBankQuestionInput>;
export const ZBankQuery = z.object({ chapter: z.string().max(100).optional(), year: z.coerce.number().int().min(1990).max(2100).optional() });

export const ZExtraTime = z.object({ studentId: z.string().min(1).max(100), minutes: z.number().int().min(0).max(600) });
export type TExtraTime = z.infer<typeof ZExtraTime>;

/** What a student answers; which field counts depends on the question's type. */
export const ZAnswerValue = z.object({
  /** single (one id), multiple */
  choices: z.array(ZKey).max(10).optional(),
  /** truefalse */
  bool: z.boolean().optional(),
  /** numeric, text, expression */
  text: z.string().max(2_000).optional(),
  /** numeric */
  unit: z.string().max(20).optional(),
});
export type TAnswerValue = z.infer<typeof ZAnswerValue>;

/**
 * Answers saved as they are typed, or replayed from the offline queue: `seq` grows on the device (per attempt);
 * the highest seq per question wins, and the same (clientId, seq) sent twice counts once.
 */
export const ZAnswerSave = z.object({
  answers: z
    .array(z.object({ questionId: ZKey, value: ZAnswerValue, clientId: z.string().min(8).max(64), seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
    .min(1)
    .max(100),
});
export type TAnswerSave = z.infer<typeof ZAnswerSave>;

export const ZAttemptStart = z.object({ subjectId: ZKey.optional(), practice: z.boolean().default(false) });
export type TAttemptStart = z.infer<typeof ZAttemptStart>;

export const ZGrade = z.object({
  questionId: ZKey,
  /** Points per criterion of the rubric. */
  criteria: z.array(z.object({ id: ZKey, points: z.number().min(0).max(100) })).max(20),
  comment: ZText(2_000).default(''),
});
export type TGrade = z.infer<typeof ZGrade>;
