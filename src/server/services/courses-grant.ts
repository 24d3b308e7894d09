import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { enrollments } from '../db/schema';
import type { TTx } from './courses-deps';

/*
 * How a subscription is started or extended, shared by every way in (teacher enrollment, free enrollment,
 * code redemption): the code redemption runs it inside its single SQL statement, so the rule is written
 * once, in SQL.
 */

/** A text[] built from parameters (an empty list is a typed empty array). */
export const textArray = (values: string[]): SQL => (values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`'{}'::text[]`);

/** A timestamp parameter both drivers read the same way. */
export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Holds a place in the plan and opens lessons: active and not past its end (decision 033). */
export function activeSubscription(now: Date): SQL {
  return and(eq(enrollments.status, 'active'), or(isNull(enrollments.expiresAt), gt(enrollments.expiresAt, now)))!;
}

/**
 * ON CONFLICT (course, student) of an enrollment insert. Days are added to what is left of an active
 * subscription; a cancelled or expired one starts again from now; permanent access stays permanent, and
 * keeps its plan and type (a monthly code does not turn a lifetime subscription into a monthly one).
 */
export function extendOnConflict(now: Date): SQL {
  const forever = sql`(enrollments.status = 'active' and enrollments.expires_at is null)`;
  return sql`on conflict (course_id, student_id) do update set
    plan_id = case when ${forever} then enrollments.plan_id else excluded.plan_id end,
    type = case when ${forever} then enrollments.type else excluded.type end,
    auto_renew = case when ${forever} then enrollments.auto_renew else excluded.auto_renew end,
    total_paid_dzd = enrollments.total_paid_dzd + excluded.total_paid_dzd,
    expires_at = case
      when excluded.expires_at is null or ${forever} then null
      when enrollments.status = 'active' and enrollments.expires_at > ${at(now)} then enrollments.expires_at + (excluded.expires_at - ${at(now)})
      else excluded.expires_at end,
    status = 'active',
    cancelled_at = null,
    updated_at = ${at(now)}`;
}

/** Raw rows from db.execute(): node-postgres and PGlite both put them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Runs a raw statement as a named prepared statement. On node-postgres each pooled connection then parses and
 * plans it once instead of every time: for the redemption statement, planning was half of PostgreSQL's work
 * (bench/results/courses.md). PGlite runs it as an ordinary query. The name comes from the SQL text, so each
 * shape of the statement gets its own.
 */
export async function executeNamed<T>(db: TTx, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = `darsi_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return rowsOf<T>(await session.prepareQuery(built, undefined, name, false).execute());
}

/** An instant read back as epoch milliseconds (float8), so that neither driver's date parsing matters. */
export const msOrNull = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

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
    source: 'code' | 'teacher' | 'free';
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
