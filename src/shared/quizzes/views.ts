import type { TAnswerValue, TAttemptStatus, TQuestionType, TQuizKind, TShowAnswers } from './schemas';

/*
 * The shapes the quizzes API answers (issue 25). A question as the student sees it before submitting carries no
 * correct answer, accepted text, tolerance, expected expression or solution (decision 160): TPaperQuestion.
 */

/** One question of an attempt's paper: text with the attempt's numbers, options in the attempt's order. */
export type TPaperQuestion = {
  id: string;
  type: TQuestionType;
  prompt: string;
  points: number;
  options: Array<{ id: string; text: string }> | null;
  unit: string | null;
  symbols: string[] | null;
  rubric: Array<{ id: string; label: string; points: number }> | null;
  /** Practice mode only. */
  hint: string | null;
  /** A stored figure's name, served by /student/quizzes/:quizId/figures/:name. */
  figure: string | null;
};

export type TPaperExercise = { id: string; title: string; intro: string; figure: string | null; points: number; questions: TPaperQuestion[] };

export type TSavedAnswer = { questionId: string; value: TAnswerValue; seq: number; file: { name: string; type: string; size: number } | null };

export type TAttemptSummary = {
  id: string;
  status: TAttemptStatus;
  practice: boolean;
  subjectId: string;
  startedAt: string;
  /** The server's deadline with the student's extra time; null without a time limit. */
  deadlineAt: string | null;
  submittedAt: string | null;
  /** Points and scaled mark once submitted (provisional while handwritten answers wait for grading). */
  points: number | null;
  maxPoints: number;
  scaled: number | null;
  scaleTo: number;
  passed: boolean | null;
  pendingGrading: number;
};

/** An attempt in progress (or reopened on a second device). */
export type TAttemptView = {
  attempt: TAttemptSummary;
  /** The server's clock when answering, so the countdown does not trust the phone's clock. */
  now: string;
  quiz: { id: string; title: string; kind: TQuizKind; courseId: string; lessonId: string };
  exercises: TPaperExercise[];
  answers: TSavedAnswer[];
};

export type TSaveResult = { saved: Array<{ questionId: string; seq: number; applied: boolean }>; deadlineAt: string | null; now: string };

export type TResultQuestion = TPaperQuestion & {
  given: TAnswerValue | null;
  file: { name: string; type: string; size: number } | null;
  earned: number | null;
  /** null: waiting for the teacher (handwritten) or not shown. */
  correct: boolean | null;
  /** Only when answers may be shown. */
  correctAnswer: string | null;
  solution: string | null;
  comment: string | null;
  criteria: Array<{ id: string; points: number }> | null;
};

export type TAttemptResult = {
  attempt: TAttemptSummary;
  quiz: { id: string; title: string; kind: TQuizKind; courseId: string; lessonId: string; passPercent: number | null };
  /** Correct answers and solutions are included (true) or left out. */
  answersShown: boolean;
  exercises: Array<Omit<TPaperExercise, 'questions'> & { earned: number | null; questions: TResultQuestion[] }>;
};

/** The student's page of a quiz before starting. */
export type TQuizIntro = {
  quiz: {
    id: string;
    title: string;
    description: string;
    kind: TQuizKind;
    courseId: string;
    lessonId: string;
    timeLimitMinutes: number | null;
    extraMinutes: number;
    attemptsAllowed: number | null;
    passPercent: number | null;
    scaleTo: number;
    showAnswers: TShowAnswers;
    opensAt: string | null;
    closesAt: string | null;
    maxPoints: number;
    subjects: Array<{ id: string; title: string }>;
  };
  attempts: TAttemptSummary[];
  openAttemptId: string | null;
  /** null: may start now; otherwise why not. */
  blocked: 'not_open' | 'closed' | 'no_attempts_left' | null;
};

export type TQuizListItem = {
  id: string;
  lessonId: string;
  sectionId: string;
  title: string;
  kind: TQuizKind;
  maxPoints: number;
  attempts: number;
  toGrade: number;
  opensAt: string | null;
  closesAt: string | null;
};

export type TTeacherAttempt = TAttemptSummary & { studentId: string; studentName: string; studentEmail: string };

export type TGradingItem = {
  attemptId: string;
  studentName: string;
  questionId: string;
  exerciseTitle: string;
  prompt: string;
  rubric: Array<{ id: string; label: string; points: number }>;
  file: { name: string; type: string; size: number; url: string } | null;
  submittedAt: string | null;
};

/**
 * Item analysis (decision 164): facility = mean share of the points earned; discrimination = upper-lower index
 * on the 27% best and worst attempts (null under 10 attempts).
 */
export type TItemStat = {
  questionId: string;
  exerciseTitle: string;
  prompt: string;
  type: TQuestionType;
  answered: number;
  facility: number | null;
  discrimination: number | null;
};
