import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { activationCodes, codeBatches } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit, type TActor } from '@server/core/audit';
import type { TTx } from '@server/core/db/sql';
import type { TCodeRow } from './code-state';
import { ownBatch } from './queries';
import type { TCodesDeps } from './deps';
import { auditCard } from './audit-card';

/** Why a change to one code was refused: another teacher's code (or none) is not found; one of ours says why. */
async function whyNot(tx: TTx, teacherId: string, codeId: string, reason: (row: TCodeRow) => 'CODE_NOT_FOUND' | 'CODE_NOT_REVOCABLE' | 'CODE_NOT_SELLABLE') {
  const [row] = await tx
    .select()
    .from(activationCodes)
    .where(and(eq(activationCodes.id, codeId), eq(activationCodes.teacherId, teacherId)));
  return new AppError(row ? reason(row) : 'CODE_NOT_FOUND');
}

export async function revokeBatch(deps: TCodesDeps, teacherId: string, batchId: string, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const batch = await ownBatch(tx, teacherId, batchId);
    const now = clock.now();
    await tx
      .update(codeBatches)
      .set({ revokedAt: batch.revokedAt ?? now })
      .where(eq(codeBatches.id, batch.id));
    // Codes already used up stay "redeemed"; every other code stops working.
    const revoked = await tx
      .update(activationCodes)
      .set({ revokedAt: now, live: false })
      .where(and(eq(activationCodes.batchId, batch.id), isNull(activationCodes.revokedAt), lt(activationCodes.uses, activationCodes.maxUses)))
      .returning({ id: activationCodes.id });
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'teacher',
      action: 'codes.batch_revoked',
      targetType: 'code_batch',
      targetId: batch.id,
      teacherId,
      details: { revoked: revoked.length },
      ip: actor.ip,
    });
    return { revoked: revoked.length };
  });
}

/** One card lost or stolen. A code already used up stays "redeemed": revoking it would undo nothing. */
export async function revokeCode(deps: TCodesDeps, teacherId: string, codeId: string, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [code] = await tx
      .update(activationCodes)
      .set({ revokedAt: clock.now(), live: false })
      .where(
        and(
          eq(activationCodes.id, codeId),
          eq(activationCodes.teacherId, teacherId),
          isNull(activationCodes.revokedAt),
          lt(activationCodes.uses, activationCodes.maxUses),
        ),
      )
      .returning();
    if (!code) throw await whyNot(tx, teacherId, codeId, (row) => (row.revokedAt ? 'CODE_NOT_FOUND' : 'CODE_NOT_REVOCABLE'));
    await auditCard(tx, actor, teacherId, 'codes.code_revoked', code);
    return { ok: true as const };
  });
}

/** Cash on delivery: the teacher records that a card was handed over and paid for. */
export async function markSold(deps: TCodesDeps, teacherId: string, codeId: string, actor: TActor) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [code] = await tx
      .update(activationCodes)
      .set({ soldAt: clock.now() })
      .where(
        and(
          eq(activationCodes.id, codeId),
          eq(activationCodes.teacherId, teacherId),
          isNull(activationCodes.revokedAt),
          isNull(activationCodes.soldAt),
          lt(activationCodes.uses, activationCodes.maxUses),
          gt(activationCodes.validUntil, clock.now()),
        ),
      )
      .returning();
    if (!code) throw await whyNot(tx, teacherId, codeId, () => 'CODE_NOT_SELLABLE');
    await auditCard(tx, actor, teacherId, 'codes.code_sold', code);
    return { ok: true as const };
  });
}
