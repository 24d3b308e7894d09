import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { DEADLINE_GRACE_SECONDS } from '@shared/quizzes/schemas';
import { quizAttempts } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TQuizzesDeps } from './deps';
import { closeAttempt } from './finalize';
import { quizById, type TQuizRow } from './queries';

/*
 * The deadline sweep (decision 205): an attempt whose deadline (and grace) passed is closed with what it saved even if
 * its student never comes back, so that its marks, the "graded" notice, the outline item and the perfect-score
 * achievement follow. The pages still close expired attempts as they read them; this job is the backstop.
 * Runs every minute, once per cluster (pg-boss schedule); `finalize` moves an attempt out of `open` in one
 * conditional UPDATE, so two sweeps, or a sweep and the student's own submit, close it once.
 */

const BATCH = 200;

/** Closes the open attempts whose deadline passed; returns how many this call closed. */
export async function closeExpiredAttempts(deps: TQuizzesDeps) {
  const limit = new Date(deps.clock.now().getTime() - DEADLINE_GRACE_SECONDS * 1000);
  const quizzes = new Map<string, TQuizRow>();
  let closed = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: quizAttempts.id, quizId: quizAttempts.quizId })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.status, 'open'), isNotNull(quizAttempts.deadlineAt), lt(quizAttempts.deadlineAt, sql`${limit.toISOString()}::timestamptz`)))
      .orderBy(asc(quizAttempts.deadlineAt))
      .limit(BATCH);
    for (const r of rows) {
      const quiz = quizzes.get(r.quizId) ?? (await quizById(deps.db, r.quizId));
      quizzes.set(quiz.id, quiz);
      const { row, closedHere } = await closeAttempt(deps, quiz, r.id);
      // Another instance (or the student) may have closed it meanwhile: that one is not told twice.
      if (!closedHere) continue;
      closed += 1;
      if (row.status === 'graded') await tellGraded(deps, quiz, row);
    }
    if (rows.length < BATCH) return { closed };
  }
}

/** The student did not see the result page: the notification centre tells them (once per attempt, by its key). */
async function tellGraded(deps: TQuizzesDeps, quiz: TQuizRow, row: { id: string; studentId: string }) {
  await deps.notify?.({
    teacherId: quiz.teacherId,
    kind: 'quizGraded',
    eventKey: `quiz-graded:${row.id}`,
    users: [row.studentId],
    params: { title: quiz.title },
    link: `/student/dashboard/quizzes/attempts/${row.id}`,
  });
}

export const deadlineSweepJob = (deps: TQuizzesDeps) =>
  defineJob<object>({
    name: 'quiz-deadline-sweep',
    cron: '* * * * *',
    // A minute late is better than two runs at once; finalize makes a rerun harmless anyway.
    queue: { retryLimit: 1, expireInSeconds: 300 },
    run: () => closeExpiredAttempts(deps),
  });
