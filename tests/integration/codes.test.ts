import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, auditLog, codeRedemptions, enrollments } from '@server/core/db/schema';
import { GUESS_RISK, REDEMPTION_LIMITS } from '@server/codes/limits';
import { browser } from './browser';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
  Object.assign(t.services.codes.redemption.limits, structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK }));
});

/** Tests of the student and IP budgets leave the platform's risk bound aside (it has tests of its own). */
const liftGuessRisk = () => {
  t.services.codes.redemption.limits.risk.dailyChance = Infinity;
};

async function batch(teacher: TTeacher, body: Record<string, unknown>) {
  const res = await teacher.b.post('/api/codes/teacher/batches', { count: 10, validUntil: inDays(30), ...body });
  return { res, body: await teacher.b.json(res) };
}

/** The codes of a batch in clear, as the teacher's CSV export gives them, in card order (serial 1, 2, …). */
async function exportedCodes(teacher: TTeacher, batchId: string): Promise<string[]> {
  return csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batchId}/export/csv`)).text());
}

async function setup(options: Parameters<typeof publishedCourse>[1] = {}, batchBody: Record<string, unknown> = {}) {
  const teacher = await registerTeacher(t);
  const course = await publishedCourse(teacher, options);
  const { body } = await batch(teacher, { courseId: course.courseId, planId: course.planIds[0], ...batchBody });
  const codes = await exportedCodes(teacher, body.id);
  return { teacher, course, batchId: body.id as string, codes };
}

const redeem = (student: Awaited<ReturnType<typeof quickStudent>>, teacher: TTeacher, code: string, lng = 'ar') =>
  student.b.post(`http://${teacher.host}/api/codes/student/redeem?lng=${lng}`, { code });

describe(`activation code batches on ${DRIVER}`, () => {
  it('generates six-digit codes, stores only an HMAC and a ciphertext, and lists the last two digits only', async () => {
    const { teacher, course, batchId, codes } = await setup();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBe(10);

    const list = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes`));
    expect(list.total).toBe(10);
    expect(list.counts).toEqual({ unused: 10, sold: 0, redeemed: 0, expired: 0, revoked: 0 });
    expect(JSON.stringify(list)).not.toMatch(/\b\d{6}\b/);
    // Cards are numbered 1…10 in the batch, in the same order as the export, and can be found by number.
    expect(list.codes.map((c: { serial: number; last2: string }) => [c.serial, c.last2])).toEqual(codes.map((c, i) => [i + 1, c.slice(-2)]));
    const seventh = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes?serial=7`));
    expect(seventh.codes).toEqual([expect.objectContaining({ serial: 7, last2: codes[6]!.slice(-2) })]);
    expect((await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes?serial=x`)).status).toBe(400);

    // A database dump alone reveals no usable code.
    const rows = await t.database.db.select().from(activationCodes).where(eq(activationCodes.batchId, batchId));
    const dump = JSON.stringify(rows);
    for (const code of codes) expect(dump).not.toContain(code);
    expect(rows.every((r) => r.courseId === course.courseId && r.teacherId === teacher.id)).toBe(true);

    const batches = await teacher.b.json(await teacher.b.get('/api/codes/teacher/batches'));
    expect(batches.batches).toEqual([
      expect.objectContaining({
        id: batchId,
        size: 10,
        maxUses: 1,
        accessDays: 30,
        courseTitle: 'الرياضيات للباكالوريا',
        plan: { type: 'monthly', priceDzd: 3000 },
      }),
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'codes.batch_generated'), eq(auditLog.targetId, batchId)));
    expect(entry).toMatchObject({ teacherId: teacher.id, actorRole: 'teacher', details: expect.objectContaining({ count: 10 }) });
  });

  it('refuses a batch size outside 1 to 5,000 and an expiry in the past', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    for (const count of [0, 5001, 2.5]) {
      const { res, body } = await batch(teacher, { courseId: course.courseId, planId: course.planIds[0], count });
      expect(res.status).toBe(400);
      expect(body.error.fields).toEqual({ count: 'عدد الرموز يجب أن يكون بين 1 و 5000' });
    }
    const past = await batch(teacher, { courseId: course.courseId, planId: course.planIds[0], validUntil: inDays(-1) });
    expect(past.body.error).toEqual({ code: 'EXPIRY_IN_PAST', message: 'تاريخ انتهاء الصلاحية يجب أن يكون في المستقبل.' });
    const other = await publishedCourse(teacher, { title: 'أخرى' });
    const wrongPlan = await batch(teacher, { courseId: course.courseId, planId: other.planIds[0] });
    expect(wrongPlan.body.error.code).toBe('PLAN_NOT_FOUND');
  });

  it('keeps codes unique among the live codes of a teacher across batches (5,000 + 5,000)', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    for (let i = 0; i < 2; i += 1) {
      const { res } = await batch(teacher, { courseId: course.courseId, planId: course.planIds[0], count: 5000 });
      expect(res.status).toBe(201);
    }
    const [row] = await t.database.db
      .select({ total: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${activationCodes.codeHmac})::int` })
      .from(activationCodes)
      .where(and(eq(activationCodes.teacherId, teacher.id), eq(activationCodes.live, true)));
    expect(row).toEqual({ total: 10_000, distinct: 10_000 });
  });

  it('exports a batch as CSV (with the full codes) and as a PDF of printable Arabic cards', { timeout: 60_000 }, async () => {
    const { teacher, batchId, codes } = await setup();
    const res = await teacher.b.get(`/api/codes/teacher/batches/${batchId}/export/csv`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="codes-[0-9a-f]{8}\.csv"$/);
    const raw = Buffer.from(await res.arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, for Excel
    const text = raw.subarray(3).toString('utf8');
    expect(text.startsWith('رقم البطاقة,الرمز,الدورة,الخطة,الحالة')).toBe(true);
    // ="…" keeps a leading zero in Excel, LibreOffice and Google Sheets (a bare 012345 becomes 12345).
    expect(text).toContain(`1,"=""${codes[0]}""",الرياضيات للباكالوريا,شهري,غير مستخدم,0,1,`);
    expect(text).toContain(`http://${teacher.host}`);

    // The PDF is printed by a job (decision 056): start it, wait until it is ready, download it.
    expect((await teacher.b.post(`/api/codes/teacher/batches/${batchId}/export/pdf`)).status).toBe(202);
    await t.services.jobs.start();
    for (let i = 0; i < 300; i += 1) {
      const state = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/export/pdf`));
      if (state.export.status === 'ready' || state.export.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const pdf = await teacher.b.get(`/api/codes/teacher/batches/${batchId}/export/pdf/file`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The Arabic text is set in the embedded Tajawal font (shaped by Chromium), not in a fallback font.
    expect(bytes.toString('latin1')).toMatch(/FontName\s*\/[A-Z]{6}\+Tajawal/);
  });
});

describe(`redeeming activation codes on ${DRIVER}`, () => {
  it('normalises spaces, dashes and Arabic-Indic digits, and enrols the student with the batch access', async () => {
    const { teacher, course, codes } = await setup();
    const student = await quickStudent(t, teacher);
    const code = codes[0]!;
    const arabic = code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const typed = ` ${arabic.slice(0, 3)} - ${arabic.slice(3)} `;
    const res = await redeem(student, teacher, typed);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await student.b.json(res);
    expect(body).toMatchObject({ courseId: course.courseId, courseTitle: 'الرياضيات للباكالوريا' });
    expect((new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000).toBeCloseTo(30, 0);
    const outline = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}`));
    expect(outline.subscription).toMatchObject({ status: 'active', type: 'monthly' });
    expect(outline.sections[0].lessons[0].lock).toBeNull();
  });

  it('gives a clear, distinct error for a malformed, wrong, used, expired and revoked code, in each language', async () => {
    const { teacher, batchId, codes } = await setup();
    const [s1, s2] = [await quickStudent(t, teacher), await quickStudent(t, teacher)];
    const format = await redeem(s1, teacher, '12a456');
    expect(format.status).toBe(400);
    expect((await s1.b.json(format)).error).toEqual({ code: 'CODE_FORMAT', message: 'رمز التفعيل يتكون من 6 أرقام.' });
    expect((await s1.b.json(await redeem(s1, teacher, '1234567', 'fr'))).error.message).toBe("Un code d'activation comporte 6 chiffres.");

    const unused = new Set(codes);
    let wrong = '000000';
    while (unused.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, '0');
    const w = await redeem(s1, teacher, wrong, 'en');
    expect(w.status).toBe(400);
    expect((await s1.b.json(w)).error).toEqual({ code: 'CODE_WRONG', message: 'This activation code is not correct. Check it and try again.' });

    expect((await redeem(s1, teacher, codes[0]!)).status).toBe(200);
    const used = await redeem(s2, teacher, codes[0]!);
    expect(used.status).toBe(409);
    expect((await s2.b.json(used)).error).toEqual({ code: 'CODE_USED', message: 'تم استخدام رمز التفعيل هذا من قبل.' });

    const list = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes`));
    const second = list.codes.find((c: { last2: string; state: string }) => c.state === 'unused' && c.last2 === codes[1]!.slice(-2));
    expect((await teacher.b.post(`/api/codes/teacher/codes/${second.id}/revoke`)).status).toBe(200);
    const revoked = await redeem(s2, teacher, codes[1]!, 'fr');
    expect(revoked.status).toBe(410);
    expect((await s2.b.json(revoked)).error).toEqual({ code: 'CODE_REVOKED', message: "Ce code d'activation a été révoqué par l'enseignant." });

    t.services.clock.now = () => new Date(Date.now() + 31 * 86_400_000);
    const expired = await redeem(s2, teacher, codes[2]!);
    expect(expired.status).toBe(410);
    expect((await s2.b.json(expired)).error).toEqual({ code: 'CODE_EXPIRED', message: 'انتهت صلاحية رمز التفعيل هذا.' });
  });

  it('shows the teacher who redeemed each code and when; revokes a whole batch; marks codes sold; all audited', async () => {
    const { teacher, batchId, codes } = await setup();
    const student = await quickStudent(t, teacher);
    await redeem(student, teacher, codes[3]!);
    const list = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes?state=redeemed`));
    expect(list.codes).toEqual([
      expect.objectContaining({
        last2: codes[3]!.slice(-2),
        state: 'redeemed',
        uses: 1,
        redemptions: [expect.objectContaining({ name: student.name, email: student.email, at: expect.any(String) })],
      }),
    ]);
    // A redeemed code cannot be revoked: there is nothing left to stop.
    const redeemedRevoke = await teacher.b.post(`/api/codes/teacher/codes/${list.codes[0].id}/revoke`);
    expect([redeemedRevoke.status, (await teacher.b.json(redeemedRevoke)).error.code]).toEqual([409, 'CODE_NOT_REVOCABLE']);
    const unused = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes?state=unused`));
    expect(unused.total).toBe(9);
    expect((await teacher.b.post(`/api/codes/teacher/codes/${unused.codes[0].id}/sold`)).status).toBe(200);
    expect((await teacher.b.post(`/api/codes/teacher/codes/${unused.codes[0].id}/sold`)).status).toBe(409);
    // An expired card cannot be sold.
    t.services.clock.now = () => new Date(Date.now() + 31 * 86_400_000);
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/codes/${unused.codes[1].id}/sold`))).error.code).toBe('CODE_NOT_SELLABLE');
    t.services.clock.now = () => new Date();
    const revoked = await teacher.b.json(await teacher.b.post(`/api/codes/teacher/batches/${batchId}/revoke`));
    expect(revoked).toEqual({ revoked: 9 });
    const after = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes`));
    expect(after.counts).toEqual({ unused: 0, sold: 0, redeemed: 1, expired: 0, revoked: 9 });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.teacherId, teacher.id));
    expect(entries.map((a) => a.action).sort()).toEqual(['codes.batch_generated', 'codes.batch_revoked', 'codes.code_sold', 'subscription.redeemed']);
    // The student's own redemption is audited in the same commit, with the card that was used.
    expect(entries.find((a) => a.action === 'subscription.redeemed')).toMatchObject({
      actorUserId: student.id,
      actorRole: 'student',
      targetType: 'enrollment',
      details: expect.objectContaining({ studentId: student.id, codeId: list.codes[0].id, serial: list.codes[0].serial, last2: codes[3]!.slice(-2) }),
    });
  });

  it('with "activate on sale", a code works only after the teacher marks it sold', async () => {
    const { teacher, batchId, codes } = await setup({}, { activateOnSale: true, count: 2 });
    const student = await quickStudent(t, teacher);
    expect((await student.b.json(await redeem(student, teacher, codes[0]!))).error.code).toBe('CODE_WRONG');
    const list = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes`));
    const code = list.codes.find((c: { last2: string }) => c.last2 === codes[0]!.slice(-2));
    await teacher.b.post(`/api/codes/teacher/codes/${code.id}/sold`);
    expect((await redeem(student, teacher, codes[0]!)).status).toBe(200);
  });

  it('honours a maximum number of uses, once per student', async () => {
    const { teacher, codes } = await setup({}, { count: 1, maxUses: 3 });
    const students = await Promise.all([1, 2, 3, 4].map(() => quickStudent(t, teacher)));
    expect((await redeem(students[0]!, teacher, codes[0]!)).status).toBe(200);
    expect((await student0Again()).status).toBe(409);
    expect((await redeem(students[1]!, teacher, codes[0]!)).status).toBe(200);
    expect((await redeem(students[2]!, teacher, codes[0]!)).status).toBe(200);
    expect((await students[3]!.b.json(await redeem(students[3]!, teacher, codes[0]!))).error.code).toBe('CODE_USED');
    function student0Again() {
      return redeem(students[0]!, teacher, codes[0]!);
    }
  });

  it('redeems a code exactly once when 200 students race for it', { timeout: 180_000 }, async () => {
    // Budgets are reserved before each attempt and given back after: 200 attempts in flight at once would
    // otherwise spend the platform's budget for a moment and turn the late ones into teacher-confirmed requests.
    t.services.codes.redemption.limits.teacherDaily.max = 100_000;
    liftGuessRisk();
    const { teacher, course, codes } = await setup({}, { count: 1 });
    const students = [];
    for (let i = 0; i < 200; i += 1) students.push(await quickStudent(t, teacher));
    const results = await Promise.all(students.map((s) => redeem(s, teacher, codes[0]!)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const enrolled = await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.courseId));
    expect(enrolled).toHaveLength(1);
    const [row] = await t.database.db.select().from(activationCodes).where(eq(activationCodes.teacherId, teacher.id));
    expect(row).toMatchObject({ uses: 1, live: false });
    expect(await t.database.db.select().from(codeRedemptions).where(eq(codeRedemptions.codeId, row!.id))).toHaveLength(1);
  });

  it("does not accept teacher B's codes on teacher A's platform, nor show B's batches to A", async () => {
    const a = await setup();
    const b = await setup();
    const student = await quickStudent(t, a.teacher);
    const res = await redeem(student, a.teacher, b.codes[0]!);
    expect((await student.b.json(res)).error.code).toBe('CODE_WRONG');
    expect((await a.teacher.b.json(await a.teacher.b.get('/api/codes/teacher/batches'))).batches.map((x: { id: string }) => x.id)).toEqual([a.batchId]);
    const bCodes = await b.teacher.b.json(await b.teacher.b.get(`/api/codes/teacher/batches/${b.batchId}/codes`));
    const statuses = [
      (await a.teacher.b.get(`/api/codes/teacher/batches/${b.batchId}/codes`)).status,
      (await a.teacher.b.get(`/api/codes/teacher/batches/${b.batchId}/export/csv`)).status,
      (await a.teacher.b.get(`/api/codes/teacher/batches/${b.batchId}/export/pdf`)).status,
      (await a.teacher.b.post(`/api/codes/teacher/batches/${b.batchId}/export/pdf`)).status,
      (await a.teacher.b.get(`/api/codes/teacher/batches/${b.batchId}/export/pdf/file`)).status,
      (await a.teacher.b.post(`/api/codes/teacher/batches/${b.batchId}/sold`, { from: 1, to: 3 })).status,
      (await a.teacher.b.post(`/api/codes/teacher/codes/${bCodes.codes[0].id}/unsold`)).status,
      (await a.teacher.b.post(`/api/codes/teacher/batches/${b.batchId}/revoke`)).status,
      (await a.teacher.b.post(`/api/codes/teacher/codes/${bCodes.codes[0].id}/revoke`)).status,
      (await a.teacher.b.post(`/api/codes/teacher/codes/${bCodes.codes[0].id}/sold`)).status,
      (await a.teacher.b.post('/api/codes/teacher/batches', { courseId: b.course.courseId, planId: b.course.planIds[0], count: 1, validUntil: inDays(3) }))
        .status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    // B's code still works on B's platform.
    const bStudent = await quickStudent(t, b.teacher);
    expect((await redeem(bStudent, b.teacher, b.codes[0]!)).status).toBe(200);
  });

  it('redeems on the main host only for a named platform (/platform/{subdomain})', async () => {
    const { teacher, codes } = await setup();
    const student = await quickStudent(t, teacher);
    const none = await student.b.post('/api/codes/student/redeem', { code: codes[0] });
    expect((await student.b.json(none)).error.code).toBe('PLATFORM_NOT_FOUND');
    expect((await student.b.post('/api/codes/student/redeem', { code: codes[0], platform: teacher.subdomain })).status).toBe(200);
  });
});

describe(`brute-force budgets on ${DRIVER}`, () => {
  function wrongCode(codes: string[], from = 123456) {
    let n = from;
    while (codes.includes(String(n))) n += 1;
    return String(n);
  }

  it('locks a student after 5 failures in 15 minutes; a success does not count as a failure', async () => {
    liftGuessRisk();
    const { teacher, codes } = await setup();
    const wrong = wrongCode(codes);
    const student = await quickStudent(t, teacher);
    for (let i = 0; i < 4; i += 1) expect((await redeem(student, teacher, wrong)).status).toBe(400);
    expect((await redeem(student, teacher, codes[0]!)).status).toBe(200);
    expect((await redeem(student, teacher, wrong)).status).toBe(400); // the 5th failure
    const locked = await redeem(student, teacher, codes[1]!);
    expect(locked.status).toBe(429);
    expect((await student.b.json(locked)).error).toEqual({
      code: 'CODE_ATTEMPTS_LOCKED',
      message: 'محاولات خاطئة كثيرة. يُرجى المحاولة مرة أخرى بعد 15 دقيقة.',
    });
    // Another student is not affected.
    expect((await redeem(await quickStudent(t, teacher), teacher, codes[1]!)).status).toBe(200);
  });

  it('counts parallel guesses before they run: 20 at once get at most 5 answers', async () => {
    liftGuessRisk();
    const { teacher, codes } = await setup();
    const wrong = wrongCode(codes);
    const student = await quickStudent(t, teacher);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(student, teacher, wrong)));
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('locks an IP after 10 failures, whichever students make them', async () => {
    liftGuessRisk();
    const { teacher, codes } = await setup();
    const wrong = wrongCode(codes);
    const ip = '198.51.100.7';
    const students = await Promise.all([1, 2, 3].map(() => quickStudent(t, teacher, { ip })));
    for (let i = 0; i < 10; i += 1) expect((await redeem(students[i % 2]!, teacher, wrong)).status).toBe(400);
    const locked = await redeem(students[2]!, teacher, codes[0]!);
    expect((await students[2]!.b.json(locked)).error.code).toBe('CODE_ATTEMPTS_LOCKED');
  });

  it('locks a student for the day after 20 failures, and an IP after 50, across platforms', { timeout: 60_000 }, async () => {
    // The short windows are lifted so that only the daily budgets (their real values) are in play.
    const limits = t.services.codes.redemption.limits;
    Object.assign(limits, {
      student: { ...limits.student, max: 1_000 },
      ip: { ...limits.ip, max: 1_000 },
      teacherDaily: { ...limits.teacherDaily, max: 1_000 },
    });
    liftGuessRisk();
    expect([REDEMPTION_LIMITS.studentDaily.max, REDEMPTION_LIMITS.ipDaily.max]).toEqual([20, 50]);
    const a = await setup();
    const b = await setup();
    const student = await quickStudent(t, a.teacher, { hosts: [b.teacher.host] });
    for (let i = 0; i < 20; i += 1)
      expect((await redeem(student, i % 2 ? a.teacher : b.teacher, wrongCode([...a.codes, ...b.codes], 100_000 + i))).status).toBe(400);
    const locked = await redeem(student, a.teacher, a.codes[0]!, 'en');
    expect((await student.b.json(locked)).error).toEqual({ code: 'CODE_ATTEMPTS_LOCKED', message: 'Too many wrong codes. Try again in 1440 minutes.' });

    const ip = '203.0.113.50';
    const sharing = await Promise.all(Array.from({ length: 3 }, () => quickStudent(t, a.teacher, { ip })));
    for (let i = 0; i < 50; i += 1) expect((await redeem(sharing[i % 3]!, a.teacher, wrongCode(a.codes, 200_000 + i))).status).toBe(400);
    const fresh = await quickStudent(t, a.teacher, { ip });
    expect((await fresh.b.json(await redeem(fresh, a.teacher, a.codes[1]!))).error.code).toBe('CODE_ATTEMPTS_LOCKED');
    // The same student from another address is not held back by that address.
    expect((await redeem(await quickStudent(t, a.teacher), a.teacher, a.codes[1]!)).status).toBe(200);
  });

  it('after 20 wrong codes a day on a platform, every code typed there waits for the teacher, with the same answer', { timeout: 60_000 }, async () => {
    expect(REDEMPTION_LIMITS.teacherDaily.max).toBe(20);
    // One live code: the risk bound allows 33 wrong answers a day, so the cap of 20 is what applies. Each
    // student comes from an address of their own: one account or network may spend only 5 (decision 084).
    const { teacher, course, batchId, codes } = await setup({}, { count: 1 });
    const other = await setup();
    const wrong = wrongCode(codes);
    for (let s = 0; s < 5; s += 1) {
      const student = await quickStudent(t, teacher);
      for (let i = 0; i < 4; i += 1) expect((await redeem(student, teacher, wrong)).status).toBe(400);
    }
    // Teacher-confirmed mode: a right code, a wrong one and a used one get one and the same answer.
    const [right, guesser] = [await quickStudent(t, teacher), await quickStudent(t, teacher)];
    const answers = [
      await redeem(right, teacher, codes[0]!),
      await redeem(guesser, teacher, wrongCode(codes, 654321)),
      await redeem(guesser, teacher, codes[0]!),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(Array(3).fill('{"pending":true}'));
    expect(await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.courseId))).toHaveLength(0);

    // Each student sees their own codes waiting, and only on this platform.
    const own = async (student: typeof right, host = teacher.host) =>
      (await student.b.json(await student.b.get(`http://${host}/api/codes/student/code-requests`))).requests;
    expect(await own(right)).toEqual([
      { id: expect.any(String), last2: codes[0]!.slice(-2), status: 'pending', createdAt: expect.any(String), decidedAt: null },
    ]);
    expect((await own(guesser)).map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
    expect(await own(await quickStudent(t, other.teacher), other.teacher.host)).toEqual([]);

    // The teacher sees who typed what: the right code is matched to its card, the wrong one to nothing.
    const pending = await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'));
    expect(pending.total).toBe(3);
    const mine = pending.requests.find((r: { student: { id: string } }) => r.student.id === right.id);
    expect(mine).toMatchObject({ status: 'pending', last2: codes[0]!.slice(-2), code: { batchId, serial: 1, state: 'unused', onSale: true } });
    const guesses = pending.requests.filter((r: { student: { id: string } }) => r.student.id === guesser.id);
    expect(guesses.map((r: { code: unknown }) => r.code === null).sort()).toEqual([false, true]);
    const guessed = guesses.find((r: { code: unknown }) => r.code === null);
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/code-requests/${guessed.id}/confirm`))).error.code).toBe('CODE_WRONG');
    expect((await teacher.b.post(`/api/codes/teacher/code-requests/${guessed.id}/reject`)).status).toBe(200);
    const [refusal] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'codes.request_rejected'), eq(auditLog.teacherId, teacher.id)));
    expect(refusal).toMatchObject({
      actorRole: 'teacher',
      actorUserId: teacher.userId,
      targetId: guessed.id,
      details: { studentId: guesser.id, last2: guessed.last2 },
    });

    // Confirming redeems the card for that student, audited as the teacher's act.
    const confirmed = await teacher.b.post(`/api/codes/teacher/code-requests/${mine.id}/confirm`);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect((await right.b.json(await right.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}`))).subscription).toMatchObject({
      status: 'active',
    });
    expect((await own(right))[0]).toMatchObject({ status: 'confirmed', decidedAt: expect.any(String) });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.redeemed'), eq(auditLog.teacherId, teacher.id)));
    expect(entry).toMatchObject({
      actorRole: 'teacher',
      actorUserId: teacher.userId,
      details: expect.objectContaining({ studentId: right.id, requestId: mine.id }),
    });
    // The other request for the same card now finds it used; requests are the teacher's own.
    const second = guesses.find((r: { code: unknown }) => r.code !== null);
    expect((await teacher.b.json(await teacher.b.post(`/api/codes/teacher/code-requests/${second.id}/confirm`))).error.code).toBe('CODE_USED');
    expect((await other.teacher.b.post(`/api/codes/teacher/code-requests/${second.id}/reject`)).status).toBe(404);
    expect((await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests?status=confirmed'))).total).toBe(1);

    // Another teacher's platform still answers at once.
    expect((await redeem(await quickStudent(t, other.teacher), other.teacher, other.codes[0]!)).status).toBe(200);
  });

  it(
    'shrinks the platform budget as live codes grow, so that guessing any of them in a day stays within 1e-4 (3 windows, decision 084)',
    { timeout: 60_000 },
    async () => {
      expect(GUESS_RISK.dailyChance).toBe(1e-4);
      const safety = async (teacher: TTeacher) => (await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'))).safety;
      // 10 live codes: 3 windows (decision 084) · 3 answers · 10 / 10^6 = 9e-5, so 3 wrong codes a day are answered as wrong.
      const ten = await setup();
      expect(await safety(ten.teacher)).toMatchObject({ live: 10, wrongPerDay: 3, closedAbove: 33 });
      const wrong = wrongCode(ten.codes);
      for (let i = 0; i < 3; i += 1) expect((await redeem(await quickStudent(t, ten.teacher), ten.teacher, wrong)).status).toBe(400);
      expect(await (await redeem(await quickStudent(t, ten.teacher), ten.teacher, ten.codes[0]!)).text()).toBe('{"pending":true}');

      // Cards that work only once sold count when sold: 60 printed, none sold yet, the full 20.
      const onSale = await setup({}, { count: 60, activateOnSale: true });
      expect(await safety(onSale.teacher)).toMatchObject({ live: 0, wrongPerDay: 20, closedAbove: 33 });

      // More than 33 live codes: every code waits for the teacher, the first and right one included.
      const many = await setup({}, { count: 34 });
      expect(await safety(many.teacher)).toMatchObject({ live: 34, wrongPerDay: 0, closedAbove: 33, underAttack: false });
      const buyer = await quickStudent(t, many.teacher);
      expect(await (await redeem(buyer, many.teacher, many.codes[0]!)).text()).toBe('{"pending":true}');
      const [request] = (await many.teacher.b.json(await many.teacher.b.get('/api/codes/teacher/code-requests'))).requests;
      expect((await many.teacher.b.post(`/api/codes/teacher/code-requests/${request.id}/confirm`)).status).toBe(200);
      // A revoked batch no longer counts: answers are immediate again.
      expect((await many.teacher.b.post(`/api/codes/teacher/batches/${many.batchId}/revoke`)).status).toBe(200);
      expect(await safety(many.teacher)).toMatchObject({ live: 0, wrongPerDay: 20, closedAbove: 33 });
    },
  );

  it("does not spend the platform's budget on a used code (a shared photo of a card), but counts it for the student", { timeout: 60_000 }, async () => {
    const { teacher, codes } = await setup();
    expect((await redeem(await quickStudent(t, teacher), teacher, codes[0]!)).status).toBe(200);
    for (let s = 0; s < 6; s += 1) {
      const student = await quickStudent(t, teacher);
      for (let i = 0; i < 4; i += 1) expect((await redeem(student, teacher, codes[0]!)).status).toBe(409);
      if (s === 0) expect((await redeem(student, teacher, codes[0]!)).status).toBe(409); // the 5th
      if (s === 0) expect((await redeem(student, teacher, codes[1]!)).status).toBe(429); // locked
    }
    // 25 tries of the used card later, a wrong code is still answered as wrong (not a pending request).
    expect((await redeem(await quickStudent(t, teacher), teacher, wrongCode(codes))).status).toBe(400);
  });
});

describe(`code errors without a session on ${DRIVER}`, () => {
  it('needs a signed-in student', async () => {
    expect((await browser(t).post('/api/codes/student/redeem', { code: '123456' })).status).toBe(401);
  });
});
