import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { planLimits } from '@shared/courses';
import type { TCodeRequestsQuery } from '@shared/schemas/courses';
import { activationCodes, codeBatches, codeRequests, courses, students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit, type TActor } from '@server/core/audit';
import { codeState } from './code-state';
import { iso } from '@server/core/dates';
import { type TTx, executeNamed, msOrNull } from '@server/core/db/sql';
import { platformTeacher, safety } from './code-safety';
import { type TOutcome, VERDICT_ERROR, redemptionStatement } from './redemption-statement';
import type { TCodesDeps } from './deps';
import { noticeCodeDecided } from './notices';
import { auditCard } from './audit-card';
import { ownedRow } from '@server/core/db/owned-row';

const ownRequest = (tx: TTx, teacherId: string, requestId: string) =>
  ownedRow(tx, codeRequests, teacherId, requestId, 'CODE_REQUEST_NOT_FOUND', eq(codeRequests.status, 'pending'));

/**
 * The student's own codes sent to this platform's teacher in the last 30 days, waiting first: what they
 * typed (last two digits), when, and what the teacher decided.
 */
export async function studentRequests(deps: TCodesDeps, studentId: string, subdomain: string | null) {
  const { db, clock } = deps;
  if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
  const teacher = await platformTeacher(deps, subdomain);
  const since = new Date(clock.now().getTime() - 30 * 86_400_000);
  const rows = await db
    .select({
      id: codeRequests.id,
      last2: codeRequests.last2,
      status: codeRequests.status,
      createdAt: codeRequests.createdAt,
      decidedAt: codeRequests.decidedAt,
    })
    .from(codeRequests)
    .where(and(eq(codeRequests.teacherId, teacher.id), eq(codeRequests.studentId, studentId), gte(codeRequests.createdAt, since)))
    .orderBy(sql`${codeRequests.status} = 'pending' desc`, desc(codeRequests.createdAt))
    .limit(20);
  return { requests: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })) };
}

/** Codes typed in teacher-confirmed mode, with the code each one matches (if any) for the teacher to check. */
export async function listRequests(deps: TCodesDeps, teacherId: string, query: TCodeRequestsQuery) {
  const { db, clock } = deps;
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
    safety: await safety(deps, teacherId),
    total: total?.n ?? 0,
    page: query.page,
    pageSize,
    requests: rows.map(({ request: r, name, email }) => {
      const match = matches.find((m) => m.code.codeHmac === r.codeHmac);
      return {
        id: r.id,
        status: r.status,
        reason: r.reason,
        student: { id: r.studentId, name, email },
        last2: r.last2,
        createdAt: r.createdAt.toISOString(),
        decidedAt: iso(r.decidedAt),
        code: match
          ? {
              id: match.code.id,
              batchId: match.code.batchId,
              serial: match.code.serial,
              courseTitle: match.courseTitle,
              state: codeState(match.code, now),
              onSale: !match.activateOnSale || match.code.soldAt !== null,
            }
          : null,
      };
    }),
  };
}

/**
 * Confirming a code that matches a card not yet marked sold is the teacher saying they sold that card to
 * this student (a cash sale they forgot to record, decision 055): the card is marked sold first, audited.
 */
async function sellOnConfirm(tx: TTx, teacherId: string, request: { id: string; codeHmac: string; studentId: string }, now: Date, actor: TActor) {
  const [card] = await tx
    .select({ code: activationCodes, activateOnSale: codeBatches.activateOnSale })
    .from(activationCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
    .where(and(eq(activationCodes.teacherId, teacherId), eq(activationCodes.codeHmac, request.codeHmac)))
    .orderBy(desc(activationCodes.live), desc(activationCodes.createdAt))
    .limit(1);
  if (!card || !card.activateOnSale || card.code.soldAt || card.code.revokedAt || card.code.uses >= card.code.maxUses || card.code.validUntil <= now) return;
  await tx
    .update(activationCodes)
    .set({ soldAt: now })
    .where(and(eq(activationCodes.id, card.code.id), isNull(activationCodes.soldAt)));
  await auditCard(tx, actor, teacherId, 'codes.code_sold', card.code, { requestId: request.id, studentId: request.studentId });
}

/** The teacher vouches for the student: the code is redeemed as if typed in self-service, budgets aside. */
export async function confirmRequest(deps: TCodesDeps, teacher: { id: string; plan: string }, requestId: string, actor: TActor) {
  const { db, clock } = deps;
  const decided = await db.transaction(async (tx) => {
    const request = await ownRequest(tx, teacher.id, requestId);
    const studentLimit = planLimits(teacher.plan).students;
    if (studentLimit !== null) await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacher.id)).for('update');
    await sellOnConfirm(tx, teacher.id, request, clock.now(), actor);
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
    return { studentId: request.studentId, courseId: outcome!.course_id!, expiresAt: iso(msOrNull(outcome!.expires_ms)) };
  });
  await noticeCodeDecided(deps, teacher.id, requestId, decided.studentId, { courseId: decided.courseId });
  return { courseId: decided.courseId, expiresAt: decided.expiresAt };
}

export async function rejectRequest(deps: TCodesDeps, teacherId: string, requestId: string, actor: TActor) {
  const { db, clock } = deps;
  const request = await db.transaction(async (tx) => {
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
    return request;
  });
  await noticeCodeDecided(deps, teacherId, requestId, request.studentId, { last2: request.last2 });
  return { ok: true as const };
}

/** Codes waiting for the teacher: the count on the menu's Activation codes entry. */
export async function pendingRequests(deps: TCodesDeps, teacherId: string) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(codeRequests)
    .where(and(eq(codeRequests.teacherId, teacherId), eq(codeRequests.status, 'pending')));
  return { pending: row?.n ?? 0 };
}
