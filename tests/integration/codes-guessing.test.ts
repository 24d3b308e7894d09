import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, codeRequests, codeRedemptions } from '@server/core/db/schema';
import { GUESS_RISK, REDEMPTION_LIMITS, SETTLE } from '@server/codes/limits';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Decision 084: one attacker cannot close a platform to everyone, a burst of right codes never looks like an
 * attack, and the bound of decision 031 (any live code found in a day: ≤ 1e-4) still holds.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  Object.assign(t.services.codes.redemption.limits, structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK, settle: SETTLE }));
});

type TStudent = Awaited<ReturnType<typeof quickStudent>>;

async function platform(count: number, maxUses = 1) {
  const teacher = await registerTeacher(t, 'academy');
  const course = await publishedCourse(teacher, { lessons: 1 });
  const batch = await teacher.b.json(
    await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count, maxUses, validUntil: inDays(30) }),
  );
  const codes = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
  return { teacher, codes };
}

const redeem = (student: TStudent, teacher: TTeacher, code: string) => student.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code });
const safety = async (teacher: TTeacher) => (await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'))).safety;
const wrongCodes = (codes: string[], n: number) =>
  Array.from({ length: 3 * n }, (_, i) => String(300_000 + i * 7))
    .filter((c) => !codes.includes(c))
    .slice(0, n);

describe(`guessing codes on ${DRIVER} (decision 084)`, () => {
  it(
    '10 wrong guesses from one address and two accounts close nothing but that source; the bound holds against many networks',
    { timeout: 90_000 },
    async () => {
      // Six live cards: 3 windows · 5 answers · 6 / 10^6 = 9e-5 ≤ 1e-4; each account or network may spend 2.
      const { teacher, codes } = await platform(6);
      expect(await safety(teacher)).toMatchObject({ live: 6, wrongPerDay: 5, underAttack: false, today: { wrong: 0 } });
      const ip = '198.51.100.44';
      const attackers = [await quickStudent(t, teacher, { ip }), await quickStudent(t, teacher, { ip })];
      const answers: number[] = [];
      for (const [i, code] of wrongCodes(codes, 10).entries()) {
        const res = await redeem(attackers[i % 2]!, teacher, code);
        answers.push(res.status === 200 ? (((await res.json()) as { pending?: boolean }).pending ? 1 : 0) : -res.status);
      }
      // The network's share (2) is answered, then the attacker's own codes wait for the teacher, unanswered.
      expect(answers).toEqual([-400, -400, 1, 1, 1, 1, 1, 1, 1, 1]);
      expect(await safety(teacher)).toMatchObject({ underAttack: false, today: { wrong: 2 } });
      // Everyone else still gets immediate answers: a student with a bought card is enrolled at once.
      const buyer = await quickStudent(t, teacher);
      const bought = await redeem(buyer, teacher, codes[0]!);
      expect(bought.status).toBe(200);
      expect(await bought.json()).toMatchObject({ pending: false, courseId: expect.any(String) });

      // Five live cards now (3 · 6 · 5 / 10^6 = 9e-5): an attacker with many networks and accounts gets at most
      // the platform's 6 answers, then it is under attack.
      let answered = 0;
      for (let n = 0; n < 6; n += 1) {
        const net = `203.0.113.${10 + n}`;
        for (const [i, code] of wrongCodes(codes, 2).entries()) {
          const res = await redeem(await quickStudent(t, teacher, { ip: net }), teacher, String(Number(code) + 1000 * n + i));
          if (res.status === 400) answered += 1;
        }
      }
      expect(answered).toBe(6 - 2);
      const attacked = await safety(teacher);
      expect(attacked).toMatchObject({ live: 5, wrongPerDay: 6, underAttack: true, today: { wrong: 6, until: expect.any(String) }, reopenFrom: null });
      // Under attack, a right code and a wrong one get the same answer: nothing more to learn.
      const right = await redeem(await quickStudent(t, teacher), teacher, codes[1]!);
      expect(await right.text()).toBe('{"pending":true}');

      // The way out: the teacher brings immediate answers back, once in 24 hours (audited).
      const reopened = await teacher.b.post('/api/codes/teacher/code-safety/reopen');
      expect(await teacher.b.json(reopened)).toMatchObject({ underAttack: false, today: { wrong: 0, until: null }, reopenFrom: expect.any(String) });
      expect((await redeem(await quickStudent(t, teacher), teacher, codes[2]!)).status).toBe(200);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'codes.guessing_reopened'), eq(auditLog.teacherId, teacher.id)));
      expect(entry).toMatchObject({ actorRole: 'teacher', actorUserId: teacher.userId, details: { wrong: 6, live: 5 } });
      // A second attack the same day (four live cards: 8 answers) would be a fourth window: no second reopen.
      for (let n = 0; n < 4; n += 1) {
        for (let i = 0; i < 2; i += 1) await redeem(await quickStudent(t, teacher, { ip: `192.0.2.${20 + n}` }), teacher, String(400_000 + n * 10 + i));
      }
      expect(await safety(teacher)).toMatchObject({ underAttack: true });
      const again = await teacher.b.post('/api/codes/teacher/code-safety/reopen');
      expect(again.status).toBe(429);
      expect((await teacher.b.json(again)).error.code).toBe('RATE_LIMITED');
    },
  );

  it('150 students typing right codes at once, ten to an address, are all enrolled and the platform stays open', { timeout: 120_000 }, async () => {
    // Three class cards of 50 uses: 3 live codes, 11 immediate wrong answers a day.
    const { teacher, codes } = await platform(3, 50);
    expect(await safety(teacher)).toMatchObject({ live: 3, wrongPerDay: 11 });
    const students = await Promise.all(Array.from({ length: 150 }, (_, i) => quickStudent(t, teacher, { ip: `100.64.7.${(i % 15) + 1}` })));
    const answers = await Promise.all(students.map((s, i) => redeem(s, teacher, codes[i % 3]!)));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ pending?: boolean; error?: { code: string } }>));
    expect(bodies.filter((b) => b.pending === false)).toHaveLength(150);
    expect(await t.database.db.select().from(codeRequests).where(eq(codeRequests.teacherId, teacher.id))).toHaveLength(0);
    expect(await t.database.db.select().from(codeRedemptions).where(eq(codeRedemptions.teacherId, teacher.id))).toHaveLength(150);
    expect(await safety(teacher)).toMatchObject({ underAttack: false, today: { wrong: 0 } });
    // The budgets are back where they were: a mistyping student still gets an immediate answer.
    expect((await redeem(await quickStudent(t, teacher), teacher, wrongCodes(codes, 1)[0]!)).status).toBe(400);
  });
});
