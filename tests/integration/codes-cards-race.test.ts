import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeRedemptions, codeRequests } from '@server/core/db/schema';
import { CARD_GUESSING, GUESS_RISK, REDEMPTION_LIMITS, SETTLE } from '@server/codes/limits';
import { inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Decision 136: a right code by card number spends no budget and takes no turn, so redemptions race freely.
 * These tests race them: every card is used once however many students send it at the same instant, and
 * each budget (the card's, the account's, the platform's) answers exactly its number of wrong tries when
 * they all arrive together.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  Object.assign(t.services.codes.redemption.limits, structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK, settle: SETTLE, card: CARD_GUESSING }));
});

type TStudent = Awaited<ReturnType<typeof quickStudent>>;
type TCard = { code: string; card: string };

async function cardsOf(teacher: TTeacher, count: number): Promise<TCard[]> {
  const course = await publishedCourse(teacher, { lessons: 1 });
  const batch = await teacher.b.json(
    await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count, validUntil: inDays(30) }),
  );
  const csv = await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  return [...csv.matchAll(/^\d+,"=""(\d{6})""",.*,"=""(\d+-\d{4})""",\S+\r?$/gm)].map((m) => ({ code: m[1]!, card: m[2]! }));
}

const redeem = (s: TStudent, teacher: TTeacher, body: Record<string, string>) => s.b.post(`http://${teacher.host}/api/codes/student/redeem`, body);
const answer = async (res: Response) =>
  res.status === 200
    ? ((await res.json()) as { pending: boolean }).pending
      ? 'pending'
      : 'ok'
    : `${res.status} ${((await res.json()) as { error: { code: string } }).error.code}`;
const wrong = (card: TCard, i = 1) => String((Number(card.code) + i * 7919) % 1_000_000).padStart(6, '0');
const tally = (answers: string[]) => answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a]: (acc[a] ?? 0) + 1 }), {});
const students = (teacher: TTeacher, n: number, ip: (i: number) => string) =>
  Promise.all(Array.from({ length: n }, (_, i) => quickStudent(t, teacher, { ip: ip(i) })));

describe(`cards raced on ${DRIVER} (decision 136)`, () => {
  it('four students sending each of 30 cards at the same instant: every card is used once, never twice', { timeout: 180_000 }, async () => {
    for (const plan of ['institution', 'academy'] as const) {
      // Without a student limit nothing takes turns; with one, the last place is still taken once (the teacher's row lock).
      const teacher = await registerTeacher(t, plan);
      const cards = await cardsOf(teacher, 30);
      const racers = await students(teacher, 120, (i) => `100.66.${i % 7}.1`);
      const answers = await Promise.all(racers.map(async (s, i) => answer(await redeem(s, teacher, { card: cards[i % 30]!.card, code: cards[i % 30]!.code }))));
      expect(tally(answers)).toEqual({ ok: 30, '409 CODE_USED': 90 });
      const rows = await t.database.db.select().from(codeRedemptions).where(eq(codeRedemptions.teacherId, teacher.id));
      expect(new Set(rows.map((r) => r.codeId)).size).toBe(30);
      expect(rows).toHaveLength(30);
      const used = await t.database.db.execute(sql`select count(*)::int as n from activation_codes where teacher_id = ${teacher.id} and uses = 1 and not live`);
      expect((used as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(30);
    }
  });

  it('twelve wrong tries on one card at once: exactly five are answered, the rest and then its right code wait', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t, 'institution');
    const [target] = await cardsOf(teacher, 3);
    const racers = await students(teacher, 12, (i) => `198.51.102.${i + 1}`);
    const answers = await Promise.all(racers.map(async (s, i) => answer(await redeem(s, teacher, { card: target!.card, code: wrong(target!, i + 1) }))));
    expect(tally(answers)).toEqual({ '400 CODE_WRONG': 5, pending: 7 });
    const owner = await quickStudent(t, teacher, { ip: '198.51.102.99' });
    expect(await answer(await redeem(owner, teacher, { card: target!.card, code: target!.code }))).toBe('pending');
  });

  it('one account racing ten wrong tries: exactly five answered; the platform budget answers exactly its number among many', { timeout: 180_000 }, async () => {
    const teacher = await registerTeacher(t, 'institution');
    const cards = await cardsOf(teacher, 10);
    const limits = t.services.codes.redemption.limits;
    limits.student.max = 1_000;
    limits.studentDaily.max = 1_000;
    const one = await quickStudent(t, teacher, { ip: '198.51.103.1' });
    const mine = await Promise.all(cards.slice(0, 10).map(async (c) => answer(await redeem(one, teacher, { card: c.card, code: wrong(c) }))));
    expect(tally(mine)).toEqual({ '400 CODE_WRONG': 5, pending: 5 });

    // A platform budget of 3 a window (a risk bound of 9 in a million): 20 wrong tries from 20 accounts and
    // networks at once, alongside 20 right codes; exactly 3 wrong answers, and no right code is refused.
    limits.risk.dailyChance = 9e-6;
    const platform = await registerTeacher(t, 'institution');
    const other = await cardsOf(platform, 41);
    const guessers = await students(platform, 20, (i) => `203.0.114.${i + 1}`);
    const buyers = await students(platform, 20, (i) => `203.0.115.${i + 1}`);
    const [guessed, bought] = await Promise.all([
      Promise.all(guessers.map(async (s, i) => answer(await redeem(s, platform, { card: other[i]!.card, code: wrong(other[i]!) })))),
      Promise.all(buyers.map(async (s, i) => answer(await redeem(s, platform, { card: other[20 + i]!.card, code: other[20 + i]!.code })))),
    ]);
    expect(tally(guessed)).toEqual({ '400 CODE_WRONG': 3, pending: 17 });
    // Right codes answered before the third wrong answer redeem; after it they wait. None is lost or refused.
    expect(bought.every((a) => a === 'ok' || a === 'pending')).toBe(true);
    const late = await quickStudent(t, platform, { ip: '203.0.116.1' });
    expect(await answer(await redeem(late, platform, { card: other[40]!.card, code: other[40]!.code }))).toBe('pending');
    const waiting = await t.database.db.select().from(codeRequests).where(eq(codeRequests.teacherId, platform.id));
    expect(waiting).toHaveLength(17 + bought.filter((a) => a === 'pending').length + 1);
  });
});
