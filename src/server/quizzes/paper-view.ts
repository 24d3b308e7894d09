import { DEADLINE_GRACE_SECONDS, type TAttemptStatus } from '@shared/quizzes/schemas';
import { scaled } from '@shared/quizzes/scoring';
import type { TPaper, TResolvedQuestion } from '@shared/quizzes/variant';
import { questionPoints } from '@shared/quizzes/variant';
import type { TAttemptSummary, TPaperExercise, TPaperQuestion } from '@shared/quizzes/views';
import { iso } from '@server/core/dates';
import type { TAttemptRow, TQuizRow } from './queries';

/*
 * What of a paper may leave the server (decision 161). Fields are copied one by one onto a new object: the correct
 * choice, accepted texts, expected number or expression, tolerance, variables' values and the solution are never
 * among them, whatever a question type gains later.
 */

export function paperQuestion(q: TResolvedQuestion, practice: boolean): TPaperQuestion {
  return {
    id: q.id,
    type: q.type,
    prompt: q.prompt,
    points: questionPoints(q),
    options: q.type === 'single' || q.type === 'multiple' ? q.options.map((o) => ({ id: o.id, text: o.text })) : null,
    unit: q.type === 'numeric' && q.unit ? q.unit : null,
    symbols: q.type === 'expression' ? [...q.symbols] : null,
    rubric: q.type === 'upload' ? q.rubric.map((c) => ({ id: c.id, label: c.label, points: c.points })) : null,
    hint: practice && q.hint ? q.hint : null,
    // Papers snapshotted before figures existed have none.
    figure: q.figure ?? null,
  };
}

export function paperExercises(paper: TPaper, practice: boolean): TPaperExercise[] {
  return paper.exercises.map((e) => ({
    id: e.id,
    title: e.title,
    intro: e.intro,
    figure: e.figure ?? null,
    points: e.questions.reduce((s, q) => s + questionPoints(q), 0),
    questions: e.questions.map((q) => paperQuestion(q, practice)),
  }));
}

export function attemptSummary(row: TAttemptRow, quiz: Pick<TQuizRow, 'settings'>): TAttemptSummary {
  const scaleTo = quiz.settings.scaleTo;
  return {
    id: row.id,
    status: row.status as TAttemptStatus,
    practice: row.practice,
    subjectId: row.subjectId,
    startedAt: row.startedAt.toISOString(),
    deadlineAt: iso(row.deadlineAt),
    submittedAt: iso(row.submittedAt),
    points: row.points,
    maxPoints: row.maxPoints,
    scaled: row.points === null ? null : scaled(row.points, row.maxPoints, scaleTo),
    scaleTo,
    passed: row.passed,
    pendingGrading: row.pendingGrading,
  };
}

/** Past the deadline and its grace: answers are refused and the attempt is closed with what was saved in time. */
export const expired = (row: Pick<TAttemptRow, 'deadlineAt'>, now: Date) =>
  row.deadlineAt !== null && now.getTime() > row.deadlineAt.getTime() + DEADLINE_GRACE_SECONDS * 1000;

/**
 * The server's deadline, fixed when the attempt starts: the time limit plus the student's extra time, and never
 * after the closing time (plus the extra time). Practice has none.
 */
export function deadlineOf(quiz: TQuizRow, startedAt: Date, extraMinutes: number, practice: boolean): Date | null {
  if (practice) return null;
  const extra = extraMinutes * 60_000;
  const limit = quiz.settings.timeLimitMinutes;
  const byLimit = limit === null ? null : startedAt.getTime() + limit * 60_000 + extra;
  const byClose = quiz.closesAt ? quiz.closesAt.getTime() + extra : null;
  const candidates = [byLimit, byClose].filter((t): t is number => t !== null);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
}

/** Answers and solutions are shown: after submitting, after the window, or never (practice: always). */
export function answersShown(quiz: TQuizRow, row: TAttemptRow, now: Date): boolean {
  if (row.practice) return true;
  if (row.status === 'open') return false;
  const show = quiz.settings.showAnswers;
  if (show === 'after_submit') return true;
  return show === 'after_close' && quiz.closesAt !== null && now.getTime() >= quiz.closesAt.getTime();
}
