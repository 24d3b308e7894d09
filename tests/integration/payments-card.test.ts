import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '@server/core/db/schema';
import { recordLedgerEntry } from '@server/core/ledger';
import { registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, type TTestApp } from './harness';

let t: TTestApp;
let teacher: TTeacher;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await registerTeacher(t);
});
afterAll(() => t.close());

describe('revenue ledger', () => {
  it('writes one row per source key, whoever writes it and however often', async () => {
    const entry = { teacherId: teacher.id, method: 'code' as const, kind: 'payment' as const, amountDzd: 1500, sourceKey: 'redemption:ledger-test' };
    const written = await Promise.all(Array.from({ length: 5 }, () => recordLedgerEntry(t.database.db, entry)));
    expect(written.filter(Boolean)).toHaveLength(1);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sourceKey, entry.sourceKey));
    expect(rows).toHaveLength(1);
  });
});
