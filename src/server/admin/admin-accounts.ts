import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { audit, type TActor } from '@server/core/audit';
import type { Db } from '@server/core/db/client';
import { adminInvitations, auditLog, session, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TAdminDeps } from './deps';

/** A former admin keeps their account (and their audit trail) but can no longer sign in anywhere. */
const REVOKED_ROLE = 'revoked';

/**
 * Locks every admin row (FOR UPDATE), then checks that `adminId` is an admin and that another active
 * admin would remain without them. Concurrent removals wait for each other and see each other's result.
 */
async function lockOtherAdmins(tx: Db, adminId: string) {
  const admins = await tx.select({ id: user.id, banned: user.banned }).from(user).where(eq(user.role, 'admin')).for('update');
  if (!admins.some((a) => a.id === adminId)) throw new AppError('NOT_FOUND');
  if (!admins.some((a) => a.id !== adminId && !a.banned)) throw new AppError('LAST_ADMIN');
}

/** Admins (active ones first) and the invitations not used yet. */
export async function listAdmins({ db }: TAdminDeps, viewerId: string) {
  const admins = await db
    .select({ id: user.id, name: user.name, email: user.email, banned: user.banned, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.banned), asc(user.createdAt));
  const lastLogins = await db
    .select({ userId: auditLog.actorUserId, at: sql<string>`max(${auditLog.createdAt})` })
    .from(auditLog)
    .where(inArray(auditLog.action, ['admin.login', 'admin.registered']))
    .groupBy(auditLog.actorUserId);
  const lastLogin = new Map(lastLogins.map((l) => [l.userId, l.at ? new Date(l.at).toISOString() : null]));
  const invitations = await db
    .select({
      id: adminInvitations.id,
      email: adminInvitations.email,
      expiresAt: adminInvitations.expiresAt,
      createdAt: adminInvitations.createdAt,
      invitedBy: user.name,
    })
    .from(adminInvitations)
    .leftJoin(user, eq(user.id, adminInvitations.invitedBy))
    .where(and(isNull(adminInvitations.usedAt), gt(adminInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(adminInvitations.createdAt));
  return {
    admins: admins.map((a) => ({ ...a, isYou: a.id === viewerId, lastLoginAt: lastLogin.get(a.id) ?? null })),
    invitations,
  };
}

/**
 * Takes the admin role away and ends the person's sessions. Locking every admin row first makes two
 * admins who revoke each other at the same moment take turns, so one of them always remains.
 */
export async function revokeAdmin({ db }: TAdminDeps, adminId: string, actor: TActor) {
  return db.transaction(async (tx) => {
    await lockOtherAdmins(tx, adminId);
    await tx.update(user).set({ role: REVOKED_ROLE }).where(eq(user.id, adminId));
    await tx.delete(session).where(eq(session.userId, adminId));
    await audit(tx, { actorUserId: actor.userId, actorRole: 'admin', action: 'admin.revoked', targetType: 'user', targetId: adminId, ip: actor.ip });
    return { revoked: true as const };
  });
}
