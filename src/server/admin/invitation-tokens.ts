import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { adminInvitations, user } from '@server/core/db/schema';

/** An invitation link works for this many hours. */
export const INVITATION_HOURS = 72;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameSecret(a: string, b: string) {
  return timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)));
}

/** An invitation not used yet, not expired, for this e-mail and with this token. */
export const usable = (token: string, email: string) =>
  and(
    eq(adminInvitations.tokenHash, sha256(token)),
    isNull(adminInvitations.usedAt),
    gt(adminInvitations.expiresAt, sql`now()`),
    sql`lower(${adminInvitations.email}) = ${email}`,
  );

export async function emailHasAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return Boolean(row);
}
