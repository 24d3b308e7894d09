import { eq, sql, type SQL } from 'drizzle-orm';
import { attemptLimits } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { consumeAll, liveCodesThatMatter, platformBudget } from './limits';
import { audit, type TActor } from '@server/core/audit';
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

const platformKey = (teacherId: string) => `code:teacher-day:${teacherId}`;
const reopenKey = (teacherId: string) => `code:reopen:${teacherId}`;

/** A counter's live window: its count and when it ends (none once it has ended). */
async function windowOf(deps: TCodesDeps, key: string) {
  const [row] = await executeNamed<{ count: number; ends_ms: number }>(
    deps.db,
    sql`select count, (extract(epoch from window_ends_at) * 1000)::float8 as ends_ms from attempt_limits where key = ${key} and window_ends_at > now()`,
  );
  return row ? { count: row.count, until: new Date(Number(row.ends_ms)).toISOString() } : null;
}

/**
 * What the teacher's students get now (decisions 031 and 084): immediate answers for `wrongPerDay` wrong
 * codes a day, none at all with more than `closedAbove` live codes; the wrong codes answered in the current
 * window; `underAttack` once they are spent (every code waits for the teacher until `today.until`), and
 * when the teacher may reopen immediate answers (`reopenFrom`, null: now).
 */
export async function safety(deps: TCodesDeps, teacherId: string) {
  const { db, limits } = deps;
  const [row] = await executeNamed<{ live: number }>(db, sql`select ${liveCount(deps, sql`${teacherId}::uuid`)} as live`);
  const live = row?.live ?? 0;
  const wrongPerDay = platformBudget(limits, live);
  const [today, reopened] = await Promise.all([windowOf(deps, platformKey(teacherId)), windowOf(deps, reopenKey(teacherId))]);
  const wrong = Math.min(today?.count ?? 0, wrongPerDay);
  return {
    live,
    wrongPerDay,
    closedAbove: liveCodesThatMatter(limits) - 1,
    today: { wrong, until: today?.until ?? null },
    underAttack: wrongPerDay > 0 && today !== null && today.count >= wrongPerDay,
    reopenFrom: reopened && reopened.count >= limits.reopen.max ? reopened.until : null,
  };
}

/**
 * The way out of an attack (decision 084): the teacher restarts the platform's window, so wrong codes are
 * answered at once again. Allowed once in 24 hours, which is the third window the arithmetic counts.
 * The accounts and networks that spent their share keep the confirmed answer until their own day ends.
 */
export async function reopenGuessing(deps: TCodesDeps, teacherId: string, actor: TActor) {
  const state = await safety(deps, teacherId);
  if (!state.underAttack) return state;
  await consumeAll(deps.db, [{ key: reopenKey(teacherId), ...deps.limits.reopen, error: 'RATE_LIMITED' }]);
  await deps.db.delete(attemptLimits).where(eq(attemptLimits.key, platformKey(teacherId)));
  await audit(deps.db, {
    actorUserId: actor.userId,
    actorRole: 'teacher',
    action: 'codes.guessing_reopened',
    targetType: 'teacher',
    teacherId,
    targetId: teacherId,
    details: { wrong: state.today.wrong, live: state.live },
    ip: actor.ip,
  });
  return safety(deps, teacherId);
}
