import { hkdfSync, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { TUnlockAccount, TUnlockRequest } from '@shared/schemas/accounts';
import { resolveAuthSecret } from '@server/auth';
import { ACCOUNT_LIMITS as LIMITS, consume } from '@server/core/attempt-limits';
import { attemptLimits, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { defineJob } from '@server/core/jobs/queue';
import type { TRequestContext } from '@server/core/request-context';
import { useOnce } from '@server/core/single-use';
import type { TAccountsDeps } from './deps';

/*
 * The owner's way out of the per-account login lock (decision 008 keeps the lock: 50 wrong passwords in 15
 * minutes from any addresses lock the account, the right password included; issue 23, decision 110).
 *
 * - When the lock happens (and again on request, from the sign-in screen), the owner gets an e-mail with a
 *   signed link, at most one per lock window. The link names the address and the lock's window end, signed
 *   with a key derived from the auth secret: it works only while that very lock stands (using it ends the lock),
 *   once (its `jti` is spent in `used_tokens`, decision 139), and dies with the lock.
 * - Opening the link shows a button (a GET does nothing: mail scanners open links). The POST ends the lock and
 *   lets the browser's address sign in to that account for 15 minutes without counting towards the
 *   per-account limit, so an attacker who keeps guessing cannot lock the owner out again meanwhile. The per
 *   address-and-account limit (5 per 15 minutes) still applies to the owner's address.
 */

const MINUTE = 60_000;
export const loginAccountKey = (email: string) => `login:${email}`;
const exemptKey = (email: string, ip: string) => `login-unlocked:${email}:${ip}`;
const mailKey = (email: string) => `unlock-mail:${email}`;

type TUnlockMail = { email: string; windowEndsAt: number };

// A JWT signed by `jose` (decision 139) with a key of its own derived from the auth secret; its `jti` is spent in
// `used_tokens` on use, so a link works once on any instance even if the lock it names were somehow to stand again.
const unlockKey = (secret: string) => new Uint8Array(hkdfSync('sha256', secret, 'darsi/accounts', 'unlock-link-v1', 32));
const AUDIENCE = 'darsi:unlock';

async function unlockToken(secret: string, { email, windowEndsAt }: TUnlockMail): Promise<string> {
  return new SignJWT({ w: windowEndsAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(email)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setExpirationTime(Math.ceil(windowEndsAt / 1000))
    .sign(unlockKey(secret));
}

async function readToken(secret: string, token: string): Promise<(TUnlockMail & { jti: string; exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, unlockKey(secret), { algorithms: ['HS256'], audience: AUDIENCE, requiredClaims: ['sub', 'jti', 'exp'] });
    const { sub, w, jti, exp } = payload;
    return typeof sub === 'string' && typeof w === 'number' && typeof jti === 'string' && typeof exp === 'number'
      ? { email: sub, windowEndsAt: w, jti, exp }
      : null;
  } catch {
    return null;
  }
}

/** The per-account lock standing now, if any: its window end (ms) while its count is over the limit. */
async function standingLock({ db }: TAccountsDeps, email: string): Promise<number | null> {
  const [row] = await db
    .select({ count: attemptLimits.count, windowEndsAt: attemptLimits.windowEndsAt })
    .from(attemptLimits)
    .where(and(eq(attemptLimits.key, loginAccountKey(email)), gt(attemptLimits.windowEndsAt, sql`now()`)));
  return row && row.count > LIMITS.loginPerAccount.max ? row.windowEndsAt.getTime() : null;
}

/** Whether this address was let through by an unlock link for this account, for the next 15 minutes. */
export async function unlockedFor({ db }: TAccountsDeps, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ key: attemptLimits.key })
    .from(attemptLimits)
    .where(and(eq(attemptLimits.key, exemptKey(email, ip)), gt(attemptLimits.windowEndsAt, sql`now()`)));
  return Boolean(row);
}

/** Queues the unlock e-mail for a standing lock, at most once per lock window (the job sends it). */
export async function noticeLock(deps: TAccountsDeps, email: string): Promise<void> {
  const windowEndsAt = await standingLock(deps, email);
  if (windowEndsAt === null) return;
  try {
    await consume(deps.db, { key: mailKey(email), max: 1, windowMs: Math.max(MINUTE, windowEndsAt - Date.now()) });
  } catch {
    return; // already sent for this lock
  }
  await deps.jobs.send(unlockMailJob(deps), { email, windowEndsAt });
}

/** "Send me an unlock link": the same answer whether or not the account exists or is locked. */
export async function requestUnlock(deps: TAccountsDeps, { email }: TUnlockRequest, ctx: TRequestContext) {
  await consume(deps.db, { key: `unlock-ip:${ctx.ip}`, ...LIMITS.resetPerIp });
  await noticeLock(deps, email);
  return { sent: true } as const;
}

/** The link's button: ends the lock it was sent for and lets this address sign in for 15 minutes. */
export async function unlockAccount(deps: TAccountsDeps, { token }: TUnlockAccount, ctx: TRequestContext) {
  const claim = await readToken(resolveAuthSecret(deps.config), token);
  if (!claim) throw new AppError('INVALID_TOKEN');
  if (!(await useOnce(deps.db, { jti: claim.jti, scope: 'unlock', expiresAt: new Date(claim.exp * 1000) }))) throw new AppError('INVALID_TOKEN');
  const ended = await deps.db
    .delete(attemptLimits)
    .where(
      and(eq(attemptLimits.key, loginAccountKey(claim.email)), sql`floor(extract(epoch from ${attemptLimits.windowEndsAt}) * 1000) = ${claim.windowEndsAt}`),
    )
    .returning({ key: attemptLimits.key });
  // Used already, or the lock it was sent for has ended.
  if (ended.length === 0) throw new AppError('INVALID_TOKEN');
  const windowEnd = sql`now() + ${`${15 * MINUTE} milliseconds`}::interval`;
  await deps.db
    .insert(attemptLimits)
    .values({ key: exemptKey(claim.email, ctx.ip), count: 0, windowEndsAt: windowEnd })
    .onConflictDoUpdate({ target: attemptLimits.key, set: { windowEndsAt: windowEnd } });
  await deps.db.delete(attemptLimits).where(eq(attemptLimits.key, mailKey(claim.email)));
  return { unlocked: true } as const;
}

export function unlockMailJob(deps: TAccountsDeps) {
  return defineJob<TUnlockMail>({
    name: 'accounts.unlock-mail',
    queue: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
    run: async (lock) => {
      const [account] = await deps.db
        .select({ name: user.name, email: user.email, language: user.language })
        .from(user)
        .where(sql`lower(${user.email}) = ${lock.email}`);
      if (!account) return;
      const origin = `${deps.config.publicHttps ? 'https' : 'http'}://${deps.config.publicHost}`;
      const link = `${origin}/unlock-account?token=${encodeURIComponent(await unlockToken(resolveAuthSecret(deps.config), lock))}`;
      await deps.mailer.sendTemplate(account.email, account.language ?? 'ar', 'unlockAccount', { name: account.name, link });
    },
  });
}
