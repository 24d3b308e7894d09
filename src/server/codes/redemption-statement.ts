import { eq, sql, type SQL } from 'drizzle-orm';
import { pgErrorCode } from '@server/core/db/errors';
import { teachers } from '@server/core/db/schema';
import { type TAuditAction } from '@server/core/audit';
import { type TTx, at, executeNamed, textArray } from '@server/core/db/sql';
import { activeSubscription } from '@server/plans';
import { extendOnConflict } from '@server/subscriptions';

/*
 * Redeeming activation codes (docs/decisions/031 and 036). A redemption is four round trips: the teacher,
 * the failure budgets (committed on their own, so that a failed guess counts), one SQL statement that
 * decides and does everything else atomically, and the budgets given back.
 */

/** What the redemption statement found: `ok`, or why not. */
export type TVerdict = 'ok' | 'wrong' | 'used' | 'expired' | 'revoked' | 'unavailable' | 'full';

export const VERDICT_ERROR = {
  wrong: 'CODE_WRONG',
  used: 'CODE_USED',
  expired: 'CODE_EXPIRED',
  revoked: 'CODE_REVOKED',
  unavailable: 'COURSE_UNAVAILABLE',
  full: 'PLATFORM_FULL',
} as const;

type TStatementInput = {
  teacherId: string;
  studentId: string;
  hmac: string;
  /** The card named by its number or its QR link (decision 105): the code must be that card's. */
  codeId?: string;
  now: Date;
  ip: string;
  /** Null: the plan has no student limit. */
  studentLimit: number | null;
  actor: { userId: string; role: 'student' | 'teacher'; requestId?: string };
  /**
   * The budgets a right code by card number must find open (decision 136): read under a shared row lock, in
   * the same statement, so that a wrong try that is counting waits for nothing and is waited for.
   */
  budgets?: TOpenBudgets;
};

/** Budget keys, their limits, and which of them lock the account out (an error) rather than send to the teacher. */
export type TOpenBudgets = { keys: string[]; maxes: number[]; locks: boolean[]; windowMs: number[] };

/**
 * The budgets' counters of the current window, locked for share in key order (as counting locks them for
 * update, so that neither can deadlock the other), and those found spent. Rows that do not exist count 0 (a
 * limit of 0 is spent from the start).
 */
function budgetCtes(b: TOpenBudgets | undefined): SQL {
  if (!b) return sql`shut as (select false as locks, 0::float8 as ms_left where false),`;
  return sql`lim as (
      select l.key, l.count, (extract(epoch from (l.window_ends_at - now())) * 1000)::float8 as ms_left
      from attempt_limits l where l.key = any(${textArray(b.keys)}) and l.window_ends_at > now() order by l.key for share
    ),
    shut as (
      select x.locks, coalesce(lim.ms_left, x.window_ms) as ms_left
      from unnest(${textArray(b.keys)}, array[${sql.join(
        b.maxes.map((m) => sql`${m}`),
        sql`, `,
      )}]::int[], array[${sql.join(
        b.locks.map((l) => sql`${l}`),
        sql`, `,
      )}]::boolean[], array[${sql.join(
        b.windowMs.map((w) => sql`${w}`),
        sql`, `,
      )}]::float8[]) as x(key, max, locks, window_ms)
      left join lim on lim.key = x.key
      where coalesce(lim.count, 0) >= x.max
    ),`;
}

const REDEEMED: TAuditAction = 'subscription.redeemed';

/** Whether the student has, or may take, a place on the plan (always, without a student limit). */
function placeLeftFor(q: TStatementInput): SQL {
  return q.studentLimit === null
    ? sql`true`
    : sql`(exists (select 1 from enrollments where enrollments.teacher_id = ${q.teacherId} and enrollments.student_id = ${q.studentId} and ${activeSubscription(q.now)})
          or (select count(distinct enrollments.student_id) from enrollments where enrollments.teacher_id = ${q.teacherId} and ${activeSubscription(q.now)}) < ${q.studentLimit})`;
}

/**
 * One statement: find the code, decide, consume a use only while one is left (the conditional UPDATE is
 * what makes redemption exactly-once under concurrency), start or extend the subscription, record the
 * redemption, the membership and the audit entry. Every part commits together or not at all; a wrong code
 * changes nothing. The budgets are given back by a statement of their own (limits.ts refund()), so
 * that this one, committed durably, never holds the platform's hot counter row.
 */
export function redemptionStatement(q: TStatementInput): SQL {
  const now = at(q.now);
  const placeLeft = placeLeftFor(q);
  return sql`
    with ${budgetCtes(q.budgets)}
    found as (
      select c.id, c.batch_id, c.serial, c.last2, c.uses, c.max_uses, c.valid_until, c.revoked_at, c.sold_at,
        b.activate_on_sale, b.access_days, b.plan_id, co.id as course_id, co.title as course_title, co.status as course_status,
        p.type as plan_type, p.price_dzd, p.auto_renew,
        exists (select 1 from code_redemptions r where r.code_id = c.id and r.student_id = ${q.studentId}) as mine
      from activation_codes c
      join code_batches b on b.id = c.batch_id
      join courses co on co.id = c.course_id
      left join course_plans p on p.id = b.plan_id
      where c.teacher_id = ${q.teacherId} and c.code_hmac = ${q.hmac} ${q.codeId ? sql`and c.id = ${q.codeId}::uuid` : sql``}
      order by c.live desc, c.created_at desc
      limit 1
    ),
    verdict as (
      select f.*, case
        when exists (select 1 from shut where shut.locks) then 'locked'
        when exists (select 1 from shut) then 'pending'
        when f.activate_on_sale and f.sold_at is null then 'wrong'
        when f.revoked_at is not null then 'revoked'
        when f.uses >= f.max_uses or f.mine then 'used'
        when f.valid_until <= ${now} then 'expired'
        when f.course_status <> 'published' then 'unavailable'
        when not ${placeLeft} then 'full'
        else 'ok' end as verdict
      from found f
    ),
    taken as (
      update activation_codes c set uses = c.uses + 1, live = c.uses + 1 < c.max_uses
      from verdict v
      where v.verdict = 'ok' and c.id = v.id and c.revoked_at is null and c.uses < c.max_uses and c.valid_until > ${now}
      returning c.id
    ),
    enr as (
      insert into enrollments (teacher_id, course_id, student_id, plan_id, type, status, auto_renew, started_at, expires_at, total_paid_dzd, source)
      select ${q.teacherId}::uuid, v.course_id, ${q.studentId}::text, v.plan_id, coalesce(v.plan_type, 'custom'), 'active', coalesce(v.auto_renew, false), ${now},
        case when v.access_days is null then null else ${now} + make_interval(days => v.access_days) end, coalesce(v.price_dzd, 0), 'code'
      from verdict v join taken on taken.id = v.id
      ${extendOnConflict(q.now)}
      returning id, expires_at
    ),
    red as (
      insert into code_redemptions (teacher_id, code_id, student_id, enrollment_id, redeemed_at, ip)
      select ${q.teacherId}::uuid, taken.id, ${q.studentId}::text, enr.id, ${now}, ${q.ip}::text from taken, enr
      returning id
    ),
    led as (
      -- The redemption is the payment (decision 096): the plan's price, once per redemption, in the same statement.
      insert into ledger_entries (teacher_id, student_id, course_id, enrollment_id, method, kind, amount_dzd, confirmed_by, source_key, created_at)
      select ${q.teacherId}::uuid, ${q.studentId}::text, v.course_id, enr.id, 'code', 'payment', v.price_dzd,
        ${q.actor.role === 'teacher' ? q.actor.userId : null}::text, 'redemption:' || red.id, ${now}
      from red, enr, verdict v where coalesce(v.price_dzd, 0) > 0
      on conflict (source_key) do nothing
    ),
    mem as (
      insert into teacher_students (teacher_id, student_id) select ${q.teacherId}::uuid, ${q.studentId}::text from red on conflict do nothing
    ),
    aud as (
      insert into audit_log (actor_user_id, actor_role, action, target_type, target_id, teacher_id, details, ip)
      select ${q.actor.userId}::text, ${q.actor.role}::text, ${REDEEMED}::text, 'enrollment', enr.id::text, ${q.teacherId}::uuid,
        jsonb_build_object('studentId', ${q.studentId}::text, 'courseId', v.course_id, 'codeId', v.id, 'batchId', v.batch_id, 'serial', v.serial,
          'last2', v.last2, 'expiresAt', enr.expires_at, 'requestId', ${q.actor.requestId ?? null}::text),
        ${q.ip}::text
      from enr, verdict v
    ),
    outcome as (
      select case when exists (select 1 from red) then 'ok' when v.verdict = 'ok' then 'used' else coalesce(v.verdict, 'wrong') end as verdict
      from (select 1) one left join verdict v on true
    )
    select o.verdict, v.course_id, v.course_title, (extract(epoch from enr.expires_at) * 1000)::float8 as expires_ms,
      (select max(ms_left) from shut where shut.locks) as locked_ms
    from outcome o left join verdict v on true left join enr on true`;
}

/**
 * Budgets given back after an attempt: all of them for a success (only failures count) and for a right code
 * on a full platform; the guess budgets alone (the platform's and the source's share of it) for a code that
 * exists but cannot be used (it could not find a usable code, and a shared photo of a used card must not
 * push the platform into confirmed mode).
 */
export function refundFor(verdict: TVerdict, keys: string[], guessKeys: string[]): string[] {
  if (verdict === 'ok' || verdict === 'full') return keys;
  return verdict === 'wrong' ? [] : guessKeys;
}

export type TOutcome = { verdict: TVerdict; course_id: string | null; course_title: string | null; expires_ms: number | null };
/** With budgets: `pending` (a budget without an error is spent) or `locked` (the account's lockout, for locked_ms more). */
export type TCardOutcome = Omit<TOutcome, 'verdict'> & { verdict: TVerdict | 'pending' | 'locked'; locked_ms: number | null };

/**
 * Runs the statement. A limited plan first locks the teacher's row, in a transaction, so that two
 * redemptions cannot both take the last place (the count must be read after the lock, by a new statement).
 */
export async function runRedemption(db: TTx, q: TStatementInput & { budgets?: undefined }): Promise<TOutcome> {
  return (await runCardRedemption(db, q)) as TOutcome;
}

/** The same with the budgets of a code typed with its card number checked in the statement (decision 136). */
export async function runCardRedemption(db: TTx, q: TStatementInput): Promise<TCardOutcome> {
  const run = async (tx: TTx) => (await executeNamed<TCardOutcome>(tx, redemptionStatement(q)))[0]!;
  try {
    if (q.studentLimit === null) return await run(db);
    return await db.transaction(async (tx) => {
      await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, q.teacherId)).for('update');
      return run(tx);
    });
  } catch (error) {
    // The same student racing themselves on a multi-use code: the second redemption row is refused.
    if (pgErrorCode(error) === '23505') return { verdict: 'used', course_id: null, course_title: null, expires_ms: null, locked_ms: null };
    throw error;
  }
}
