import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activationCodes, codeBatches, teachers } from '@server/core/db/schema';
import { reissueDemoCards, seedDemo } from '@server/seed';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

// Issue 24, spec §9: demo activation codes are valid 24 hours, and every start issues fresh ones so that a
// newcomer never meets expired demo cards.
describe(`the demo's cards on ${DRIVER}`, () => {
  it('are valid 24 hours, and each start revokes the previous ones and issues five new ones', { timeout: 120_000 }, async () => {
    t = await createTestApp();
    expect((await seedDemo(t.services)).failed).toBeNull();
    const { db } = t.database;
    const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));

    const first = await reissueDemoCards(t.services);
    expect(first).toHaveLength(5);
    for (const { card, code } of first) {
      expect(card).toMatch(/^\d+-\d{4}$/);
      expect(code).toMatch(/^\d{6}$/);
    }
    const second = await reissueDemoCards(t.services);
    expect(second).toHaveLength(5);
    expect(second.map((c) => c.card)).not.toEqual(first.map((c) => c.card));

    const batches = await db
      .select()
      .from(codeBatches)
      .where(and(eq(codeBatches.teacherId, teacher!.id), eq(codeBatches.createdBy, 'seed:demo-cards')));
    const open = batches.filter((b) => !b.revokedAt);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(open).toHaveLength(1);
    const hoursLeft = (open[0]!.validUntil.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const codes = await db.select().from(activationCodes).where(eq(activationCodes.batchId, open[0]!.id));
    expect(codes).toHaveLength(5);
    for (const c of codes) expect(c.live).toBe(true);
    for (const b of batches.filter((x) => x.revokedAt)) {
      const old = await db.select().from(activationCodes).where(eq(activationCodes.batchId, b.id));
      for (const c of old) expect(c.live).toBe(false);
    }
  });
});
