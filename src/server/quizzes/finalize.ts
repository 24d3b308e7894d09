import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { DEADLINE_GRACE_SECONDS } from '@shared/quizzes/schemas';
import { scoreQuestion, totalOf, type TMark } from '@shared/quizzes/scoring';
import type { TResolvedQuestion } from '@shared/quizzes/variant';
import { quizAnswers, quizAttempts, quizzes } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import type { TQuizzesDeps } from './deps';
import type { TAttemptRow, TQuizRow } from './queries';

/*
 * Closing an attempt (decision 162): the status moves from open once (the row lock makes a save in flight either
 * land before or be refused after), the automatic questions are marked from the paper and the saved answers, and
 * handwritten ones wait for the teacher. Marks are recomputed from the same pure rules when results are read.
 */

export type TAnswerRow = typeof quizAnswers.$inferSelect;

/** The mark of every question of the paper, in paper order. */
export function marksOf(
  row: Pick<TAttemptRow, 'paper'>,
  answers: TAnswerRow[],
): Array<{ question: TResolvedQuestion; exerciseId: string; mark: TMark; answer: TAnswerRow | null }> {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return row.paper.exercises.flatMap((e) =>
    e.questions.map((question) => {
      const answer = byQuestion.get(question.id) ?? null;
      let mark = scoreQuestion(question, answer?.value ?? null, Boolean(answer?.fileKey));
      if (question.type === 'upload' && answer?.gradedAt) mark = { earned: answer.earned ?? 0, correct: null, pending: false };
      return { question, exerciseId: e.id, mark, answer };
    }),
  );
}

/** What closing and marking an attempt needs of its quiz: its rules and its outline item, not its papers. */
type TQuizRules = Pick<TQuizRow, 'settings' | 'lessonId'>;

export function totals(quiz: Pick<TQuizRow, 'settings'>, row: Pick<TAttemptRow, 'paper' | 'maxPoints'>, answers: TAnswerRow[]) {
  const { points, pending } = totalOf(marksOf(row, answers).map((m) => m.mark));
  const pass = quiz.settings.passPercent;
  const passed = pending > 0 || pass === null ? null : (points / row.maxPoints) * 100 >= pass - 1e-9;
  return { points, pending, passed, status: pending > 0 ? 'submitted' : 'graded' };
}

/** Closes an open attempt; returns the row as it stands afterwards (closed by this call or another). */
export async function finalize(deps: TQuizzesDeps, quiz: TQuizRow, attemptId: string): Promise<TAttemptRow> {
  return (await closeAttempt(deps, quiz, attemptId)).row;
}

/** Marks a row its transaction just closed: the saved answers read after the row lock was taken, so none is missed. */
async function mark(tx: TTx, quiz: Pick<TQuizRow, 'settings'>, row: TAttemptRow): Promise<TAttemptRow> {
  const answers = await tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, row.id));
  const t = totals(quiz, row, answers);
  const [done] = await tx
    .update(quizAttempts)
    .set({ points: t.points, pendingGrading: t.pending, passed: t.passed, status: t.status })
    .where(eq(quizAttempts.id, row.id))
    .returning();
  return done!;
}

/** `finalize`, telling whether this call is the one that closed it (the deadline sweep tells the student then). */
export async function closeAttempt(deps: TQuizzesDeps, quiz: TQuizRow, attemptId: string): Promise<{ row: TAttemptRow; closedHere: boolean }> {
  const now = deps.clock.now();
  const closed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quizAttempts)
      .set({ status: 'submitted', submittedAt: now })
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'open')))
      .returning();
    return row ? mark(tx, quiz, row) : null;
  });
  if (closed) {
    await afterMarked(deps, quiz, closed);
    return { row: closed, closedHere: true };
  }
  const [row] = await deps.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return { row: row!, closedHere: false };
}

/**
 * The student's own submission (decision 231): the ownership check, the status change and the quiz's rules in one
 * statement (UPDATE … FROM quizzes), no read of the attempt or of the quiz's papers before it. Null when no open
 * attempt of this student has that id.
 */
export async function submitOwn(deps: TQuizzesDeps, studentId: string, attemptId: string): Promise<{ row: TAttemptRow; quiz: TQuizRules } | null> {
  const now = deps.clock.now();
  const closed = await deps.db.transaction(async (tx) => {
    const [hit] = await tx
      .update(quizAttempts)
      .set({ status: 'submitted', submittedAt: now })
      .from(quizzes)
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.studentId, studentId), eq(quizAttempts.status, 'open'), eq(quizzes.id, quizAttempts.quizId)))
      .returning({ ...getTableColumns(quizAttempts), quizSettings: quizzes.settings, quizLessonId: quizzes.lessonId });
    if (!hit) return null;
    const { quizSettings, quizLessonId, ...row } = hit;
    const quiz = { settings: quizSettings, lessonId: quizLessonId };
    return { quiz, row: await mark(tx, quiz, row) };
  });
  if (closed) await afterMarked(deps, closed.quiz, closed.row);
  return closed;
}

/**
 * A counted attempt completes the quiz's outline item: once submitted, or once passed when the quiz must be passed
 * to continue with a pass mark (organized courses: the next item opens then). The item may have become locked meanwhile (an ended
 * subscription): the attempt stays marked and the item stays as it was.
 */
export async function afterMarked(deps: TQuizzesDeps, quiz: TQuizRules, row: TAttemptRow) {
  if (row.practice || row.status === 'open') return;
  const completes = quiz.settings.mustPass && quiz.settings.passPercent !== null ? row.passed === true : true;
  if (!completes) return;
  await deps.learning.completeQuiz(row.studentId, quiz.lessonId).catch(() => undefined);
}

/** Open attempts of a quiz whose deadline (and grace) passed: closed with what they saved. */
export async function closeExpired(deps: TQuizzesDeps, tx: TTx, quiz: TQuizRow) {
  const limit = new Date(deps.clock.now().getTime() - DEADLINE_GRACE_SECONDS * 1000);
  const rows = await tx
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.status, 'open'), lt(quizAttempts.deadlineAt, sql`${limit.toISOString()}::timestamptz`)));
  for (const r of rows) await finalize(deps, quiz, r.id);
}
