import { eq, sql } from 'drizzle-orm';
import { lessons, planSubscriptions, teachers } from '@server/core/db/schema';
import { audit } from '@server/core/audit';
import { rowsOf } from '@server/core/db/sql';
import type { TBillingDeps } from './deps';

/*
 * Deletes a cancelled teacher's data 30 days after the plan ended (decision 102): every row carrying the
 * teacher's id except the account itself, its plan invoices and subscription (Darsi's accounting), the
 * audit log, the payments ledger and the students' own accounts (students may follow other teachers).
 * Stored files go first. The teacher's account is left inactive.
 */

const KEPT = new Set(['teachers', 'plan_subscriptions', 'plan_invoices', 'billing_notices_sent', 'audit_log', 'ledger_entries', 'students']);

export async function deleteTeacherData(deps: TBillingDeps, teacherId: string, now: Date) {
  const lessonIds = (await deps.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.teacherId, teacherId))).map((l) => l.id);
  await deps.removeTeacherFiles(teacherId, lessonIds);
  const tables = rowsOf<{ table_name: string }>(
    await deps.db.execute(
      sql`select table_name from information_schema.columns where column_name = 'teacher_id' and table_schema = 'public' order by table_name`,
    ),
  )
    .map((r) => r.table_name)
    .filter((t) => !KEPT.has(t));
  await deps.db.transaction(async (tx) => {
    // Every foreign key to a teacher's rows cascades or is set null: the order does not matter.
    for (const table of tables) await tx.execute(sql`delete from ${sql.identifier(table)} where teacher_id = ${teacherId}`);
    await tx.update(teachers).set({ status: 'inactive', isActive: false, statusReason: 'data_deleted' }).where(eq(teachers.id, teacherId));
    await tx.update(planSubscriptions).set({ status: 'expired', updatedAt: now }).where(eq(planSubscriptions.teacherId, teacherId));
    await audit(tx, {
      actorUserId: null,
      actorRole: 'system',
      action: 'billing.data_deleted',
      targetType: 'teacher',
      targetId: teacherId,
      teacherId,
      details: { tables: tables.length },
    });
  });
  return { tables };
}
