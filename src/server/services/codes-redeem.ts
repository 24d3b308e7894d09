import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeActivationCode, planLimits } from '../../shared/courses';
import type { TCodeRequestsQuery, TRedeem } from '../../shared/schemas/courses';
import { pgErrorCode } from '../db/errors';
import { activationCodes, codeBatches, codeRequests, courses, students, teachers, user } from '../db/schema';
import { AppError } from '../errors';
import type { TRequestContext } from '../request-context';
import { audit, type TAuditAction } from './audit';
import { codeHmac } from './codes-crypto';
import { consumeAll, GUESS_RISK, liveCodesThatMatter, platformBudget, REDEMPTION_LIMITS, refund, type TRedemptionLimits } from './codes-limits';
import { codeState } from './codes';
import { iso, type TActor, type TCoursesDeps, type TTx } from './courses-deps';
import { activeSubscription, at, executeNamed, extendOnConflict, msOrNull } from './courses-grant';

/*
 * Redeeming activation codes (docs/decisions/031 and 036). A redemption is four round trips: the teacher,
 * the failure budgets (committed on their own, so that a failed guess counts), one SQL statement that
 * decides and does everything else atomically, and the budgets given back.
 */

/** What the redemption statement found: `ok`, or why not. */
type TVerdict = 'ok' | 'wrong' | 'used' | 'expired' | 'revoked' | 'unavailable' | 'full';

const VERDICT_ERROR = {
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
  now: Date;
  ip: string;
  /** Null: the plan has no student limit. */
  studentLimit: number | null;
  actor: { userId: string; role: 'student' | 'teacher'; requestId?: string };
};

const REDEEMED: TAuditAction = 'subscription.redeemed';

/**
 * One statement: find the code, decide, consume a use only while one is left (the conditional UPDATE is
 * what makes redemption exactly-once under concurrency), start or extend the subscription, record the
 * redemption, the membership and the audit entry. Every part commits together or not at all; a wrong code
 * changes nothing. The budgets are given back by a statement of their own (codes-limits.ts refund()), so
 * that this one, committed durably, never holds the platform's hot counter row.
 */
function redemptionStatement(q: TStatementInput): SQL {
  const now = at(q.now);
  const placeLeft =
    q.studentLimit === null
      ? sql`true`
      : sql`(exists (select 1 from enrollments where enrollments.teacher_id = ${q.teacherId} and enrollments.student_id = ${q.studentId} and ${activeSubscription(q.now)})
          or (select count(distinct enrollments.student_id) from enrollments where enrollments.teacher_id = ${q.teacherId} and ${activeSubscription(q.now)}) < ${q.studentLimit})`;
  return sql`
    with found as (
      select c.id, c.batch_id, c.serial, c.last2, c.uses, c.max_uses, c.valid_until, c.revoked_at, c.sold_at,
        b.activate_on_sale, b.access_days, b.plan_id, co.id as course_id, co.title as course_title, co.status as course_status,
        p.type as plan_type, p.price_dzd, p.auto_renew,
        exists (select 1 from code_redemptions r where r.code_id = c.id and r.student_id = ${q.studentId}) as mine
      from activation_codes c
      join code_batches b on b.id = c.batch_id
      join courses co on co.id = c.course_id
      left join course_plans p on p.id = b.plan_id
      where c.teacher_id = ${q.teacherId} and c.code_hmac = ${q.hmac}
      order by c.live desc, c.created_at desc
      limit 1
    ),
    verdict as (
      select f.*, case
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
    select o.verdict, v.course_id, v.course_title, (extract(epoch from enr.expires_at) * 1000)::float8 as expires_ms
    from outcome o left join verdict v on true left join enr on true`;
}

/**
 * Budgets given back after an attempt: all of them for a success (only failures count) and for a right code
 * on a full platform; the platform's alone for a code that exists but cannot be used (it could not find a
 * usable code, and a shared photo of a used card must not push the platform into confirmed mode).
 */
function refundFor(verdict: TVerdict, keys: string[], platformKey: string): string[] {
  if (verdict === 'ok' || verdict === 'full') return keys;
  return verdict === 'wrong' ? [] : [platformKey];
}

type TOutcome = { verdict: TVerdict; course_id: string | null; course_title: string | null; expires_ms: number | null };

/**
 * Runs the statement. A limited plan first locks the teacher's row, in a transaction, so that two
 * redemptions cannot both take the last place (the count must be read after the lock, by a new statement).
 */
async function runRedemption(db: TTx, q: TStatementInput): Promise<TOutcome> {
  const run = async (tx: TTx) => (await executeNamed<TOutcome>(tx, redemptionStatement(q)))[0]!;
  try {
    if (q.studentLimit === null) return await run(db);
    return await db.transaction(async (tx) => {
      await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, q.teacherId)).for('update');
      return run(tx);
    });
  } catch (error) {
    // The same student racing themselves on a multi-use code: the second redemption row is refused.
    if (pgErrorCode(error) === '23505') return { verdict: 'used', course_id: null, course_title: null, expires_ms: null };
    throw error;
  }
}

export function redemptionService(deps: TCoursesDeps) {
  const { db, clock, keys } = deps;
  const limits: TRedemptionLimits = structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK });

  /**
   * Codes a right guess would redeem now: live, not revoked or expired, on sale, of a published course.
   * Counted only as far as the budget depends on it, as a subquery that rides along another read. Tests and
   * benchmarks that lift the bound (an infinite chance) count nothing.
   */
  function liveCount(teacherId: SQL): SQL {
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
  async function platformTeacher(subdomain: string, withLive = false) {
    const [teacher] = await executeNamed<{ id: string; plan: string; status: string; is_active: boolean; live: number }>(
      db,
      sql`select id, plan, status, is_active, ${withLive ? liveCount(sql`teachers.id`) : sql`0`} as live
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
  async function safety(teacherId: string) {
    const [row] = await executeNamed<{ live: number }>(db, sql`select ${liveCount(sql`${teacherId}::uuid`)} as live`);
    const live = row?.live ?? 0;
    return { live, wrongPerDay: platformBudget(limits, live), closedAbove: liveCodesThatMatter(limits) - 1 };
  }

  async function ownRequest(tx: TTx, teacherId: string, requestId: string) {
    const [request] = await tx
      .select()
      .from(codeRequests)
      .where(and(eq(codeRequests.id, requestId), eq(codeRequests.teacherId, teacherId), eq(codeRequests.status, 'pending')));
    if (!request) throw new AppError('CODE_REQUEST_NOT_FOUND');
    return request;
  }

  return {
    limits,
    safety,

    /**
     * A student redeems a code on a teacher's platform. While the platform's daily budget of wrong
     * answers lasts, the answer is immediate; once it is spent, whatever is typed becomes a request the
     * teacher confirms, with one and the same answer, so that guessing teaches nothing (decision 031).
     */
    async redeem(studentId: string, input: TRedeem, ctx: Pick<TRequestContext, 'ip' | 'hostSubdomain'>) {
      const code = normalizeActivationCode(input.code);
      if (!code) throw new AppError('CODE_FORMAT');
      const subdomain = ctx.hostSubdomain ?? input.platform;
      if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
      const teacher = await platformTeacher(subdomain, true);
      const hmac = codeHmac(keys, teacher.id, code);
      const platformKey = `code:teacher-day:${teacher.id}`;
      const budget = platformBudget(limits, teacher.live);
      const counted = await consumeAll(db, [
        { key: `code:student:${studentId}`, ...limits.student, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:student-day:${studentId}`, ...limits.studentDaily, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:ip:${ctx.ip}`, ...limits.ip, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: `code:ip-day:${ctx.ip}`, ...limits.ipDaily, error: 'CODE_ATTEMPTS_LOCKED' },
        { key: platformKey, max: budget, windowMs: limits.teacherDaily.windowMs },
      ]);
      if (counted.spent.includes(platformKey)) {
        // Teacher-confirmed mode: the same answer for a right, wrong, used or expired code.
        await db.insert(codeRequests).values({ teacherId: teacher.id, studentId, codeHmac: hmac, last2: code.slice(-2), ip: ctx.ip }).onConflictDoNothing();
        return { pending: true as const };
      }
      const outcome = await runRedemption(db, {
        teacherId: teacher.id,
        studentId,
        hmac,
        now: clock.now(),
        ip: ctx.ip,
        studentLimit: planLimits(teacher.plan).students,
        actor: { userId: studentId, role: 'student' },
      });
      await refund(db, refundFor(outcome.verdict, counted.keys, platformKey));
      if (outcome.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome.verdict]);
      return { pending: false as const, courseId: outcome.course_id!, courseTitle: outcome.course_title!, expiresAt: iso(msOrNull(outcome.expires_ms)) };
    },

    /**
     * The student's own codes sent to this platform's teacher in the last 30 days, waiting first: what they
     * typed (last two digits), when, and what the teacher decided.
     */
    async studentRequests(studentId: string, subdomain: string | null) {
      if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
      const teacher = await platformTeacher(subdomain);
      const since = new Date(clock.now().getTime() - 30 * 86_400_000);
      const rows = await db
        .select({ id: codeRequests.id, last2: codeRequests.last2, status: codeRequests.status, createdAt: codeRequests.createdAt, decidedAt: codeRequests.decidedAt })
        .from(codeRequests)
        .where(and(eq(codeRequests.teacherId, teacher.id), eq(codeRequests.studentId, studentId), gte(codeRequests.createdAt, since)))
        .orderBy(sql`${codeRequests.status} = 'pending' desc`, desc(codeRequests.createdAt))
        .limit(20);
      return { requests: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })) };
    },

    /** Codes typed in teacher-confirmed mode, with the code each one matches (if any) for the teacher to check. */
    async listRequests(teacherId: string, query: TCodeRequestsQuery) {
      const pageSize = 20;
      const where = and(eq(codeRequests.teacherId, teacherId), eq(codeRequests.status, query.status));
      const rows = await db
        .select({ request: codeRequests, name: students.name, email: user.email })
        .from(codeRequests)
        .innerJoin(students, eq(students.id, codeRequests.studentId))
        .innerJoin(user, eq(user.id, students.id))
        .where(where)
        .orderBy(desc(codeRequests.createdAt), asc(codeRequests.id))
        .limit(pageSize)
        .offset((query.page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(codeRequests).where(where);
      const hmacs = [...new Set(rows.map((r) => r.request.codeHmac))];
      const matches = hmacs.length
        ? await db
            .select({ code: activationCodes, courseTitle: courses.title, activateOnSale: codeBatches.activateOnSale })
            .from(activationCodes)
            .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
            .innerJoin(courses, eq(courses.id, activationCodes.courseId))
            .where(and(eq(activationCodes.teacherId, teacherId), inArray(activationCodes.codeHmac, hmacs)))
            .orderBy(desc(activationCodes.live), desc(activationCodes.createdAt))
        : [];
      const now = clock.now();
      return {
        safety: await safety(teacherId),
        total: total?.n ?? 0,
        page: query.page,
        pageSize,
        requests: rows.map(({ request: r, name, email }) => {
          const match = matches.find((m) => m.code.codeHmac === r.codeHmac);
          return {
            id: r.id,
            status: r.status,
            student: { id: r.studentId, name, email },
            last2: r.last2,
            createdAt: r.createdAt.toISOString(),
            decidedAt: iso(r.decidedAt),
            code: match
              ? { id: match.code.id, batchId: match.code.batchId, serial: match.code.serial, courseTitle: match.courseTitle, state: codeState(match.code, now), onSale: !match.activateOnSale || match.code.soldAt !== null }
              : null,
          };
        }),
      };
    },

    /** The teacher vouches for the student: the code is redeemed as if typed in self-service, budgets aside. */
    async confirmRequest(teacher: { id: string; plan: string }, requestId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const request = await ownRequest(tx, teacher.id, requestId);
        const studentLimit = planLimits(teacher.plan).students;
        if (studentLimit !== null) await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacher.id)).for('update');
        const [outcome] = await executeNamed<TOutcome>(
          tx,
          redemptionStatement({
            teacherId: teacher.id,
            studentId: request.studentId,
            hmac: request.codeHmac,
            now: clock.now(),
            ip: actor.ip,
            studentLimit,
            actor: { userId: actor.userId, role: 'teacher', requestId: request.id },
          }),
        );
        if (outcome!.verdict === 'full') throw new AppError('PLAN_LIMIT_STUDENTS', undefined, { limit: studentLimit ?? 0 });
        if (outcome!.verdict !== 'ok') throw new AppError(VERDICT_ERROR[outcome!.verdict]);
        await tx.update(codeRequests).set({ status: 'confirmed', decidedAt: clock.now(), decidedBy: actor.userId }).where(eq(codeRequests.id, request.id));
        return { courseId: outcome!.course_id!, expiresAt: iso(msOrNull(outcome!.expires_ms)) };
      });
    },

    async rejectRequest(teacherId: string, requestId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const request = await ownRequest(tx, teacherId, requestId);
        await tx.update(codeRequests).set({ status: 'rejected', decidedAt: clock.now(), decidedBy: actor.userId }).where(eq(codeRequests.id, request.id));
        // A confirmation is audited as the redemption it makes; a refusal is the teacher's act on a student too.
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'codes.request_rejected',
          targetType: 'code_request',
          targetId: request.id,
          teacherId,
          details: { studentId: request.studentId, last2: request.last2 },
          ip: actor.ip,
        });
        return { ok: true as const };
      });
    },
  };
}
