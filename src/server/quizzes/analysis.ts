import { and, eq, inArray } from 'drizzle-orm';
import { questionPoints } from '@shared/quizzes/variant';
import type { TItemStat } from '@shared/quizzes/views';
import { quizAnswers, quizAttempts } from '@server/core/db/schema';
import type { TQuizzesDeps } from './deps';
import { closeExpired, marksOf } from './finalize';
import { ownQuiz } from './queries';

/*
 * Item analysis (decision 164) over the final, counted attempts (practice left out):
 * - facility: the mean share of the question's points earned (1 = everyone got it fully right);
 * - discrimination: the upper-lower index, the facility among the best 27% of attempts (by total) minus the
 *   facility among the worst 27%, from -1 to 1; null under 10 attempts, where it means nothing.
 * A question drawn from the bank counts over the attempts that drew it.
 */

const MIN_FOR_DISCRIMINATION = 10;
const round = (n: number) => Math.round(n * 1000) / 1000;

export async function itemAnalysis(deps: TQuizzesDeps, teacherId: string, quizId: string): Promise<{ attempts: number; items: TItemStat[] }> {
  const quiz = await ownQuiz(deps.db, teacherId, quizId);
  await closeExpired(deps, deps.db, quiz);
  const attempts = await deps.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.teacherId, teacherId), eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.status, 'graded'), eq(quizAttempts.practice, false)));
  const answers = attempts.length
    ? await deps.db
        .select()
        .from(quizAnswers)
        .where(
          inArray(
            quizAnswers.attemptId,
            attempts.map((a) => a.id),
          ),
        )
    : [];
  const byAttempt = new Map<string, typeof answers>();
  for (const answer of answers) byAttempt.set(answer.attemptId, [...(byAttempt.get(answer.attemptId) ?? []), answer]);
  const ranked = [...attempts].sort((x, y) => (x.points ?? 0) / x.maxPoints - (y.points ?? 0) / y.maxPoints);
  const band = Math.round(ranked.length * 0.27);
  const low = new Set(ranked.slice(0, band).map((a) => a.id));
  const high = new Set(ranked.slice(ranked.length - band).map((a) => a.id));
  const stats = new Map<string, TItemStat & { shares: Array<{ attemptId: string; share: number }> }>();
  for (const attempt of attempts) {
    for (const { question, exerciseId, mark } of marksOf(attempt, byAttempt.get(attempt.id) ?? [])) {
      const exercise = attempt.paper.exercises.find((e) => e.id === exerciseId);
      const stat = stats.get(question.id) ?? {
        questionId: question.id,
        exerciseTitle: exercise?.title ?? '',
        prompt: question.prompt,
        type: question.type,
        answered: 0,
        facility: null,
        discrimination: null,
        shares: [],
      };
      const max = questionPoints(question);
      stat.shares.push({ attemptId: attempt.id, share: max > 0 ? Math.max(0, mark.earned) / max : 0 });
      if ((byAttempt.get(attempt.id) ?? []).some((a) => a.questionId === question.id)) stat.answered += 1;
      stats.set(question.id, stat);
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
  const items = [...stats.values()].map(({ shares, ...stat }) => {
    const facility = mean(shares.map((s) => s.share));
    const upper = mean(shares.filter((s) => high.has(s.attemptId)).map((s) => s.share));
    const lower = mean(shares.filter((s) => low.has(s.attemptId)).map((s) => s.share));
    const discrimination = attempts.length >= MIN_FOR_DISCRIMINATION && upper !== null && lower !== null ? round(upper - lower) : null;
    return { ...stat, facility: facility === null ? null : round(facility), discrimination };
  });
  // The questions most students fail first.
  items.sort((x, y) => (x.facility ?? 1) - (y.facility ?? 1));
  return { attempts: attempts.length, items };
}
