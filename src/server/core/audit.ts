import { desc, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';
import { auditLog, user } from './db/schema';

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
  'subscription.suspended',
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
  'staff.action',
  'staff.invited',
  'staff.joined',
  'staff.role_changed',
  'staff.removed',
  'staff.invitation_revoked',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry can be about; the admin's log names each (admin.json audit.targets). */
export const AUDIT_TARGET_TYPES = [
  'teacher',
  'user',
  'inbox',
  'invitation',
  'code_batch',
  'activation_code',
  'code_request',
  'enrollment',
  'landing_page',
  'ledger_entry',
  'payment_order',
  'plan_invoice',
  'lesson',
  'staff_member',
] as const;
type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Every key an entry's details may hold: the admin's log gives each a label in three languages
 * (admin.json audit.fields), so none shows as a raw key. A new key must be added here first.
 */
export const AUDIT_DETAIL_KEYS = [
  'from',
  'to',
  'fromPlanId',
  'toPlanId',
  'reason',
  'via',
  'email',
  'language',
  'days',
  'rows',
  'q',
  'state',
  'title',
  'studentId',
  'courseId',
  'planId',
  'batchId',
  'codeId',
  'requestId',
  'count',
  'serial',
  'serials',
  'last2',
  'maxUses',
  'validUntil',
  'accessDays',
  'expiresAt',
  'revoked',
  'recalculate',
  'paidDzd',
  'amountDzd',
  'reference',
  'method',
  'source',
  'orderId',
  'receiptId',
  'livemode',
  'wrong',
  'live',
  'tables',
  'sessionId',
  'segments',
  'keys',
  'seconds',
  'route',
  'role',
  'status',
] as const;
type TAuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];

export type TAuditEntry = {
  actorUserId: string | null;
  actorRole: 'admin' | 'teacher' | 'student' | 'system' | 'staff';
  action: TAuditAction;
  targetType?: TAuditTargetType;
  targetId?: string;
  teacherId?: string | null;
  details?: Partial<Record<TAuditDetailKey, unknown>>;
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

/** What every reading of the log shows of an entry: what was done, by whom (their name), when. */
const ENTRY_COLUMNS = {
  id: auditLog.id,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  actorRole: auditLog.actorRole,
  actorName: user.name,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

/**
 * One page of entries, newest first, with the actor's name (null once the account is gone). The admin's log and
 * the teacher's read the log through this one query; `extra` adds the columns only the admin's log shows.
 */
export function auditEntries<T extends SelectedFields>(db: Db, where: SQL | undefined, page: { limit: number; offset: number }, extra: T) {
  return db
    .select({ ...ENTRY_COLUMNS, ...extra })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}
