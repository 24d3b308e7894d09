import { planLimits } from '@shared/courses';
import { codeRequests } from '@server/core/db/schema';
import { iso } from '@server/core/dates';
import { msOrNull } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import type { TCodesDeps } from './deps';
import { refund } from './limits';
import { type TOutcome, VERDICT_ERROR, refundFor, runRedemption } from './redemption-statement';
import { noticeEnrollment } from './notices';
import { announceWaitingCode } from './waiting-mail';

export type TAttempt = {
  teacher: { id: string; plan: string };
  studentId: string;
  hmac: string;
  code: string;
  ip: string;
  /** The card the code was typed with (decision 105); none for a code typed alone. */
  codeId?: string;
  counted: { keys: string[]; spent: string[] };
  /** Budgets given back when the attempt waits for the teacher: the pending answer tells nothing. */
  pendingRefund: string[];
  /** The guess budgets, kept only for a wrong guess (refundFor). */
  guessKeys: string[];
};

/**
 * The answer to a counted attempt, typed alone or with a card number: past a budget the code waits for the
 * teacher, with one and the same answer for a right or wrong code (decisions 031, 084); otherwise it is redeemed
 * now, and a right code on a dead card (used, expired, revoked) keeps nothing of the guess budgets.
 */
export async function answerAttempt(deps: TCodesDeps, a: TAttempt) {
  const { db } = deps;
  if (a.counted.spent.length > 0) {
    await refund(db, a.pendingRefund);
    await db
      .insert(codeRequests)
      .values({ teacherId: a.teacher.id, studentId: a.studentId, codeHmac: a.hmac, last2: a.code.slice(-2), ip: a.ip })
      .onConflictDoNothing();
    await announceWaitingCode(deps, a.teacher.id, { studentId: a.studentId, hmac: a.hmac });
    return { pending: true as const };
  }
  const outcome = await redeemNow(deps, a);
  await refund(db, refundFor(outcome.verdict, a.counted.keys, a.guessKeys));
  const answer = answerOf(outcome);
  await noticeEnrollment(deps, a.teacher.id, a.studentId, a.hmac, { courseTitle: answer.courseTitle });
  return answer;
}

/** Redeems the code as the student, now (the statement decides: right, wrong, used, expired, revoked, full). */
export function redeemNow(deps: TCodesDeps, a: Pick<TAttempt, 'teacher' | 'studentId' | 'hmac' | 'codeId' | 'ip'>) {
  return runRedemption(deps.db, {
    teacherId: a.teacher.id,
    studentId: a.studentId,
    hmac: a.hmac,
    codeId: a.codeId,
    now: deps.clock.now(),
    ip: a.ip,
    studentLimit: planLimits(a.teacher.plan).students,
    actor: { userId: a.studentId, role: 'student' },
  });
}

/** What the student is told of a redemption: the course it opened, or the verdict's error. */
export function answerOf(outcome: TOutcome) {
  if (outcome.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome.verdict]);
  return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
}
