import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, algiersDay } from '@server/analytics/days';
import { DRIVER, type TTestApp } from './harness';
import { adminTestApp, bootstrapAdmin } from './admin-fixtures';
import { registerTeacher, type TTeacher } from './courses-helpers';

/* Issue 27, the admin's version: teachers by plan, sign-ups, trials converted, platform revenue; admins only. */

let t: TTestApp;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
let teachers: TTeacher[];

beforeAll(async () => {
  t = await adminTestApp();
  admin = await bootstrapAdmin(t);
  teachers = [await registerTeacher(t), await registerTeacher(t, 'academy'), await registerTeacher(t)];
  const db = t.database.db;
  // The first teacher's trial ended yesterday and they paid (converted); the third's ended unpaid.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  for (const x of [teachers[0]!, teachers[2]!]) await db.execute(sql`update teachers set trial_ends_at = ${yesterday}::timestamptz where id = ${x.id}`);
  await db.execute(sql`insert into plan_invoices (reference, teacher_id, plan, period, kind, price_dzd, amount_dzd, method, status, paid_at)
    values ('DRP-TEST0001', ${teachers[0]!.id}, 'independent', 'monthly', 'new', 2500, 2500, 'transfer', 'paid', now())`);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe(`platform analytics on ${DRIVER}`, () => {
  it('counts teachers by plan, sign-ups, trials converted and platform revenue', async () => {
    const today = algiersDay(new Date());
    const res = await admin.get(`/api/analytics/admin/platform?from=${addDays(today, -6)}&to=${today}`);
    expect(res.status).toBe(200);
    const p = await res.json();
    expect(p.byPlan.find((r: { plan: string }) => r.plan === 'academy').teachers).toBe(1);
    expect(p.signUps).toHaveLength(7);
    expect(p.signUps.at(-1).signups).toBe(3);
    expect(p.trials).toEqual({ ended: 2, converted: 1, rate: 0.5 });
    expect(p.revenue.totalDzd).toBe(2500);
  });

  it('answers teachers 403', async () => {
    expect((await teachers[0]!.b.get('/api/analytics/admin/platform')).status).toBe(403);
    expect((await admin.get('/api/analytics/teacher/funnel')).status).toBe(403);
  });
});
