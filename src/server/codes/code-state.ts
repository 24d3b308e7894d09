import { and, gt, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TCodeState } from '@shared/schemas/courses';
import { activationCodes } from '@server/core/db/schema';

export type TCodeRow = typeof activationCodes.$inferSelect;

/** Spec states: unused, sold, redeemed (by whom and when), expired, revoked. */
export function codeState(code: Pick<TCodeRow, 'revokedAt' | 'uses' | 'maxUses' | 'validUntil' | 'soldAt'>, now: Date): TCodeState {
  if (code.revokedAt) return 'revoked';
  if (code.uses >= code.maxUses) return 'redeemed';
  if (code.validUntil.getTime() <= now.getTime()) return 'expired';
  return code.soldAt ? 'sold' : 'unused';
}

export function stateCondition(state: TCodeState, now: Date): SQL {
  const c = activationCodes;
  const open = and(isNull(c.revokedAt), lt(c.uses, c.maxUses))!;
  switch (state) {
    case 'revoked':
      return isNotNull(c.revokedAt);
    case 'redeemed':
      return and(isNull(c.revokedAt), sql`${c.uses} >= ${c.maxUses}`)!;
    case 'expired':
      return and(open, lte(c.validUntil, now))!;
    case 'sold':
      return and(open, gt(c.validUntil, now), isNotNull(c.soldAt))!;
    case 'unused':
      return and(open, gt(c.validUntil, now), isNull(c.soldAt))!;
  }
}
