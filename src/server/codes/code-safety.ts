import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@server/core/errors';
import { liveCodesThatMatter, platformBudget } from './limits';
import { at, executeNamed } from '@server/core/db/sql';
import type { TCodesDeps } from './deps';

/**
 * Codes a right guess would redeem now: live, not revoked or expired, on sale, of a published course.
 * Counted only as far as the budget depends on it, as a subquery that rides along another read. Tests and
 * benchmarks that lift the bound (an infinite chance) count nothing.
 */
export function liveCount(deps: TCodesDeps, teacherId: SQL): SQL {
  const { clock, limits } = deps;
  const cap = liveCodesThatMatter(limits);
  if (!Number.isFinite(cap)) return sql`0`;
  return sql`(select count(*)::int from (
    select 1 from activation_codes c
    join code_batches b on b.id = c.batch_id
    join courses co on co.id = c.course_id
    where c.teacher_id = ${teacherId} and c.live and c.revoked_at is null and c.valid_until > ${at(clock.now())}
      and (not b.activate_on_sale or c.sold_at is not null) and co.status = 'published'
    limit ${cap}) live)`;
}

/** The platform's teacher, active, with its live codes when a redemption needs them (one round trip). */
export async function platformTeacher(deps: TCodesDeps, subdomain: string, withLive = false) {
  const { db } = deps;
  const [teacher] = await executeNamed<{ id: string; plan: string; status: string; is_active: boolean; live: number }>(
    db,
    sql`select id, plan, status, is_active, ${withLive ? liveCount(deps, sql`teachers.id`) : sql`0`} as live
      from teachers where lower(subdomain) = ${subdomain.toLowerCase()}`,
  );
  if (!teacher) throw new AppError('PLATFORM_NOT_FOUND');
  if (teacher.status !== 'active' || !teacher.is_active) throw new AppError('TEACHER_INACTIVE');
  return teacher;
}

/**
 * What the teacher's students get now (decision 031): immediate answers for `wrongPerDay` wrong codes a
 * day, and none at all with more than `closedAbove` live codes.
 */
export async function safety(deps: TCodesDeps, teacherId: string) {
  const { db, limits } = deps;
  const [row] = await executeNamed<{ live: number }>(db, sql`select ${liveCount(deps, sql`${teacherId}::uuid`)} as live`);
  const live = row?.live ?? 0;
  return { live, wrongPerDay: platformBudget(limits, live), closedAbove: liveCodesThatMatter(limits) - 1 };
}
