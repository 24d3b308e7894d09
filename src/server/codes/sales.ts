import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TCodeSale } from '@shared/schemas/courses';
import { activationCodes } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit, type TActor } from '@server/core/audit';
import { ownBatch } from './queries';
import type { TCodesDeps } from './deps';
import { auditCard } from './audit-card';

/*
 * Cash on delivery, in bulk: the teacher hands over a stack of cards (numbers 1 to 50) or ticks the ones
 * sold today, and takes a mistaken "sold" back (decision 055). Every change is audited with the card numbers.
 */

const c = activationCodes;

function chosen(batchId: string, input: TCodeSale): SQL {
  return 'codeIds' in input
    ? and(eq(c.batchId, batchId), inArray(c.id, input.codeIds))!
    : and(eq(c.batchId, batchId), gte(c.serial, input.from), lte(c.serial, input.to))!;
}

/** Marks the chosen cards sold; cards already sold, used, expired or revoked are left as they are and counted. */
export async function markSoldMany(deps: TCodesDeps, teacherId: string, batchId: string, input: TCodeSale, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    await ownBatch(tx, teacherId, batchId);
    const now = clock.now();
    const where = and(eq(c.teacherId, teacherId), chosen(batchId, input));
    const sold = await tx
      .update(c)
      .set({ soldAt: now })
      .where(and(where, isNull(c.revokedAt), isNull(c.soldAt), lt(c.uses, c.maxUses), gt(c.validUntil, now)))
      .returning({ serial: c.serial });
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(where);
    const serials = sold.map((s) => s.serial).sort((a, b) => a - b);
    if (serials.length > 0) {
      await audit(tx, {
        actorUserId: actor.userId,
        actorRole: 'teacher',
        action: 'codes.codes_sold',
        targetType: 'code_batch',
        targetId: batchId,
        teacherId,
        details: { count: serials.length, serials, ...('from' in input ? { from: input.from, to: input.to } : {}) },
        ip: actor.ip,
      });
    }
    return { sold: serials.length, skipped: (row?.n ?? 0) - serials.length };
  });
}

/** Takes back a "sold" given by mistake, while nobody has redeemed the card: it stops working until sold again. */
export async function unmarkSold(deps: TCodesDeps, teacherId: string, codeId: string, actor: TActor) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const [code] = await tx
      .update(c)
      .set({ soldAt: null })
      .where(and(eq(c.id, codeId), eq(c.teacherId, teacherId), isNotNull(c.soldAt), eq(c.uses, 0), isNull(c.revokedAt)))
      .returning();
    if (!code) {
      const [mine] = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.id, codeId), eq(c.teacherId, teacherId)));
      throw new AppError(mine ? 'CODE_NOT_SOLD' : 'CODE_NOT_FOUND');
    }
    await auditCard(tx, actor, teacherId, 'codes.code_unsold', code);
    return { ok: true as const };
  });
}
