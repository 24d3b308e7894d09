import { eq } from 'drizzle-orm';
import { audit, type TActor } from '@server/core/audit';
import { session, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TAdminDeps } from './deps';

type TStatusChange = { status: 'active' | 'inactive' | 'suspended'; reason?: string };

/**
 * Anything but 'active' ends the teacher's sessions immediately (and their subdomain shows /inactive).
 * Setting the status the teacher already has changes nothing and writes no audit entry.
 */
export async function setTeacherStatus({ db }: TAdminDeps, teacherId: string, change: TStatusChange, actor: TActor) {
  const { status } = change;
  // The reason is the teacher's to read when they sign in (decision 058); reactivating clears it.
  const reason = status === 'active' ? null : change.reason || null;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: teachers.status, isActive: teachers.isActive, subdomain: teachers.subdomain, reason: teachers.statusReason })
      .from(teachers)
      .where(eq(teachers.id, teacherId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const same = before.status === status && before.isActive === (status === 'active');
    if (same && before.reason === reason) return { status, subdomain: before.subdomain };
    const [teacher] = await tx
      .update(teachers)
      .set({ status, isActive: status === 'active', statusReason: reason })
      .where(eq(teachers.id, teacherId))
      .returning({ userId: teachers.userId, subdomain: teachers.subdomain });
    if (status !== 'active') await tx.delete(session).where(eq(session.userId, teacher!.userId));
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'teacher.status_changed',
      targetType: 'teacher',
      targetId: teacherId,
      teacherId,
      details: { from: before.status, to: status, ...(reason ? { reason } : {}) },
      ip: actor.ip,
    });
    return { status, subdomain: teacher!.subdomain };
  });
}
