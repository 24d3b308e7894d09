import type { Db } from './db/client';
import { auditLog } from './db/schema';

/** Every action the audit log records; admins filter by these names. */
export const AUDIT_ACTIONS = [
  'admin.login',
  'admin.invited',
  'admin.registered',
  'admin.revoked',
  'admin.invitation_cancelled',
  'teacher.status_changed',
  'teacher.plan_changed',
  'teacher.trial_extended',
  'teacher.password_reset_sent',
  'user.banned',
  'user.unbanned',
  'codes.batch_generated',
  'codes.batch_revoked',
  'codes.code_revoked',
  'codes.code_sold',
  'codes.codes_sold',
  'codes.code_unsold',
  'codes.request_rejected',
  'codes.guessing_reopened',
  'subscription.enrolled',
  'subscription.redeemed',
  'subscription.plan_changed',
  'subscription.cancelled',
  'subscription.reactivated',
  'payment.refunded',
  'payment.receipt_approved',
  'payment.receipt_rejected',
  'video.download_blocked',
  'landing.published',
  'landing.unpublished',
  'inbox.exported',
  'billing.receipt_approved',
  'billing.receipt_rejected',
  'billing.data_deleted',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export type TAuditEntry = {
  actorUserId: string | null;
  actorRole: 'admin' | 'teacher' | 'student' | 'system';
  action: TAuditAction;
  targetType?: string;
  targetId?: string;
  teacherId?: string | null;
  details?: Record<string, unknown>;
  ip?: string;
};

/** Records a sensitive action. Call it inside the same transaction as the action when there is one. */
export async function audit(db: Db, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    teacherId: entry.teacherId ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

/** Who did it, from where: for the audit log. */
export type TActor = { userId: string; ip: string };
