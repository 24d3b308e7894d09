import { normalizeActivationCode, planLimits } from '@shared/courses';
import type { TRedeem } from '@shared/schemas/courses';
import { codeRequests } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { codeHmac } from './crypto';
import { consumeAll, networkOf, platformBudget, refund, sourceShare } from './limits';
import { iso } from '@server/core/dates';
import { msOrNull } from '@server/core/db/sql';
import { platformTeacher } from './code-safety';
import { redeemByCard } from './redeem-card';
import { VERDICT_ERROR, refundFor, runRedemption } from './redemption-statement';
import type { TCodesDeps } from './deps';
import { announceWaitingCode } from './waiting-mail';

/**
 * A student redeems a code on a teacher's platform. While the platform's daily budget of wrong
 * answers lasts, the answer is immediate; once it is spent, whatever is typed becomes a request the
 * teacher confirms, with one and the same answer, so that guessing teaches nothing (decision 031).
 * One account or one network may spend only its share of that budget: past it, that source alone gets
 * the confirmed answer, so one attacker cannot close the platform to everyone (decision 084). This is the
 * path of cards printed before card numbers; a code typed with its card number goes by redeem-card.ts.
 */
export async function redeem(deps: TCodesDeps, studentId: string, input: TRedeem, ctx: Pick<TRequestContext, 'ip' | 'hostSubdomain'>) {
  // A card number names the card: the guess budgets no longer depend on the live cards (decision 105).
  if (input.card?.trim()) return redeemByCard(deps, studentId, { ...input, card: input.card }, ctx);
  const { db, keys, limits } = deps;
  const code = normalizeActivationCode(input.code);
  if (!code) throw new AppError('CODE_FORMAT');
  const subdomain = ctx.hostSubdomain ?? input.platform;
  if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
  const teacher = await platformTeacher(deps, subdomain, true);
  const hmac = codeHmac(keys, teacher.id, code);
  const platformKey = `code:teacher-day:${teacher.id}`;
  const budget = platformBudget(limits, teacher.live);
  const share = { max: sourceShare(limits, budget), windowMs: limits.shareDaily.windowMs };
  const inflightKey = `code:inflight:${teacher.id}`;
  const shareKeys = [`code:share-student:${teacher.id}:${studentId}`, `code:share-net:${teacher.id}:${networkOf(ctx.ip)}`];
  // Half the budget per process, so that a second instance's burst still fits (and at least one at a time).
  return deps.gate(teacher.id, Math.max(1, Math.ceil(budget / 2)), async () => {
    const counted = await consumeAll(
      db,
      [
        { key: `code:student:${studentId}`, ...limits.student, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:student-day:${studentId}`, ...limits.studentDaily, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:ip:${ctx.ip}`, ...limits.ip, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:ip-day:${ctx.ip}`, ...limits.ipDaily, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: platformKey, max: budget, windowMs: limits.teacherDaily.windowMs },
        ...shareKeys.map((key) => ({ key, ...share })),
      ],
      { key: inflightKey, settle: limits.settle },
    );
    try {
      return await decide(deps, { teacher, studentId, hmac, code, ip: ctx.ip, counted, platformKey, shareKeys });
    } finally {
      await refund(db, [inflightKey]);
    }
  });
}

type TAttempt = {
  teacher: { id: string; plan: string };
  studentId: string;
  hmac: string;
  code: string;
  ip: string;
  counted: { keys: string[]; spent: string[] };
  platformKey: string;
  shareKeys: string[];
};

async function decide(deps: TCodesDeps, { teacher, studentId, hmac, code, ip, counted, platformKey, shareKeys }: TAttempt) {
  const { db, clock } = deps;
  if (counted.spent.length > 0) {
    // Teacher-confirmed mode, for the whole platform or for this source alone: the same answer for a right,
    // wrong, used or expired code. It answers nothing, so it gives back the guess budgets it did not use.
    await refund(db, counted.spent.includes(platformKey) ? shareKeys : [platformKey]);
    await db.insert(codeRequests).values({ teacherId: teacher.id, studentId, codeHmac: hmac, last2: code.slice(-2), ip }).onConflictDoNothing();
    await announceWaitingCode(deps, teacher.id);
    return { pending: true as const };
  }
  const outcome = await runRedemption(db, {
    teacherId: teacher.id,
    studentId,
    hmac,
    now: clock.now(),
    ip,
    studentLimit: planLimits(teacher.plan).students,
    actor: { userId: studentId, role: 'student' },
  });
  await refund(db, refundFor(outcome.verdict, counted.keys, [platformKey, ...shareKeys]));
  if (outcome.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome.verdict]);
  return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
}
