import { audit, type TActor, type TAuditAction } from '@server/core/audit';
import type { TTx } from '@server/core/db/sql';

type TCard = { id: string; batchId: string; serial: number; last2: string };

/** One audit entry about one card, by its teacher: the card is named by batch, number and last digits, never its code. */
export function auditCard(tx: TTx, actor: TActor, teacherId: string, action: TAuditAction, card: TCard, extra: Record<string, unknown> = {}) {
  return audit(tx, {
    actorUserId: actor.userId,
    actorRole: 'teacher',
    action,
    targetType: 'activation_code',
    targetId: card.id,
    teacherId,
    details: { batchId: card.batchId, serial: card.serial, last2: card.last2, ...extra },
    ip: actor.ip,
  });
}
