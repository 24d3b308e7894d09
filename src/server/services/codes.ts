import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { algiersLocalToDate, planDays } from '../../shared/courses';
import type { TBatchCreate, TCodeState, TCodesQuery } from '../../shared/schemas/courses';
import { activationCodes, codeBatches, codeRedemptions, coursePlans, courses, students, teachers, user } from '../db/schema';
import { AppError } from '../errors';
import { audit } from './audit';
import { codeHmac, decryptCode, encryptCode, randomCode } from './codes-crypto';
import { iso, ownCourse, platformUrl, type TActor, type TCoursesDeps, type TTx } from './courses-deps';

/** Live codes one teacher may hold: 2% of the six-digit space, so that a new code is always easy to find. */
export const MAX_LIVE_CODES = 20_000;
const INSERT_CHUNK = 500;

type TCodeRow = typeof activationCodes.$inferSelect;

/** A date alone means "until the end of that day" in Algiers; otherwise an exact instant. */
function parseValidUntil(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const end = algiersLocalToDate(`${value}T23:59`);
    if (end) return new Date(end.getTime() + 59_999);
  }
  return new Date(value);
}

/** Spec states: unused, sold, redeemed (by whom and when), expired, revoked. */
export function codeState(code: Pick<TCodeRow, 'revokedAt' | 'uses' | 'maxUses' | 'validUntil' | 'soldAt'>, now: Date): TCodeState {
  if (code.revokedAt) return 'revoked';
  if (code.uses >= code.maxUses) return 'redeemed';
  if (code.validUntil.getTime() <= now.getTime()) return 'expired';
  return code.soldAt ? 'sold' : 'unused';
}

function stateCondition(state: TCodeState, now: Date): SQL {
  const c = activationCodes;
  const open = and(isNull(c.revokedAt), lt(c.uses, c.maxUses))!;
  switch (state) {
    case 'revoked':
      return isNotNull(c.revokedAt);
    case 'redeemed':
      return and(isNull(c.revokedAt), sql`${c.uses} >= ${c.maxUses}`)!;
    case 'expired':
      return and(open, lte(c.validUntil, now))!;
    case 'sold':
      return and(open, gt(c.validUntil, now), isNotNull(c.soldAt))!;
    case 'unused':
      return and(open, gt(c.validUntil, now), isNull(c.soldAt))!;
  }
}

export function codesService(deps: TCoursesDeps) {
  const { db, clock, keys, config } = deps;

  async function ownBatch(tx: TTx, teacherId: string, batchId: string) {
    const [batch] = await tx
      .select()
      .from(codeBatches)
      .where(and(eq(codeBatches.id, batchId), eq(codeBatches.teacherId, teacherId)));
    if (!batch) throw new AppError('BATCH_NOT_FOUND');
    return batch;
  }

  /** Fresh codes that collide neither with each other nor with the teacher's live codes. */
  async function uniqueCodes(tx: TTx, teacherId: string, size: number) {
    const chosen = new Map<string, string>(); // hmac → code
    while (chosen.size < size) {
      const candidates = new Map<string, string>();
      while (chosen.size + candidates.size < size) {
        const code = randomCode();
        const hmac = codeHmac(keys, teacherId, code);
        if (!chosen.has(hmac)) candidates.set(hmac, code);
      }
      const hmacs = [...candidates.keys()];
      for (let i = 0; i < hmacs.length; i += 1_000) {
        const taken = await tx
          .select({ h: activationCodes.codeHmac })
          .from(activationCodes)
          .where(and(eq(activationCodes.teacherId, teacherId), eq(activationCodes.live, true), inArray(activationCodes.codeHmac, hmacs.slice(i, i + 1_000))));
        for (const t of taken) candidates.delete(t.h);
      }
      for (const [h, code] of candidates) chosen.set(h, code);
    }
    return [...chosen.entries()];
  }

  /** Why a change to one code was refused: another teacher's code (or none) is not found; one of ours says why. */
  async function whyNot(tx: TTx, teacherId: string, codeId: string, reason: (row: TCodeRow) => 'CODE_NOT_FOUND' | 'CODE_NOT_REVOCABLE' | 'CODE_NOT_SELLABLE') {
    const [row] = await tx
      .select()
      .from(activationCodes)
      .where(and(eq(activationCodes.id, codeId), eq(activationCodes.teacherId, teacherId)));
    return new AppError(row ? reason(row) : 'CODE_NOT_FOUND');
  }

  async function batchCounts(batchIds: string[], now: Date) {
    if (batchIds.length === 0) return new Map<string, Record<TCodeState, number>>();
    const f = (state: TCodeState) => sql<number>`(count(*) filter (where ${stateCondition(state, now)}))::int`;
    const rows = await db
      .select({ batchId: activationCodes.batchId, unused: f('unused'), sold: f('sold'), redeemed: f('redeemed'), expired: f('expired'), revoked: f('revoked') })
      .from(activationCodes)
      .where(inArray(activationCodes.batchId, batchIds))
      .groupBy(activationCodes.batchId);
    return new Map(rows.map(({ batchId, ...counts }) => [batchId, counts]));
  }

  async function batchCodesInClear(teacherId: string, batchId: string) {
    const batch = await ownBatch(db, teacherId, batchId);
    const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, batch.courseId));
    const [plan] = batch.planId ? await db.select().from(coursePlans).where(eq(coursePlans.id, batch.planId)) : [];
    const [teacher] = await db.select({ name: teachers.name, subdomain: teachers.subdomain }).from(teachers).where(eq(teachers.id, teacherId));
    const rows = await db.select().from(activationCodes).where(eq(activationCodes.batchId, batchId)).orderBy(asc(activationCodes.serial));
    const now = clock.now();
    return {
      batch,
      courseTitle: course?.title ?? '',
      plan: plan ?? null,
      teacherName: teacher?.name ?? '',
      link: platformUrl(config, teacher?.subdomain ?? ''),
      codes: rows.map((r) => ({ serial: r.serial, code: decryptCode(keys, teacherId, r.codeEnc), state: codeState(r, now), uses: r.uses, maxUses: r.maxUses, validUntil: r.validUntil })),
    };
  }

  return {
    async generateBatch(teacherId: string, input: TBatchCreate, actor: TActor) {
      const now = clock.now();
      const validUntil = parseValidUntil(input.validUntil);
      if (Number.isNaN(validUntil.getTime())) throw new AppError('VALIDATION_FAILED', { validUntil: 'fields.dateTime' });
      if (validUntil.getTime() <= now.getTime()) throw new AppError('EXPIRY_IN_PAST');
      return db.transaction(async (tx) => {
        const course = await ownCourse(tx, teacherId, input.courseId);
        if (course.status === 'archived') throw new AppError('COURSE_ARCHIVED');
        const [plan] = await tx
          .select()
          .from(coursePlans)
          .where(and(eq(coursePlans.id, input.planId), eq(coursePlans.courseId, course.id), isNull(coursePlans.retiredAt)));
        if (!plan) throw new AppError('PLAN_NOT_FOUND');
        // One generation at a time per teacher: uniqueness among live codes is checked, then inserted.
        await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
        await tx
          .update(activationCodes)
          .set({ live: false })
          .where(and(eq(activationCodes.teacherId, teacherId), eq(activationCodes.live, true), lte(activationCodes.validUntil, now)));
        const [live] = await tx
          .select({ n: count() })
          .from(activationCodes)
          .where(and(eq(activationCodes.teacherId, teacherId), eq(activationCodes.live, true)));
        if ((live?.n ?? 0) + input.count > MAX_LIVE_CODES) throw new AppError('CODES_LIVE_LIMIT', undefined, { max: MAX_LIVE_CODES });
        const accessDays = input.accessDays ?? planDays(plan);
        const [batch] = await tx
          .insert(codeBatches)
          .values({
            teacherId,
            courseId: course.id,
            planId: plan.id,
            size: input.count,
            maxUses: input.maxUses,
            validUntil,
            accessDays,
            activateOnSale: input.activateOnSale,
            createdBy: actor.userId,
          })
          .returning();
        const codes = await uniqueCodes(tx, teacherId, input.count);
        const rows = codes.map(([hmac, code], i) => ({
          teacherId,
          serial: i + 1,
          batchId: batch!.id,
          courseId: course.id,
          codeHmac: hmac,
          codeEnc: encryptCode(keys, teacherId, code),
          last2: code.slice(-2),
          maxUses: input.maxUses,
          validUntil,
        }));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(activationCodes).values(rows.slice(i, i + INSERT_CHUNK));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'codes.batch_generated',
          targetType: 'code_batch',
          targetId: batch!.id,
          teacherId,
          details: { courseId: course.id, planId: plan.id, count: input.count, maxUses: input.maxUses, validUntil: validUntil.toISOString(), accessDays },
          ip: actor.ip,
        });
        return { id: batch!.id, count: rows.length };
      });
    },

    async listBatches(teacherId: string, query: { courseId?: string; page: number }) {
      const pageSize = 20;
      const where = and(eq(codeBatches.teacherId, teacherId), query.courseId ? eq(codeBatches.courseId, query.courseId) : undefined);
      const rows = await db
        .select({ batch: codeBatches, courseTitle: courses.title, planType: coursePlans.type, planPrice: coursePlans.priceDzd })
        .from(codeBatches)
        .innerJoin(courses, eq(courses.id, codeBatches.courseId))
        .leftJoin(coursePlans, eq(coursePlans.id, codeBatches.planId))
        .where(where)
        .orderBy(desc(codeBatches.createdAt))
        .limit(pageSize)
        .offset((query.page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(codeBatches).where(where);
      const counts = await batchCounts(
        rows.map((r) => r.batch.id),
        clock.now(),
      );
      return {
        total: total?.n ?? 0,
        page: query.page,
        pageSize,
        batches: rows.map(({ batch, courseTitle, planType, planPrice }) => ({
          id: batch.id,
          courseId: batch.courseId,
          courseTitle,
          plan: planType ? { type: planType, priceDzd: planPrice ?? 0 } : null,
          size: batch.size,
          maxUses: batch.maxUses,
          validUntil: batch.validUntil.toISOString(),
          accessDays: batch.accessDays,
          activateOnSale: batch.activateOnSale,
          revokedAt: iso(batch.revokedAt),
          createdAt: batch.createdAt.toISOString(),
          counts: counts.get(batch.id) ?? { unused: 0, sold: 0, redeemed: 0, expired: 0, revoked: 0 },
        })),
      };
    },

    /** A batch's codes, showing only their last two digits, with who redeemed each and when. */
    async listCodes(teacherId: string, batchId: string, query: TCodesQuery) {
      const batch = await ownBatch(db, teacherId, batchId);
      const now = clock.now();
      const where = and(
        eq(activationCodes.batchId, batch.id),
        query.state ? stateCondition(query.state, now) : undefined,
        query.serial !== undefined ? eq(activationCodes.serial, query.serial) : undefined,
      );
      const rows = await db
        .select()
        .from(activationCodes)
        .where(where)
        .orderBy(asc(activationCodes.serial))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [total] = await db.select({ n: count() }).from(activationCodes).where(where);
      const ids = rows.map((r) => r.id);
      const redemptions = ids.length
        ? await db
            .select({ codeId: codeRedemptions.codeId, at: codeRedemptions.redeemedAt, name: students.name, email: user.email, studentId: students.id })
            .from(codeRedemptions)
            .innerJoin(students, eq(students.id, codeRedemptions.studentId))
            .innerJoin(user, eq(user.id, students.id))
            .where(inArray(codeRedemptions.codeId, ids))
            .orderBy(asc(codeRedemptions.redeemedAt))
        : [];
      const [counts] = [...(await batchCounts([batch.id], now)).values()];
      const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, batch.courseId));
      return {
        batch: { id: batch.id, courseId: batch.courseId, courseTitle: course?.title ?? '', size: batch.size, validUntil: batch.validUntil.toISOString(), activateOnSale: batch.activateOnSale },
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
        counts: counts ?? { unused: 0, sold: 0, redeemed: 0, expired: 0, revoked: 0 },
        codes: rows.map((r) => ({
          id: r.id,
          serial: r.serial,
          last2: r.last2,
          state: codeState(r, now),
          uses: r.uses,
          maxUses: r.maxUses,
          validUntil: r.validUntil.toISOString(),
          soldAt: iso(r.soldAt),
          revokedAt: iso(r.revokedAt),
          redemptions: redemptions
            .filter((x) => x.codeId === r.id)
            .map((x) => ({ studentId: x.studentId, name: x.name, email: x.email, at: x.at.toISOString() })),
        })),
      };
    },

    batchCodesInClear,

    async revokeBatch(teacherId: string, batchId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const batch = await ownBatch(tx, teacherId, batchId);
        const now = clock.now();
        await tx.update(codeBatches).set({ revokedAt: batch.revokedAt ?? now }).where(eq(codeBatches.id, batch.id));
        // Codes already used up stay "redeemed"; every other code stops working.
        const revoked = await tx
          .update(activationCodes)
          .set({ revokedAt: now, live: false })
          .where(and(eq(activationCodes.batchId, batch.id), isNull(activationCodes.revokedAt), lt(activationCodes.uses, activationCodes.maxUses)))
          .returning({ id: activationCodes.id });
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'codes.batch_revoked',
          targetType: 'code_batch',
          targetId: batch.id,
          teacherId,
          details: { revoked: revoked.length },
          ip: actor.ip,
        });
        return { revoked: revoked.length };
      });
    },

    /** One card lost or stolen. A code already used up stays "redeemed": revoking it would undo nothing. */
    async revokeCode(teacherId: string, codeId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const [code] = await tx
          .update(activationCodes)
          .set({ revokedAt: clock.now(), live: false })
          .where(and(eq(activationCodes.id, codeId), eq(activationCodes.teacherId, teacherId), isNull(activationCodes.revokedAt), lt(activationCodes.uses, activationCodes.maxUses)))
          .returning();
        if (!code) throw await whyNot(tx, teacherId, codeId, (row) => (row.revokedAt ? 'CODE_NOT_FOUND' : 'CODE_NOT_REVOCABLE'));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'codes.code_revoked',
          targetType: 'activation_code',
          targetId: code.id,
          teacherId,
          details: { batchId: code.batchId, serial: code.serial, last2: code.last2 },
          ip: actor.ip,
        });
        return { ok: true as const };
      });
    },

    /** Cash on delivery: the teacher records that a card was handed over and paid for. */
    async markSold(teacherId: string, codeId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const [code] = await tx
          .update(activationCodes)
          .set({ soldAt: clock.now() })
          .where(
            and(
              eq(activationCodes.id, codeId),
              eq(activationCodes.teacherId, teacherId),
              isNull(activationCodes.revokedAt),
              isNull(activationCodes.soldAt),
              lt(activationCodes.uses, activationCodes.maxUses),
              gt(activationCodes.validUntil, clock.now()),
            ),
          )
          .returning();
        if (!code) throw await whyNot(tx, teacherId, codeId, () => 'CODE_NOT_SELLABLE');
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'codes.code_sold',
          targetType: 'activation_code',
          targetId: code.id,
          teacherId,
          details: { batchId: code.batchId, serial: code.serial, last2: code.last2 },
          ip: actor.ip,
        });
        return { ok: true as const };
      });
    },

  };
}
