import { and, eq } from 'drizzle-orm';
import type { TStaffRole } from '@shared/staff';
import { audit } from '@server/core/audit';
import { session, staffMembers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TStaffDeps, TTeamActor } from './deps';

/*
 * Changing a member's role or removing them ends their sessions at once, like an admin's suspension of a teacher
 * (admin/teacher-status.ts): the next request of any of their devices is signed out, and they sign in again with
 * what they may do now.
 */

export async function changeRole({ db }: TStaffDeps, teacherId: string, memberId: string, role: TStaffRole, actor: TTeamActor) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.id, memberId), eq(staffMembers.teacherId, teacherId)))
      .for('update');
    if (!before) throw new AppError('STAFF_NOT_FOUND');
    await tx.update(staffMembers).set({ role }).where(eq(staffMembers.id, memberId));
    if (before.role !== role) await tx.delete(session).where(eq(session.userId, before.userId));
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'staff.role_changed',
      targetType: 'staff_member',
      targetId: memberId,
      teacherId,
      details: { from: before.role, to: role },
      ip: actor.ip,
    });
    return { id: memberId, role };
  });
}

/**
 * Removal also takes away what they were told as this teacher's staff (decision 233): their list, unread count and
 * queued e-mails and pushes; another platform's notifications stay.
 */
export async function removeMember({ db, notifications }: TStaffDeps, teacherId: string, memberId: string, actor: TTeamActor) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(staffMembers)
      .where(and(eq(staffMembers.id, memberId), eq(staffMembers.teacherId, teacherId)))
      .returning();
    if (!gone) throw new AppError('STAFF_NOT_FOUND');
    await tx.delete(session).where(eq(session.userId, gone.userId));
    await notifications.forgetRecipientOfTeacher(teacherId, gone.userId, tx);
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'staff.removed',
      targetType: 'staff_member',
      targetId: memberId,
      teacherId,
      details: { role: gone.role },
      ip: actor.ip,
    });
    return { removed: true as const };
  });
}
