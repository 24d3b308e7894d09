import { lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { defineJob } from './jobs/queue';
import { usedTokens } from './db/schema';
import type { TTx } from './db/sql';

/*
 * Single-use tokens across instances (decision 139). A token that may be used once carries a random `jti`; the
 * first use records it in `used_tokens` (primary key: the insert is the check, atomic on both drivers and on any
 * number of instances), a second use finds it there and is refused. A row is kept until its token expires — after
 * that the token's own `exp` refuses it — and then swept by a job, so the table holds only live tokens.
 */

type TSingleUse = { jti: string; scope: string; expiresAt: Date };

/** True the first time this `jti` is used, false every time after (here or on another instance). */
export async function useOnce(db: Db | TTx, token: TSingleUse): Promise<boolean> {
  const inserted = await db.insert(usedTokens).values(token).onConflictDoNothing({ target: usedTokens.jti }).returning({ jti: usedTokens.jti });
  return inserted.length === 1;
}

/** Removes the ids of tokens that have expired (their `exp` refuses them now); returns how many went. */
async function sweepUsedTokens(db: Db): Promise<number> {
  const gone = await db
    .delete(usedTokens)
    .where(lt(usedTokens.expiresAt, sql`now()`))
    .returning({ jti: usedTokens.jti });
  return gone.length;
}

/** Every 10 minutes, once per cluster. */
export const sweepUsedTokensJob = (db: Db) =>
  defineJob<object>({ name: 'sweep-used-tokens', cron: '*/10 * * * *', queue: { retryLimit: 0 }, run: () => sweepUsedTokens(db) });
