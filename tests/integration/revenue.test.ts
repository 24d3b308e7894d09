import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '@server/core/db/schema';
import { recordLedgerEntry } from '@server/core/ledger';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { pdfText } from './pdf-text';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';

let t: TTestApp;
let a: TTeacher;
let b: TTeacher;
let course: Awaited<ReturnType<typeof publishedCourse>>;

const rowsOf = (teacherId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.teacherId, teacherId));

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTeacher(t);
  b = await registerTeacher(t);
  course = await publishedCourse(a, { lessons: 1, plans: [{ type: 'monthly', priceDzd: 3000 }] });
  t.services.codes.redemption.limits.risk.dailyChance = Infinity;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe(`the ledger and revenue on ${DRIVER}`, () => {
  it('writes a redemption, a manual enrollment and a refund exactly once, and a cancellation of 0', async () => {
    const batch = await a.b.json(
      await a.b.post('/api/codes/teacher/batches', { count: 2, validUntil: inDays(30), courseId: course.courseId, planId: course.planIds[0] }),
    );
    const [code] = csvCodes(await (await a.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    const buyer = await quickStudent(t, a);
    expect((await buyer.b.post(`http://${a.host}/api/codes/student/redeem`, { code })).status).toBe(200);
    // The same code again is refused and writes nothing.
    expect((await buyer.b.post(`http://${a.host}/api/codes/student/redeem`, { code })).status).toBe(409);

    const walkIn = await quickStudent(t, a);
    const enrolled = await a.b.post('/api/subscriptions/teacher/enrollments', {
      studentId: walkIn.id,
      courseId: course.courseId,
      planId: course.planIds[0],
      paidDzd: 2500,
    });
    expect(enrolled.status).toBe(201);
    let rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.method, r.kind, r.amountDzd]).sort()).toEqual([
      ['code', 'payment', 3000],
      ['manual', 'payment', 2500],
    ]);
    const manual = rows.find((r) => r.method === 'manual')!;
    expect(manual.confirmedBy).toBe(a.userId);
    expect(rows.find((r) => r.method === 'code')!.sourceKey).toMatch(/^redemption:/);

    const refund = (body: Record<string, unknown>) => a.b.post(`/api/revenue/teacher/entries/${manual.id}/refund`, body);
    expect((await refund({ amountDzd: 9000, reason: 'خطأ' })).status).toBe(400);
    expect((await refund({ amountDzd: 1000, reason: 'غياب الطالب' })).status).toBe(201);
    expect((await refund({ reason: 'مرة ثانية' })).status).toBe(409);
    // Teacher B cannot refund A's payment: it does not exist for them.
    expect((await b.b.post(`/api/revenue/teacher/entries/${manual.id}/refund`, { reason: 'x' })).status).toBe(404);

    const enrollmentId = (await a.b.json(enrolled)).id as string;
    expect((await a.b.post(`/api/subscriptions/teacher/enrollments/${enrollmentId}/cancel`)).status).toBe(200);
    rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.method, r.kind, r.amountDzd]).sort()).toEqual([
      ['code', 'payment', 3000],
      ['manual', 'cancellation', 0],
      ['manual', 'payment', 2500],
      ['manual', 'refund', -1000],
    ]);
    expect(rows.find((r) => r.kind === 'refund')!.note).toBe('غياب الطالب');

    const summary = await a.b.json(await a.b.get('/api/revenue/teacher/summary'));
    expect(summary.totals).toMatchObject({ grossDzd: 5500, refundsDzd: 1000, netDzd: 4500, thisMonthDzd: 4500, payments: 2 });
    expect(summary.byMethod).toEqual(
      expect.arrayContaining([
        { method: 'code', amountDzd: 3000, payments: 1 },
        { method: 'manual', amountDzd: 1500, payments: 1 },
      ]),
    );
    expect(summary.byCourse).toEqual([{ courseId: course.courseId, title: 'الرياضيات للباكالوريا', amountDzd: 4500 }]);
    // Teacher B sees nothing of A's.
    const other = await b.b.json(await b.b.get('/api/revenue/teacher/summary'));
    expect(other.totals).toMatchObject({ grossDzd: 0, netDzd: 0 });
    expect((await b.b.json(await b.b.get('/api/revenue/teacher/entries'))).entries).toEqual([]);
  }, 60_000);

  it('sums by day, week and month on the Algiers clock', async () => {
    const teacher = await registerTeacher(t);
    const db = t.database.db;
    const base = { teacherId: teacher.id, method: 'manual' as const, kind: 'payment' as const, confirmedBy: teacher.userId };
    // 23:30 UTC on 14 March is 00:30 on Sunday 15 March in Algiers (UTC+1).
    await recordLedgerEntry(db, { ...base, amountDzd: 1000, sourceKey: `t:${teacher.id}:1`, createdAt: new Date('2026-03-14T23:30:00Z') });
    await recordLedgerEntry(db, { ...base, amountDzd: 2000, sourceKey: `t:${teacher.id}:2`, createdAt: new Date('2026-03-14T22:30:00Z') });
    await recordLedgerEntry(db, { ...base, amountDzd: 400, sourceKey: `t:${teacher.id}:3`, createdAt: new Date('2026-02-28T23:10:00Z') });
    t.services.clock.now = () => new Date('2026-03-20T10:00:00Z');
    try {
      const get = async (g: string) =>
        (await teacher.b.json(await teacher.b.get(`/api/revenue/teacher/summary?granularity=${g}`))) as {
          series: Array<{ period: string; amountDzd: number }>;
          totals: Record<string, number>;
        };
      const days = await get('day');
      expect(days.series).toHaveLength(30);
      expect(days.series.at(-1)!.period).toBe('2026-03-20');
      const day = (d: string) => days.series.find((p) => p.period === d)?.amountDzd;
      expect([day('2026-03-14'), day('2026-03-15'), day('2026-03-01'), day('2026-02-28')]).toEqual([2000, 1000, 400, 0]);
      const weeks = await get('week');
      // Weeks start on Sunday: 15 March opens a new week, 14 March closes the one from 8 March.
      expect(weeks.series.filter((p) => p.amountDzd).map((p) => [p.period, p.amountDzd])).toEqual([
        ['2026-03-01', 400],
        ['2026-03-08', 2000],
        ['2026-03-15', 1000],
      ]);
      const months = await get('month');
      expect(months.series.filter((p) => p.amountDzd).map((p) => [p.period, p.amountDzd])).toEqual([['2026-03-01', 3400]]);
      expect(months.totals).toMatchObject({ thisMonthDzd: 3400, lastMonthDzd: 0 });

      const csv = await teacher.b.get('/api/revenue/teacher/entries/csv?from=2026-03-15&to=2026-03-31&lng=ar');
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const raw = Buffer.from(await csv.arrayBuffer());
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.toString('utf8');
      const lines = text.trim().split('\n');
      expect(lines[0]).toContain('التاريخ');
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^2026-03-15 00:30,دفعة,تسجيل يدوي,1000,/)]);
      const filtered = await teacher.b.json(await teacher.b.get('/api/revenue/teacher/entries?from=2026-03-01&to=2026-03-14'));
      expect(filtered).toMatchObject({ total: 2, sumDzd: 2400 });
    } finally {
      t.services.clock.now = () => new Date();
    }
  });

  it("gives students their payments and a receipt in Arabic, and no one else's", async () => {
    const student = await quickStudent(t, a);
    expect(
      (await a.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] })).status,
    ).toBe(201);
    const mine = await student.b.json(await student.b.get('/api/revenue/student/payments'));
    expect(mine.payments).toEqual([expect.objectContaining({ kind: 'payment', method: 'manual', amountDzd: 3000, courseTitle: 'الرياضيات للباكالوريا' })]);
    const entryId = mine.payments[0].id as string;

    const stranger = await quickStudent(t, b);
    expect((await stranger.b.json(await stranger.b.get('/api/revenue/student/payments'))).payments).toEqual([]);
    expect((await stranger.b.get(`/api/revenue/student/payments/${entryId}/receipt`)).status).toBe(404);

    const res = await student.b.get(`/api/revenue/student/payments/${entryId}/receipt?lng=ar`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    // pdf.js gives right-to-left text in visual order: each word must be there whole, in one order or the other.
    for (const word of ['وصل', 'الرياضيات', 'للباكالوريا', 'تسجيل', 'المبلغ']) {
      const visual = [...word].reverse().join('');
      expect(text.includes(word) || text.includes(visual), word).toBe(true);
    }
    // ar-DZ groups thousands with a dot, in Western digits (decision 060).
    expect(text).toContain('3.000');
    expect(text).toContain(a.subdomain);
  }, 60_000);

  it('backfills existing redemptions and enrollments with an amount, once (the revenue migration)', async () => {
    const teacher = await registerTeacher(t);
    const own = await publishedCourse(teacher, { lessons: 1, plans: [{ type: 'monthly', priceDzd: 3000 }] });
    const batch = await teacher.b.json(
      await teacher.b.post('/api/codes/teacher/batches', { count: 1, validUntil: inDays(30), courseId: own.courseId, planId: own.planIds[0] }),
    );
    const [code] = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    const buyer = await quickStudent(t, teacher);
    expect((await buyer.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code })).status).toBe(200);
    const walkIn = await quickStudent(t, teacher);
    expect(
      (await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: walkIn.id, courseId: own.courseId, planId: own.planIds[0], paidDzd: 2000 }))
        .status,
    ).toBe(201);
    // As before the ledger existed: the rows are gone, the redemption and the enrollment remain.
    await t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.teacherId, teacher.id));
    // Found by name: the lead may renumber the migration when merging.
    const file = fs.readdirSync('drizzle').find((f) => f.endsWith('_revenue.sql'))!;
    const statements = fs.readFileSync(`drizzle/${file}`, 'utf8').split('--> statement-breakpoint');
    for (let run = 0; run < 2; run += 1) for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    const rows = await rowsOf(teacher.id);
    expect(rows.map((r) => [r.method, r.amountDzd, r.sourceKey.replace(/:[0-9a-f-]{36}/, ':<id>')]).sort()).toEqual([
      ['code', 3000, 'redemption:<id>'],
      ['manual', 2000, 'enrollment:<id>:backfill'],
    ]);
  });
});
