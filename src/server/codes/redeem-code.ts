import { normalizeActivationCode } from '@shared/courses';
import type { TRedeem } from '@shared/schemas/courses';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { codeHmac } from './crypto';
import { consumeAll, networkOf, platformBudget, refund, sourceShare } from './limits';
import { platformTeacher } from './code-safety';
import { redeemByCard } from './redeem-card';
import type { TCodesDeps } from './deps';
import { answerAttempt } from './answer-attempt';

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
      // Past a share only that source waits, so the platform's budget it did not use is given back (decision 084).
      const pendingRefund = counted.spent.includes(platformKey) ? shareKeys : [platformKey];
      return await answerAttempt(deps, { teacher, studentId, hmac, code, ip: ctx.ip, counted, pendingRefund, guessKeys: [platformKey, ...shareKeys] });
    } finally {
      await refund(db, [inflightKey]);
    }
  });
}
