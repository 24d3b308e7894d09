import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, lte, max } from 'drizzle-orm';
import { algiersLocalToDate, planDays } from '@shared/courses';
import type { TBatchCreate } from '@shared/schemas/courses';
import { activationCodes, codeBatches, coursePlans, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { audit, type TActor } from '@server/core/audit';
import { cardLinkHash, cardLinkToken, codeHmac, encryptCode, randomCode } from './crypto';
import { numberBatches } from './card-numbers';
import { ownCourse } from '@server/courses';
import { ensurePlanActive } from '@server/plans';
import type { TTx } from '@server/core/db/sql';
import type { TCodesDeps } from './deps';
import type { TCodeKeys } from './crypto';

/** Live codes one teacher may hold: 2% of the six-digit space, so that a new code is always easy to find. */
export const MAX_LIVE_CODES = 20_000;

const INSERT_CHUNK = 500;

/** A card's id chosen here, so that its QR link's hash is written with it (decision 106). */
const withLink = (keys: TCodeKeys, id: string) => ({ id, linkHash: cardLinkHash(cardLinkToken(keys, id)) });

/** A date alone means "until the end of that day" in Algiers; otherwise an exact instant. */
function parseValidUntil(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const end = algiersLocalToDate(`${value}T23:59`);
    if (end) return new Date(end.getTime() + 59_999);
  }
  return new Date(value);
}

/** Fresh codes that collide neither with each other nor with the teacher's live codes. */
async function uniqueCodes(keys: TCodeKeys, tx: TTx, teacherId: string, size: number) {
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

export async function generateBatch(deps: TCodesDeps, teacherId: string, input: TBatchCreate, actor: TActor) {
  const { db, clock, keys } = deps;
  const now = clock.now();
  const validUntil = parseValidUntil(input.validUntil);
  if (Number.isNaN(validUntil.getTime())) throw new AppError('VALIDATION_FAILED', { validUntil: 'fields.dateTime' });
  if (validUntil.getTime() <= now.getTime()) throw new AppError('EXPIRY_IN_PAST');
  return db.transaction(async (tx) => {
    await ensurePlanActive(tx, teacherId, now);
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
    // The batch's number, the first half of its card numbers (decision 105), under the lock taken above.
    await numberBatches(tx, teacherId);
    const [last] = await tx
      .select({ n: max(codeBatches.number) })
      .from(codeBatches)
      .where(eq(codeBatches.teacherId, teacherId));
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
        number: (last?.n ?? 0) + 1,
        createdBy: actor.userId,
      })
      .returning();
    const codes = await uniqueCodes(keys, tx, teacherId, input.count);
    const rows = codes.map(([hmac, code], i) => ({
      ...withLink(keys, randomUUID()),
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
    return { id: batch!.id, number: batch!.number!, count: rows.length };
  });
}
