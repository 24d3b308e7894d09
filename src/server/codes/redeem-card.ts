import { normalizeActivationCode, parseCardNumber, planLimits } from '@shared/courses';
import type { TRedeem, TRedeemLink } from '@shared/schemas/courses';
import { codeRequests } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { iso } from '@server/core/dates';
import { msOrNull } from '@server/core/db/sql';
import { cardByLink, cardByNumber } from './card-numbers';
import { platformTeacher } from './code-safety';
import { codeHmac } from './crypto';
import { cardNetworkShare, cardPlatformBudget, consumeAll, networkOf, refund } from './limits';
import { VERDICT_ERROR, refundFor, runRedemption } from './redemption-statement';
import type { TCodesDeps } from './deps';
import { announceWaitingCode } from './waiting-mail';

/*
 * Redemption by card number and code, and by a card's QR link (decisions 105 and 106). The card number
 * says which card (it is printed, not secret); the six digits prove it. A guess therefore names one card
 * and finds its code with chance 10^-6, whatever the number of live cards, so the platform's budget of
 * wrong answers stays the same as the teacher sells more.
 */

type TCtx = Pick<TRequestContext, 'ip' | 'hostSubdomain'>;

const platformOf = (ctx: TCtx, platform: string | undefined) => {
  const subdomain = ctx.hostSubdomain ?? platform;
  if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
  return subdomain;
};

/**
 * Budgets, counted before the attempt: the account's lockout (as for codes typed alone), the platform's
 * wrong answers of the window, the account's and the network's shares of them, and the card's own wrong
 * tries. No address lockout: many students share a carrier's address, and a guess is worth 10^-6 whoever
 * sends it. Past a share or the card's limit, the code waits for the teacher (the same pending answer
 * for a right or wrong code); the platform stays open for everyone else.
 */
export async function redeemByCard(deps: TCodesDeps, studentId: string, input: TRedeem & { card: string }, ctx: TCtx) {
  const { db, keys, limits } = deps;
  const card = parseCardNumber(input.card);
  if (!card) throw new AppError('CARD_NUMBER_FORMAT');
  const code = normalizeActivationCode(input.code);
  if (!code) throw new AppError('CODE_FORMAT');
  const teacher = await platformTeacher(deps, platformOf(ctx, input.platform));
  const found = await cardByNumber(db, teacher.id, card);
  if (!found) throw new AppError('CARD_NOT_FOUND');
  const hmac = codeHmac(keys, teacher.id, code);
  const budget = cardPlatformBudget(limits);
  const platformKey = `code:card-day:${teacher.id}`;
  const accountKey = `code:card-account:${teacher.id}:${studentId}`;
  const networkKey = `code:card-net:${teacher.id}:${networkOf(ctx.ip)}`;
  const cardKey = `code:card:${found.id}`;
  const inflightKey = `code:card-inflight:${teacher.id}`;
  const day = limits.teacherDaily.windowMs;
  return deps.gate(`card:${teacher.id}`, Math.max(1, Math.ceil(budget / 2)), async () => {
    const counted = await consumeAll(
      db,
      [
        { key: `code:student:${studentId}`, ...limits.student, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:student-day:${studentId}`, ...limits.studentDaily, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: platformKey, max: budget, windowMs: day },
        { key: accountKey, ...limits.card.account },
        { key: networkKey, max: cardNetworkShare(budget), windowMs: day },
        { key: cardKey, ...limits.card.perCard },
      ],
      { key: inflightKey, settle: limits.settle },
    );
    try {
      if (counted.spent.length > 0) {
        // The pending answer tells nothing, so it spends nothing but the account's lockout budgets.
        await refund(db, [platformKey, accountKey, networkKey, cardKey]);
        await db.insert(codeRequests).values({ teacherId: teacher.id, studentId, codeHmac: hmac, last2: code.slice(-2), ip: ctx.ip }).onConflictDoNothing();
        await announceWaitingCode(deps, teacher.id);
        return { pending: true as const };
      }
      const outcome = await runRedemption(db, {
        teacherId: teacher.id,
        studentId,
        hmac,
        codeId: found.id,
        now: deps.clock.now(),
        ip: ctx.ip,
        studentLimit: planLimits(teacher.plan).students,
        actor: { userId: studentId, role: 'student' },
      });
      // A right code on a dead card (used, expired, revoked) is not a guess: nothing of the guess budgets is kept.
      await refund(db, refundFor(outcome.verdict, counted.keys, [platformKey, accountKey, networkKey, cardKey]));
      if (outcome.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome.verdict]);
      return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
    } finally {
      await refund(db, [inflightKey]);
    }
  });
}

/**
 * A card's QR link, scanned and opened by a signed-in student: the token (192 bits, only its hash stored)
 * is the proof, so no guessing budget applies and a card past its wrong tries still redeems this way.
 * The link works once with its card: the same statement consumes the card's use.
 */
export async function redeemByLink(deps: TCodesDeps, studentId: string, input: TRedeemLink, ctx: TCtx) {
  const { db } = deps;
  const teacher = await platformTeacher(deps, platformOf(ctx, input.platform));
  const found = await cardByLink(db, teacher.id, input.token);
  if (!found) throw new AppError('CARD_LINK_INVALID');
  const outcome = await runRedemption(db, {
    teacherId: teacher.id,
    studentId,
    hmac: found.code_hmac,
    codeId: found.id,
    now: deps.clock.now(),
    ip: ctx.ip,
    studentLimit: planLimits(teacher.plan).students,
    actor: { userId: studentId, role: 'student' },
  });
  if (outcome.verdict === 'wrong') throw new AppError('CARD_LINK_INVALID');
  if (outcome.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome.verdict]);
  return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
}
