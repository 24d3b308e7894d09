import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, auditLog, codeExports } from '@server/core/db/schema';
import { GUESS_RISK, REDEMPTION_LIMITS } from '@server/codes/limits';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Cash cards (decision 055): a card the teacher forgot to mark sold, sent to the teacher by the student;
 * selling and un-selling cards in bulk; the PDF cards printed by a job (decision 056); CSV dates in
 * Algiers time; the amount paid recorded with an enrolment or a change of plan.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  Object.assign(t.services.codes.redemption.limits, structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK }));
});

async function setup(batchBody: Record<string, unknown> = {}) {
  const teacher = await registerTeacher(t);
  const course = await publishedCourse(teacher);
  const res = await teacher.b.post('/api/codes/teacher/batches', {
    courseId: course.courseId,
    planId: course.planIds[0],
    count: 10,
    validUntil: inDays(30),
    activateOnSale: true,
    ...batchBody,
  });
  const batchId = (await teacher.b.json(res)).id as string;
  const csv = await (await teacher.b.get(`/api/codes/teacher/batches/${batchId}/export/csv`)).text();
  return { teacher, course, batchId, codes: csvCodes(csv), csv };
}

const wrongCode = (codes: string[]) => {
  for (let n = 100_000; ; n += 1) if (!codes.includes(String(n))) return String(n);
};

const codeList = async (teacher: TTeacher, batchId: string, query = '') =>
  teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes${query}`));

describe(`a cash card not marked sold on ${DRIVER}`, () => {
  it('is answered like a typo, can be sent to the teacher with the same answer as a non-card, and confirming sells and redeems it', async () => {
    const { teacher, course, batchId, codes } = await setup();
    const [buyer, typo] = [await quickStudent(t, teacher), await quickStudent(t, teacher)];
    const redeem = (s: typeof buyer, code: string) => s.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code });
    const send = (s: typeof buyer, code: string) => s.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code });

    // Self-service: an unsold real card and a code that is no card get one and the same answer.
    const [unsold, none] = [await redeem(buyer, codes[2]!), await redeem(typo, wrongCode(codes))];
    expect([unsold.status, none.status]).toEqual([400, 400]);
    expect(await unsold.text()).toBe(await none.text());

    // "I paid for this card": sent to the teacher, again the same answer for both.
    const [sent, sentNone] = [await send(buyer, codes[2]!), await send(typo, wrongCode(codes))];
    expect([sent.status, sentNone.status]).toEqual([200, 200]);
    expect([await sent.text(), await sentNone.text()]).toEqual(['{"pending":true}', '{"pending":true}']);
    expect((await send(buyer, '12')).status).toBe(400);
    const mine = await buyer.b.json(await buyer.b.get(`http://${teacher.host}/api/codes/student/code-requests`));
    expect(mine.requests).toEqual([expect.objectContaining({ last2: codes[2]!.slice(-2), status: 'pending' })]);

    // The teacher sees the count, which card and which student.
    expect(await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests/pending'))).toEqual({ pending: 2 });
    const list = await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'));
    const forCard = list.requests.find((r: { student: { id: string } }) => r.student.id === buyer.id);
    expect(forCard).toMatchObject({
      reason: 'cash',
      student: { name: buyer.name, email: buyer.email },
      code: { batchId, serial: 3, state: 'unused', onSale: false },
    });
    const forNone = list.requests.find((r: { student: { id: string } }) => r.student.id === typo.id);
    expect(forNone).toMatchObject({ reason: 'cash', code: null });

    // Confirming marks the card sold (audited, with the request) and redeems it for that student.
    const confirmed = await teacher.b.post(`/api/codes/teacher/code-requests/${forCard.id}/confirm`);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect((await buyer.b.json(await buyer.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}`))).subscription).toMatchObject({
      status: 'active',
    });
    const [sale] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'codes.code_sold'), eq(auditLog.teacherId, teacher.id)));
    expect(sale).toMatchObject({ actorUserId: teacher.userId, details: expect.objectContaining({ serial: 3, requestId: forCard.id, studentId: buyer.id }) });
    expect((await codeList(teacher, batchId, '?serial=3')).codes[0]).toMatchObject({ state: 'redeemed' });
    // The one that matches no card can only be refused; the student sees each decision.
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/code-requests/${forNone.id}/confirm`))).error.code).toBe('CODE_WRONG');
    expect((await teacher.b.post(`/api/codes/teacher/code-requests/${forNone.id}/reject`)).status).toBe(200);
    const decided = await typo.b.json(await typo.b.get(`http://${teacher.host}/api/codes/student/code-requests`));
    expect(decided.requests).toEqual([expect.objectContaining({ status: 'rejected' })]);
    expect(await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests/pending'))).toEqual({ pending: 0 });
  });

  it("sending codes spends the student's budget, so nobody floods the teacher's list", async () => {
    const { teacher, codes } = await setup();
    const student = await quickStudent(t, teacher, { ip: '203.0.113.77' });
    const sends = [];
    for (let i = 0; i < 6; i += 1)
      sends.push((await student.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code: wrongCode(codes).replace(/.$/, String(i)) })).status);
    expect(sends).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe(`selling cards in bulk on ${DRIVER}`, () => {
  it('marks a range and a selection sold, skips cards that cannot be sold, undoes a sale; all audited', async () => {
    const { teacher, batchId, codes } = await setup();
    const student = await quickStudent(t, teacher);
    const byRange = await teacher.b.json(await teacher.b.post(`/api/codes/teacher/batches/${batchId}/sold`, { from: 1, to: 4 }));
    expect(byRange).toEqual({ sold: 4, skipped: 0 });
    // Card 1 works now; 5 does not yet.
    expect((await student.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code: codes[0] })).status).toBe(200);
    const rows = (await codeList(teacher, batchId)).codes as Array<{ id: string; serial: number; state: string }>;
    const id = (serial: number) => rows.find((r) => r.serial === serial)!.id;
    const selected = await teacher.b.json(await teacher.b.post(`/api/codes/teacher/batches/${batchId}/sold`, { codeIds: [id(4), id(6), id(7)] }));
    expect(selected).toEqual({ sold: 2, skipped: 1 });
    const again = await teacher.b.json(await teacher.b.post(`/api/codes/teacher/batches/${batchId}/sold`, { from: 1, to: 10 }));
    expect(again).toEqual({ sold: 4, skipped: 6 });
    expect((await codeList(teacher, batchId)).counts).toMatchObject({ sold: 9, redeemed: 1 });
    const bad = await teacher.b.json(await teacher.b.post(`/api/codes/teacher/batches/${batchId}/sold`, { from: 5, to: 2 }));
    expect(bad.error.fields).toEqual({ to: 'رقم البطاقة الأخير يجب ألا يكون أصغر من الأول' });

    // Undo: the card stops working until sold again; a redeemed card cannot be un-sold.
    expect((await teacher.b.post(`/api/codes/teacher/codes/${id(2)}/unsold`)).status).toBe(200);
    expect((await student.b.json(await student.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code: codes[1] }))).error.code).toBe('CODE_WRONG');
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/codes/${id(2)}/unsold`))).error.code).toBe('CODE_NOT_SOLD');
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/codes/${id(1)}/unsold`))).error.code).toBe('CODE_NOT_SOLD');
    const [row] = await t.database.db
      .select()
      .from(activationCodes)
      .where(eq(activationCodes.id, id(2)));
    expect(row!.soldAt).toBeNull();

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.teacherId, teacher.id));
    const bulk = entries.filter((e) => e.action === 'codes.codes_sold').map((e) => e.details);
    expect(bulk).toEqual(
      expect.arrayContaining([
        { count: 4, serials: [1, 2, 3, 4], from: 1, to: 4 },
        { count: 2, serials: [6, 7] },
        { count: 4, serials: [5, 8, 9, 10], from: 1, to: 10 },
      ]),
    );
    expect(entries.filter((e) => e.action === 'codes.code_unsold').map((e) => e.details)).toEqual([expect.objectContaining({ serial: 2 })]);
  });
});

describe(`exports on ${DRIVER}`, () => {
  it('writes CSV dates in Algiers time, not UTC', async () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Algiers (UTC+1).
    const { csv } = await setup({ validUntil: '2099-12-31T23:30:00.000Z' });
    expect(csv).toContain(',2100-01-01 00:30,');
    expect(csv).not.toContain('2099-12-31T23:30');
  });

  it('prints PDF cards as a job: a second click joins the running render, the page follows it, the file downloads', { timeout: 90_000 }, async () => {
    const { teacher, batchId } = await setup({ count: 30 });
    const url = `/api/codes/teacher/batches/${batchId}/export/pdf`;
    expect(await teacher.b.json(await teacher.b.get(url))).toEqual({ export: null });
    const first = await teacher.b.post(url);
    expect(first.status).toBe(202);
    const started = await teacher.b.json(first);
    expect(started).toMatchObject({ status: 'queued', joined: false });
    const second = await teacher.b.json(await teacher.b.post(url));
    expect(second).toMatchObject({ id: started.id, joined: true });
    expect(await t.database.db.select().from(codeExports).where(eq(codeExports.batchId, batchId))).toHaveLength(1);
    expect((await teacher.b.get(`${url}/file`)).status).toBe(404);

    await t.services.jobs.start();
    const seen = new Set<string>();
    let state = started as { status: string; done: number; total: number };
    for (let i = 0; i < 400 && state.status !== 'ready' && state.status !== 'failed'; i += 1) {
      state = (await teacher.b.json(await teacher.b.get(url))).export;
      seen.add(state.status);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toMatchObject({ status: 'ready', done: 30, total: 30 });
    const pdf = await teacher.b.get(`${url}/file`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // Once ready, a click starts a new render rather than joining the finished one.
    expect(await teacher.b.json(await teacher.b.post(url))).toMatchObject({ joined: false });
  });

  it('says clearly, in the teacher language, when Chromium is missing', async () => {
    const other = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      const teacher = await registerTeacher(other);
      const course = await publishedCourse(teacher);
      const batch = await teacher.b.json(
        await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count: 2, validUntil: inDays(30) }),
      );
      const res = await teacher.b.post(`/api/codes/teacher/batches/${batch.id}/export/pdf?lng=en`);
      expect(res.status).toBe(503);
      expect((await teacher.b.json(res)).error).toEqual({ code: 'PDF_UNAVAILABLE', message: expect.stringContaining('Chromium is not installed') });
    } finally {
      await other.close();
    }
  });
});

describe(`the amount paid on ${DRIVER}`, () => {
  it('is recorded with an enrolment and a change of plan, in whole dinars, and summed in total paid', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, {
      plans: [
        { type: 'monthly', priceDzd: 3000 },
        { type: 'yearly', priceDzd: 30000 },
      ],
    });
    const [monthly, yearly] = course.planIds as [string, string];
    const student = await quickStudent(t, teacher);
    const enrolled = await teacher.b.json(
      await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: monthly, paidDzd: 2500 }),
    );
    const total = async () =>
      (await teacher.b.json(await teacher.b.get(`/api/subscriptions/teacher/students?courseId=${course.courseId}`))).rows[0].enrollment.totalPaidDzd;
    expect(await total()).toBe(2500);
    const half = await teacher.b.json(
      await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${enrolled.id}/plan`, { planId: yearly, recalculate: true, paidDzd: 2.5 }),
    );
    expect(half.error.fields).toEqual({ paidDzd: 'يُرجى إدخال مبلغ صحيح بالدينار (عدد صحيح، 0 أو أكثر)' });
    expect(
      (await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${enrolled.id}/plan`, { planId: yearly, recalculate: true, paidDzd: 27000 })).status,
    ).toBe(200);
    expect(await total()).toBe(29500);
    // Without an amount, a change of plan adds nothing.
    expect((await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${enrolled.id}/plan`, { planId: monthly, recalculate: false })).status).toBe(200);
    expect(await total()).toBe(29500);
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.plan_changed'), eq(auditLog.targetId, enrolled.id)));
    expect(change!.details).toMatchObject({ paidDzd: 27000 });
  });
});
