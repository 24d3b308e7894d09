import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { TErrorCode } from '@shared/errors';
import type { Db } from '@server/core/db/client';
import { AppError } from '@server/core/errors';
import type { TLimit } from '@server/core/attempt-limits';
import { type TTx, executeNamed, textArray } from '@server/core/db/sql';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Failure budgets for activation-code redemption (docs/decisions/031-code-brute-force-budgets.md).
 * Each attempt is counted before it runs. A success gives every budget back; the platform's budget is
 * also given back for a code that exists but cannot be used (used, expired, revoked), so only guesses that
 * could have found a usable code spend it.
 */
export const REDEMPTION_LIMITS = {
  /** A student who mistypes: five tries, then a 15-minute pause. */
  student: { max: 5, windowMs: 15 * MINUTE },
  studentDaily: { max: 20, windowMs: DAY },
  ip: { max: 10, windowMs: 15 * MINUTE },
  ipDaily: { max: 50, windowMs: DAY },
  /**
   * Wrong codes answered as wrong on one teacher's platform per day, whoever types them: the bound on
   * guessing that teacher's codes. Past it the platform does not stop: it switches to teacher-confirmed mode.
   */
  teacherDaily: { max: 20, windowMs: DAY },
  /**
   * One account's, or one network's, part of a platform's daily budget (decision 084): past it, that
   * source alone gets the confirmed answer and the platform stays open for everyone else.
   */
  shareDaily: { max: 20, windowMs: DAY },
  /** The teacher reopens immediate answers under attack at most once in 24 hours (decision 084). */
  reopen: { max: 1, windowMs: DAY },
} satisfies Record<string, Omit<TLimit, 'key'>>;

/**
 * How long an attempt that finds a budget passed may wait for attempts in flight on the same platform to give
 * theirs back before it believes it (decision 084): a burst of right codes reserves the budgets it then returns
 * within milliseconds. With nothing else in flight the budget is believed at once. The in-flight counter's
 * short window forgets attempts lost in a crash.
 */
export const SETTLE = { ms: 10_000, inflightWindowMs: 60_000 };

/** The issue's bound: the chance that guessing finds any live code of one platform within a day. */
export const GUESS_RISK = { dailyChance: 1e-4 };

/**
 * Redemption by card number and code (decision 105): a guess names one card, so it finds a code with chance
 * 10^-6 whatever the number of live cards, and the platform's budget no longer shrinks as the teacher sells.
 */
export const CARD_GUESSING = {
  /** One account's wrong answers on a platform in a day; past them its codes wait for the teacher. */
  account: { max: 5, windowMs: DAY },
  /** Wrong tries on one card over its life (a year's window); past them the card waits for the teacher or its QR code. */
  perCard: { max: 5, windowMs: 365 * DAY },
};

export type TRedemptionLimits = typeof REDEMPTION_LIMITS & { risk: typeof GUESS_RISK; settle: typeof SETTLE; card: typeof CARD_GUESSING };

const CODE_SPACE = 1_000_000;
/**
 * Budget windows that can fall within one 24 hours: fixed windows straddle two, and the teacher's reopen
 * (at most one in 24 hours, decision 084) restarts the window once more.
 */
const WINDOWS_PER_DAY = 3;

/**
 * The platform's daily budget of wrong codes answered as wrong, with `live` codes that would be accepted
 * now. Each answered guess hits one of them with chance live / 10^6, and up to three windows fall within
 * one 24 hours: 3 · budget · live / 10^6 ≤ the risk bound. Past it, teacher-confirmed mode.
 */
export function platformBudget(limits: TRedemptionLimits, live: number): number {
  const byRisk = Math.floor((limits.risk.dailyChance * CODE_SPACE) / (WINDOWS_PER_DAY * Math.max(live, 1)));
  return Math.min(limits.teacherDaily.max, byRisk);
}

/**
 * One account's or one network's part of the platform's budget: a quarter, so that it takes four of each to
 * spend it, but at least 2, so that one typo does not send a student's next code to the teacher. Tests and
 * benchmarks that lift the bound (an infinite chance) lift the shares with it.
 */
export function sourceShare(limits: TRedemptionLimits, budget: number): number {
  if (!Number.isFinite(limits.risk.dailyChance)) return budget;
  return Math.min(budget, limits.shareDaily.max, Math.max(2, Math.ceil(budget / 4)));
}

/**
 * The platform's wrong answers a window by card number: each finds a code with chance 10^-6 at most, and
 * three windows fall within 24 hours, so 3 · budget / 10^6 ≤ the risk bound (33 for 10^-4), whatever the
 * number of live cards.
 */
export function cardPlatformBudget(limits: TRedemptionLimits): number {
  return Math.floor((limits.risk.dailyChance * CODE_SPACE) / WINDOWS_PER_DAY);
}

/**
 * One network's part of it: half, so that it takes two networks to spend the day, and a whole classroom
 * behind one carrier address keeps immediate answers after a dozen wrong guesses among them.
 */
export function cardNetworkShare(budget: number): number {
  return Math.ceil(budget / 2);
}

/** Live codes matter only up to this count: beyond it the budget is 0 whatever their number. */
export function liveCodesThatMatter(limits: TRedemptionLimits): number {
  return Math.floor((limits.risk.dailyChance * CODE_SPACE) / WINDOWS_PER_DAY) + 1;
}

/**
 * The network a request comes from, as one attacker holds it: an IPv4 address (a home line, or a carrier's
 * shared address), or the /64 of an IPv6 address (what one subscriber line is given).
 */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The counters are written with an asynchronous commit: a platform's counter is one row that every
 * redemption there touches, and holding its lock through a disk flush made redemptions wait for each other
 * (bench/results/courses.md). A database crash may lose the last fraction of a second of counts, which
 * no attacker can provoke; nothing else is written by these statements.
 */
const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;

/** Gives back attempts counted by consumeAll() (a success, or a budget that refused before trying). */
export async function refund(db: TTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  // Rows are locked in key order, as consumeAll() writes them, so that racing attempts cannot deadlock.
  await executeNamed(
    db,
    sql`update attempt_limits set count = attempt_limits.count - 1
      from ${ASYNC_COMMIT}
      where attempt_limits.key in (select l.key from attempt_limits l where l.key = any(${textArray(keys)}) and l.count > 0 order by l.key for update)`,
  );
}

export type TBudget = TLimit & { error?: TErrorCode };

const byKey = (budgets: TBudget[]) => [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

type TCounted = { key: string; count: number; ms_left: number };

async function countOnce(db: Db, sorted: TBudget[]) {
  return executeNamed<TCounted>(
    db,
    sql`insert into attempt_limits (key, count, window_ends_at)
      select b.key, 1, now() + b.ms * interval '1 millisecond'
      from unnest(${textArray(sorted.map((b) => b.key))}, array[${sql.join(
        sorted.map((b) => sql`${b.windowMs}`),
        sql`, `,
      )}]::float8[]) as b(key, ms), ${ASYNC_COMMIT}
      order by b.key
      on conflict (key) do update set
        count = case when attempt_limits.window_ends_at <= now() then 1 else attempt_limits.count + 1 end,
        window_ends_at = case when attempt_limits.window_ends_at <= now() then excluded.window_ends_at else attempt_limits.window_ends_at end
      returning key, count, (extract(epoch from (window_ends_at - now())) * 1000)::float8 as ms_left`,
  );
}

const passed = (budgets: TBudget[], rows: TCounted[]) => budgets.filter((b) => (rows.find((r) => r.key === b.key)?.count ?? 0) > b.max);
/** Budgets that switch to confirmed mode (no error) are the ones a burst's reservations can fill for nothing. */
const switching = (budgets: TBudget[]) => budgets.filter((b) => !b.error);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts one attempt against several budgets in a single upsert (the same fixed windows as
 * attempt-limits.ts consume(), one round trip instead of one per budget, run as a named prepared statement,
 * committed asynchronously as above). Rows are written in key order, as refund() locks them, so that racing
 * attempts cannot deadlock. With an `inflight` key, the attempt also counts itself in flight (the caller
 * gives it back when the attempt ends): a budget found passed while others are in flight may only be full of
 * their reservations (a burst of right codes), so the attempt gives its count back and tries again, within
 * `settle` (decision 084); this applies to the budgets that switch to confirmed mode, a lockout is believed at
 * once. Only a budget passed with nothing else in flight, or at the end, is believed. If a
 * budget with an error is exhausted the attempt is given back everywhere and refused with that budget's
 * error and the minutes left; exhausted budgets without an error are returned in `spent`.
 */
export async function consumeAll(db: Db, budgets: TBudget[], inflight?: { key: string; settle: typeof SETTLE }): Promise<{ keys: string[]; spent: string[] }> {
  const all = inflight ? [...budgets, { key: inflight.key, max: Number.MAX_SAFE_INTEGER, windowMs: inflight.settle.inflightWindowMs }] : budgets;
  const sorted = byKey(all);
  const keys = all.map((b) => b.key);
  const deadline = Date.now() + (inflight?.settle.ms ?? 0);
  let rows = await countOnce(db, sorted);
  const othersInFlight = () => inflight !== undefined && (rows.find((r) => r.key === inflight.key)?.count ?? 0) > 1;
  // A lockout (a budget with an error) is believed at once: waiting for it would hold every locked guesser.
  while (passed(switching(budgets), rows).length > 0 && passed(budgets, rows).every((b) => !b.error) && othersInFlight() && Date.now() < deadline) {
    await refund(db, keys);
    await pause(50 + Math.random() * 150);
    rows = await countOnce(db, sorted);
  }
  const spent: string[] = [];
  for (const b of passed(budgets, rows)) {
    if (!b.error) {
      spent.push(b.key);
      continue;
    }
    const row = rows.find((r) => r.key === b.key)!;
    await refund(db, keys);
    throw new AppError(b.error, undefined, { minutes: Math.max(1, Math.ceil(Number(row.ms_left) / 60_000)) });
  }
  return { keys: budgets.map((b) => b.key), spent };
}
