import { sql, type SQL } from 'drizzle-orm';
import { at, msOrNull, rowsOf, type TTx } from '@server/core/db/sql';

/*
 * How a subscription is started or extended, shared by every way in (teacher enrollment, free enrollment,
 * code redemption): the code redemption runs it inside its single SQL statement, so the rule is written
 * once, in SQL.
 */

/**
 * ON CONFLICT (course, student) of an enrollment insert. Days are added to what is left of an active
 * subscription; a cancelled or expired one starts again from now; permanent access stays permanent, and
 * keeps its plan and type (a monthly code does not turn a lifetime subscription into a monthly one).
 */
export function extendOnConflict(now: Date): SQL {
  // A suspended subscription (decision 124) is extended like an active one but stays suspended: paying or
  // redeeming a code does not lift what the teacher decided; only the teacher's "reactivate" does.
  const forever = sql`(enrollments.status in ('active', 'suspended') and enrollments.expires_at is null)`;
  return sql`on conflict (course_id, student_id) do update set
    plan_id = case when ${forever} then enrollments.plan_id else excluded.plan_id end,
    type = case when ${forever} then enrollments.type else excluded.type end,
    auto_renew = case when ${forever} then enrollments.auto_renew else excluded.auto_renew end,
    total_paid_dzd = enrollments.total_paid_dzd + excluded.total_paid_dzd,
    expires_at = case
      when excluded.expires_at is null or ${forever} then null
      when enrollments.status in ('active', 'suspended') and enrollments.expires_at > ${at(now)} then enrollments.expires_at + (excluded.expires_at - ${at(now)})
      else excluded.expires_at end,
    status = case when enrollments.status = 'suspended' then 'suspended' else 'active' end,
    cancelled_at = null,
    updated_at = ${at(now)}`;
}

/** Starts or extends a subscription (see extendOnConflict). */
export async function grantAccess(
  tx: TTx,
  g: {
    teacherId: string;
    courseId: string;
    studentId: string;
    planId: string | null;
    type: string;
    days: number | null;
    paid: number;
    autoRenew: boolean;
    source: 'code' | 'teacher' | 'free' | 'card' | 'payment';
    now: Date;
    notes?: string;
  },
): Promise<{ id: string; expiresAt: Date | null }> {
  const expires = g.days === null ? null : new Date(g.now.getTime() + g.days * 86_400_000);
  const result = await tx.execute(sql`
    insert into enrollments (teacher_id, course_id, student_id, plan_id, type, status, auto_renew, started_at, expires_at, total_paid_dzd, source, notes)
    values (${g.teacherId}, ${g.courseId}, ${g.studentId}, ${g.planId}, ${g.type}, 'active', ${g.autoRenew}, ${at(g.now)},
      ${expires ? at(expires) : sql`null`}, ${g.paid}, ${g.source}, ${g.notes ?? null})
    ${extendOnConflict(g.now)}
    returning id, (extract(epoch from expires_at) * 1000)::float8 as expires_ms`);
  const [row] = rowsOf<{ id: string; expires_ms: number | null }>(result);
  return { id: row!.id, expiresAt: msOrNull(row!.expires_ms) };
}
