import { timingSafeEqual } from 'node:crypto';
import { normalizeActivationCode, parseCardNumber, planLimits } from '@shared/courses';
import type { TRedeem, TRedeemLink } from '@shared/schemas/courses';
import { codeRequests } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { iso } from '@server/core/dates';
import { msOrNull } from '@server/core/db/sql';
import { cardByLink, platformCard } from './card-numbers';
import { platformTeacher } from './code-safety';
import { codeHmac } from './crypto';
import { type TBudget, cardNetworkShare, cardPlatformBudget, consumeAll, networkOf, refund } from './limits';
import { type TCardOutcome, VERDICT_ERROR, runCardRedemption, runRedemption } from './redemption-statement';
import type { TCodesDeps } from './deps';
import { noticeEnrollment } from './notices';
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

type TCardAttempt = { teacherId: string; cardId: string; studentId: string; hmac: string; last2: string; ip: string };

/**
 * The budgets of an attempt by card number: the account's lockout (as for codes typed alone, with an error),
 * then the guess budgets: the platform's wrong answers of the window, the account's and the network's shares
 * of them, and the card's own wrong tries. No address lockout: many students share a carrier's address,
 * and a guess is worth 10^-6 whoever sends it.
 */
function cardBudgets(deps: TCodesDeps, a: TCardAttempt) {
  const { limits } = deps;
  const budget = cardPlatformBudget(limits);
  const lockouts: TBudget[] = [
    { key: `code:student:${a.studentId}`, ...limits.student, error: 'CODE_ATTEMPTS_LOCKED' },
    { key: `code:student-day:${a.studentId}`, ...limits.studentDaily, error: 'CODE_ATTEMPTS_LOCKED' },
  ];
  const guesses: TBudget[] = [
    { key: `code:card-day:${a.teacherId}`, max: budget, windowMs: limits.teacherDaily.windowMs },
    { key: `code:card-account:${a.teacherId}:${a.studentId}`, ...limits.card.account },
    { key: `code:card-net:${a.teacherId}:${networkOf(a.ip)}`, max: cardNetworkShare(budget), windowMs: limits.teacherDaily.windowMs },
    { key: `code:card:${a.cardId}`, ...limits.card.perCard },
  ];
  const all = [...lockouts, ...guesses];
  return {
    lockouts,
    guesses,
    open: { keys: all.map((b) => b.key), maxes: all.map((b) => b.max), locks: all.map((b) => b.error !== undefined), windowMs: all.map((b) => b.windowMs) },
  };
}

/** The same answer for a right or wrong code past a share or the card's limit: the code waits for the teacher. */
async function waitForTeacher(deps: TCodesDeps, a: TCardAttempt) {
  await deps.db
    .insert(codeRequests)
    .values({ teacherId: a.teacherId, studentId: a.studentId, codeHmac: a.hmac, last2: a.last2, ip: a.ip })
    .onConflictDoNothing();
  await announceWaitingCode(deps, a.teacherId, { studentId: a.studentId, hmac: a.hmac });
  return { pending: true as const };
}

/**
 * A wrong code (decision 136): counted against every budget in one upsert (row locks in key order, so the
 * counts are exact however many race). Within them, the answer is "wrong"; past the account's lockout it is
 * refused; past a guess budget the code waits for the teacher, and that attempt is given back to the guess
 * budgets (the pending answer tells nothing), so one source cannot close the platform to everyone.
 */
async function wrongTry(deps: TCodesDeps, a: TCardAttempt, budgets: ReturnType<typeof cardBudgets>) {
  const guessKeys = budgets.guesses.map((b) => b.key);
  const counted = await consumeAll(deps.db, [...budgets.lockouts, ...budgets.guesses]);
  if (counted.spent.length === 0) throw new AppError('CODE_WRONG');
  await refund(deps.db, guessKeys);
  return waitForTeacher(deps, a);
}

/**
 * Redemption by card number and code (decisions 105 and 136). The card number says which card (it is
 * printed, not secret); the six digits prove it. A guess therefore names one card and finds its code with
 * chance 10^-6, whatever the number of live cards, so the platform's budget stays the same as the teacher
 * sells more. Two round trips for a right code: the platform and the card in one read, then one statement
 * that checks the budgets under a shared lock and redeems. A right code spends no budget, so a burst of
 * them neither takes turns nor fills the budgets with reservations (decision 084's gate is not needed here).
 */
export async function redeemByCard(deps: TCodesDeps, studentId: string, input: TRedeem & { card: string }, ctx: TCtx) {
  const { db, keys } = deps;
  const card = parseCardNumber(input.card);
  if (!card) throw new AppError('CARD_NUMBER_FORMAT');
  const code = normalizeActivationCode(input.code);
  if (!code) throw new AppError('CODE_FORMAT');
  const found = await platformCard(db, platformOf(ctx, input.platform), card);
  if (!found) throw new AppError('PLATFORM_NOT_FOUND');
  if (found.status !== 'active' || !found.is_active) throw new AppError('TEACHER_INACTIVE');
  if (!found.card_id || !found.code_hmac) throw new AppError('CARD_NOT_FOUND');
  const attempt = { teacherId: found.id, cardId: found.card_id, studentId, hmac: codeHmac(keys, found.id, code), last2: code.slice(-2), ip: ctx.ip };
  const budgets = cardBudgets(deps, attempt);
  // A card still waiting to be sold answers its right code as wrong, and counts it as wrong: nothing tells them apart.
  if (found.unsold || !sameHmac(attempt.hmac, found.code_hmac)) return wrongTry(deps, attempt, budgets);
  const outcome = await runCardRedemption(db, {
    teacherId: found.id,
    studentId,
    hmac: attempt.hmac,
    codeId: found.card_id,
    now: deps.clock.now(),
    ip: ctx.ip,
    studentLimit: planLimits(found.plan).students,
    actor: { userId: studentId, role: 'student' },
    budgets: budgets.open,
  });
  return settle(deps, attempt, budgets, outcome);
}

/**
 * After a right code's statement: the answer, and what it counts. A success or a full platform counts nothing;
 * a right code on a dead card (used, expired, revoked) is not a guess, so only the account's lockout counts it,
 * as it counts a pending answer (the lockout must not tell a right pending code from a wrong one).
 */
async function settle(deps: TCodesDeps, a: TCardAttempt, budgets: ReturnType<typeof cardBudgets>, outcome: TCardOutcome) {
  const uncounted = (list: TBudget[]) => list.map((b) => ({ key: b.key, max: b.max, windowMs: b.windowMs }));
  if (outcome.verdict === 'ok') {
    await noticeEnrollment(deps, a.teacherId, a.studentId, a.hmac, { courseTitle: outcome.course_title! });
    return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
  }
  if (outcome.verdict === 'locked')
    throw new AppError('CODE_ATTEMPTS_LOCKED', undefined, { minutes: Math.max(1, Math.ceil(Number(outcome.locked_ms) / 60_000)) });
  if (outcome.verdict === 'full') throw new AppError(VERDICT_ERROR.full);
  // A card sold back to unsold (or gone) since the read: a wrong answer, counted as one.
  await consumeAll(deps.db, uncounted(outcome.verdict === 'wrong' ? [...budgets.lockouts, ...budgets.guesses] : budgets.lockouts));
  if (outcome.verdict === 'pending') return waitForTeacher(deps, a);
  throw new AppError(VERDICT_ERROR[outcome.verdict]);
}

const sameHmac = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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
