import { defineJob } from './jobs/queue';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { attemptLimits } from './db/schema';
import { AppError } from './errors';

export type TLimit = { key: string; max: number; windowMs: number };

const MINUTE = 60_000;
/** The account limits (docs/decisions/008-login-limits.md lists each with its key). */
export const ACCOUNT_LIMITS = {
  loginPerAccountAndIp: { max: 5, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 50, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  adminRegisterPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetPerIp: { max: 5, windowMs: 15 * MINUTE },
  resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
  passwordChangePerUser: { max: 5, windowMs: 15 * MINUTE },
  passwordChangePerIp: { max: 20, windowMs: 15 * MINUTE },
  emailChangePerUser: { max: 5, windowMs: 60 * MINUTE },
  emailChangePerIp: { max: 20, windowMs: 60 * MINUTE },
  verificationPerUser: { max: 3, windowMs: 60 * MINUTE },
  verificationPerIp: { max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Omit<TLimit, 'key'>>;

/**
 * Fixed-window counters in PostgreSQL, so limits hold across restarts and server instances.
 * Each attempt is counted *before* it runs, in one atomic upsert: parallel requests cannot all slip
 * through while the first ones are still being checked. A success may then clear the key, which makes
 * the limit count failures only.
 */
export async function consume(db: Db, { key, max, windowMs }: TLimit): Promise<void> {
  const windowEnd = sql`now() + ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(attemptLimits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: attemptLimits.key,
      set: {
        count: sql`case when ${attemptLimits.windowEndsAt} <= now() then 1 else ${attemptLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${attemptLimits.windowEndsAt} <= now() then ${windowEnd} else ${attemptLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: attemptLimits.count,
      msLeft: sql<string>`extract(epoch from (${attemptLimits.windowEndsAt} - now())) * 1000`,
    });
  if (row && row.count > max) {
    throw new AppError('RATE_LIMITED', undefined, { minutes: Math.max(1, Math.ceil(Number(row.msLeft) / 60_000)) });
  }
}

export async function clear(db: Db, ...keys: string[]): Promise<void> {
  if (keys.length === 1) await db.delete(attemptLimits).where(eq(attemptLimits.key, keys[0]!));
  else if (keys.length > 1) await db.delete(attemptLimits).where(inArray(attemptLimits.key, keys));
}

const PRUNE_BATCH = 5_000;
/** How often the server deletes ended windows (main.ts). */

/**
 * A window that has ended counts as nothing (consume() restarts it), so its row is only dead weight:
 * every e-mail and IP ever seen would otherwise stay in the table. Deleted in batches so that no
 * statement holds many row locks while logins are being counted. Returns how many rows went.
 */
export async function pruneExpired(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = db
      .select({ key: attemptLimits.key })
      .from(attemptLimits)
      .where(lte(attemptLimits.windowEndsAt, sql`now()`))
      .limit(PRUNE_BATCH);
    const gone = await db
      .delete(attemptLimits)
      .where(and(inArray(attemptLimits.key, ended), lte(attemptLimits.windowEndsAt, sql`now()`)))
      .returning({ key: attemptLimits.key });
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
  }
}

/** Deletes ended windows every 10 minutes, once per cluster (docs/decisions/054-job-queue.md). */
export const pruneAttemptLimitsJob = (db: Db) =>
  defineJob<object>({ name: 'prune-attempt-limits', cron: '*/10 * * * *', queue: { retryLimit: 0 }, run: () => pruneExpired(db) });
