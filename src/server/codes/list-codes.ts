import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TCodeState, TCodesQuery } from '@shared/schemas/courses';
import { activationCodes, codeBatches, codeRedemptions, coursePlans, courses, students, teachers, user } from '@server/core/db/schema';
import { formatCardNumber } from '@shared/courses';
import { cardLinkToken, decryptCode } from './crypto';
import { ensureBatchNumbers, ensureCardLinks } from './card-numbers';
import { iso, platformUrl } from '@server/core/dates';
import { codeState, stateCondition } from './code-state';
import { ownBatch } from './queries';
import type { TCodesDeps } from './deps';
import { type TTx } from '@server/core/db/sql';

async function batchCounts(db: TTx, batchIds: string[], now: Date) {
  if (batchIds.length === 0) return new Map<string, Record<TCodeState, number>>();
  const f = (state: TCodeState) => sql<number>`(count(*) filter (where ${stateCondition(state, now)}))::int`;
  const rows = await db
    .select({ batchId: activationCodes.batchId, unused: f('unused'), sold: f('sold'), redeemed: f('redeemed'), expired: f('expired'), revoked: f('revoked') })
    .from(activationCodes)
    .where(inArray(activationCodes.batchId, batchIds))
    .groupBy(activationCodes.batchId);
  return new Map(rows.map(({ batchId, ...counts }) => [batchId, counts]));
}

export async function listBatches(deps: TCodesDeps, teacherId: string, query: { courseId?: string; page: number }) {
  const { db, clock } = deps;
  const pageSize = 20;
  await ensureBatchNumbers(db, teacherId);
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
    db,
    rows.map((r) => r.batch.id),
    clock.now(),
  );
  return {
    total: total?.n ?? 0,
    page: query.page,
    pageSize,
    batches: rows.map(({ batch, courseTitle, planType, planPrice }) => ({
      id: batch.id,
      number: batch.number,
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
}

/** A batch's codes, showing only their last two digits, with who redeemed each and when. */
export async function listCodes(deps: TCodesDeps, teacherId: string, batchId: string, query: TCodesQuery) {
  const { db, clock } = deps;
  await ensureBatchNumbers(db, teacherId);
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
  const [counts] = [...(await batchCounts(db, [batch.id], now)).values()];
  const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, batch.courseId));
  return {
    batch: {
      id: batch.id,
      number: batch.number,
      courseId: batch.courseId,
      courseTitle: course?.title ?? '',
      size: batch.size,
      validUntil: batch.validUntil.toISOString(),
      activateOnSale: batch.activateOnSale,
    },
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    counts: counts ?? { unused: 0, sold: 0, redeemed: 0, expired: 0, revoked: 0 },
    codes: rows.map((r) => ({
      id: r.id,
      serial: r.serial,
      cardNumber: formatCardNumber(batch.number ?? 0, r.serial),
      last2: r.last2,
      state: codeState(r, now),
      uses: r.uses,
      maxUses: r.maxUses,
      validUntil: r.validUntil.toISOString(),
      soldAt: iso(r.soldAt),
      revokedAt: iso(r.revokedAt),
      redemptions: redemptions.filter((x) => x.codeId === r.id).map((x) => ({ studentId: x.studentId, name: x.name, email: x.email, at: x.at.toISOString() })),
    })),
  };
}

export async function batchCodesInClear(deps: TCodesDeps, teacherId: string, batchId: string) {
  const { db, clock, keys, config } = deps;
  await ensureBatchNumbers(db, teacherId);
  const batch = await ownBatch(db, teacherId, batchId);
  await ensureCardLinks(db, keys, batchId);
  const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, batch.courseId));
  const [plan] = batch.planId ? await db.select().from(coursePlans).where(eq(coursePlans.id, batch.planId)) : [];
  const [teacher] = await db.select({ name: teachers.name, subdomain: teachers.subdomain }).from(teachers).where(eq(teachers.id, teacherId));
  const rows = await db.select().from(activationCodes).where(eq(activationCodes.batchId, batchId)).orderBy(asc(activationCodes.serial));
  const now = clock.now();
  const link = platformUrl(config, teacher?.subdomain ?? '');
  return {
    batch,
    courseTitle: course?.title ?? '',
    plan: plan ?? null,
    teacherName: teacher?.name ?? '',
    link,
    codes: rows.map((r) => ({
      serial: r.serial,
      cardNumber: formatCardNumber(batch.number ?? 0, r.serial),
      // The QR link: the token rides in the fragment, which browsers never send to a server or in a referrer.
      redeemLink: `${link}/redeem#${cardLinkToken(keys, r.id)}`,
      code: decryptCode(keys, teacherId, r.codeEnc),
      state: codeState(r, now),
      uses: r.uses,
      maxUses: r.maxUses,
      validUntil: r.validUntil,
    })),
  };
}
