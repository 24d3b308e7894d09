import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, codeRedemptions, codeRequests } from '@server/core/db/schema';
import { CARD_GUESSING, GUESS_RISK, REDEMPTION_LIMITS, SETTLE } from '@server/codes/limits';
import { inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Decisions 105 and 106: a card number names one card, so the guessing budget does not shrink with the
 * live cards; per-account, per-network and per-card limits at their edges; cards printed before card
 * numbers still work; QR links redeem once, on their own platform only.
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
type TCard = { code: string; card: string; link: string };

/** Codes, card numbers and redeem links of a batch's CSV export, in card order. */
function csvCards(csv: string): TCard[] {
  return [...csv.matchAll(/^\d+,"=""(\d{6})""",.*,"=""(\d+-\d{4})""",(\S+)\r?$/gm)].map((m) => ({ code: m[1]!, card: m[2]!, link: m[3]! }));
}

async function batchOf(teacher: TTeacher, count: number, options: { courseId?: string; planId?: string } = {}) {
  const course = options.courseId ? { courseId: options.courseId, planIds: [options.planId!] } : await publishedCourse(teacher, { lessons: 1 });
  const res = await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count, validUntil: inDays(30) });
  const batch = await teacher.b.json(res);
  const cards = csvCards(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
  return { id: batch.id as string, number: batch.number as number, cards, courseId: course.courseId, planId: course.planIds[0]! };
}

const redeem = (s: TStudent, teacher: TTeacher, body: Record<string, string>) => s.b.post(`http://${teacher.host}/api/codes/student/redeem`, body);
const scan = (s: TStudent, host: string, link: string) => s.b.post(`http://${host}/api/codes/student/redeem-link`, { token: link.split('#')[1]! });
const answer = async (res: Response) =>
  res.status === 200
    ? ((await res.json()) as { pending: boolean }).pending
      ? 'pending'
      : 'ok'
    : `${res.status} ${((await res.json()) as { error: { code: string } }).error.code}`;
/** A wrong six digits for a card: its own code shifted, so it is never right by chance. */
const wrong = (card: TCard, i = 1) => String((Number(card.code) + i * 7919) % 1_000_000).padStart(6, '0');
const toArabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe(`cards by number and QR link on ${DRIVER} (decisions 105, 106)`, () => {
  it(
    'numbers batches on the platform and prints card numbers and redeem links; a card redeems by number with Arabic digits, spaces and dashes',
    { timeout: 90_000 },
    async () => {
      const teacher = await registerTeacher(t, 'academy');
      const first = await batchOf(teacher, 3);
      const second = await batchOf(teacher, 12, first);
      expect([first.number, second.number]).toEqual([1, 2]);
      expect(second.cards.map((c) => c.card).slice(0, 2)).toEqual(['2-0001', '2-0002']);
      // The token rides in the fragment (never sent to a server), ≥ 128 bits of base64url.
      expect(second.cards[0]!.link).toMatch(new RegExp(`^http://${teacher.host.replace('.', '\\.')}/redeem#[A-Za-z0-9_-]{32}$`));
      const [row] = await t.database.db.select().from(activationCodes).where(eq(activationCodes.batchId, second.id)).limit(1);
      expect(JSON.stringify(row)).not.toContain(second.cards[0]!.link.split('#')[1]!);

      const s = await quickStudent(t, teacher);
      const [a, b] = second.cards;
      expect(await answer(await redeem(s, teacher, { card: '2/xx', code: a!.code }))).toBe('400 CARD_NUMBER_FORMAT');
      expect(await answer(await redeem(s, teacher, { card: '9-0001', code: a!.code }))).toBe('404 CARD_NOT_FOUND');
      // The right code of another card under this card's number is wrong.
      expect(await answer(await redeem(s, teacher, { card: a!.card, code: b!.code }))).toBe('400 CODE_WRONG');
      const typed = { card: ` ${toArabic(a!.card.replace('-', ' - '))} `, code: `${toArabic(a!.code.slice(0, 3))}-${a!.code.slice(3)}` };
      const ok = await redeem(s, teacher, typed);
      expect(await ok.json()).toMatchObject({ pending: false, courseId: second.courseId });
      // All digits run together: the last four are the card's serial.
      const other = await quickStudent(t, teacher);
      expect(await answer(await redeem(other, teacher, { card: b!.card.replace('-', ''), code: b!.code }))).toBe('ok');
      expect(await answer(await redeem(other, teacher, { card: a!.card, code: a!.code }))).toBe('409 CODE_USED');
    },
  );

  it('holds each limit at its edge: the account (5), the card (5), the network (17) and the platform (33 a window)', { timeout: 180_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards } = await batchOf(teacher, 40);
    const limits = t.services.codes.redemption.limits;
    limits.student.max = 1_000;
    limits.studentDaily.max = 1_000;
    // The account: five wrong answers, then its codes wait for the teacher, its right one too.
    const one = await quickStudent(t, teacher, { ip: '198.51.100.1' });
    const tries: string[] = [];
    for (let i = 0; i < 5; i += 1) tries.push(await answer(await redeem(one, teacher, { card: cards[i]!.card, code: wrong(cards[i]!) })));
    tries.push(await answer(await redeem(one, teacher, { card: cards[5]!.card, code: cards[5]!.code })));
    expect(tries).toEqual([...Array(5).fill('400 CODE_WRONG'), 'pending']);

    // The card: five wrong tries from five accounts and networks, then the card waits, even its right code…
    const target = cards[6]!;
    for (let i = 0; i < 5; i += 1) {
      expect(
        await answer(await redeem(await quickStudent(t, teacher, { ip: `198.51.101.${i + 1}` }), teacher, { card: target.card, code: wrong(target, i + 1) })),
      ).toBe('400 CODE_WRONG');
    }
    const owner = await quickStudent(t, teacher, { ip: '198.51.101.99' });
    expect(await answer(await redeem(owner, teacher, { card: target.card, code: target.code }))).toBe('pending');
    // … while its QR link still redeems it.
    expect(await answer(await scan(owner, teacher.host, target.link))).toBe('ok');

    // The network: 17 wrong answers from one address (four accounts), then that network's codes wait …
    const net = '203.0.113.50';
    const seen: string[] = [];
    for (let i = 0; i < 18; i += 1) {
      const s = await quickStudent(t, teacher, { ip: net });
      const card = cards[10 + i]!;
      seen.push(await answer(await redeem(s, teacher, { card: card.card, code: i === 17 ? card.code : wrong(card) })));
    }
    expect(seen).toEqual([...Array(17).fill('400 CODE_WRONG'), 'pending']);
    // … and the platform still answers everyone else: 5 + 5 + 17 = 27 of 33 spent.
    expect(await answer(await redeem(await quickStudent(t, teacher, { ip: '192.0.2.7' }), teacher, { card: cards[30]!.card, code: cards[30]!.code }))).toBe(
      'ok',
    );
    // The platform: six more wrong answers from six networks reach 33; the next code waits, even a right one.
    for (let i = 0; i < 6; i += 1) {
      expect(
        await answer(
          await redeem(await quickStudent(t, teacher, { ip: `192.0.2.${20 + i}` }), teacher, { card: cards[31 + i]!.card, code: wrong(cards[31 + i]!) }),
        ),
      ).toBe('400 CODE_WRONG');
    }
    expect(await answer(await redeem(await quickStudent(t, teacher, { ip: '192.0.2.40' }), teacher, { card: cards[38]!.card, code: cards[38]!.code }))).toBe(
      'pending',
    );
    const requests = await t.database.db.select().from(codeRequests).where(eq(codeRequests.teacherId, teacher.id));
    expect(requests.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('10 wrong guesses from one network and two accounts, then a third student there redeems at once', { timeout: 60_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards } = await batchOf(teacher, 1_000);
    const net = '100.64.9.9';
    const attackers = [await quickStudent(t, teacher, { ip: net }), await quickStudent(t, teacher, { ip: net })];
    const seen: string[] = [];
    for (let i = 0; i < 10; i += 1) seen.push(await answer(await redeem(attackers[i % 2]!, teacher, { card: cards[i]!.card, code: wrong(cards[i]!) })));
    // Each account's fifth wrong try locks it for 15 minutes (decision 031), never the network.
    expect(seen.filter((s) => s === '400 CODE_WRONG')).toHaveLength(10);
    const third = await quickStudent(t, teacher, { ip: net });
    expect(await answer(await redeem(third, teacher, { card: cards[500]!.card, code: cards[500]!.code }))).toBe('ok');
  });

  it('a code typed without its card number still works under the rules of decision 084', { timeout: 60_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards } = await batchOf(teacher, 5);
    const s = await quickStudent(t, teacher);
    expect(await answer(await redeem(s, teacher, { code: wrong(cards[0]!) }))).toBe('400 CODE_WRONG');
    expect(await answer(await redeem(s, teacher, { code: cards[0]!.code }))).toBe('ok');
    const safety = (await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'))).safety;
    expect(safety).toMatchObject({ live: 4, wrongPerDay: 8 });
  });

  it('a QR link redeems once, on its own platform, not for a revoked card or an expired batch', { timeout: 90_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards, id: batchId } = await batchOf(teacher, 4);
    const other = await registerTeacher(t, 'academy');
    const s = await quickStudent(t, teacher, { hosts: [other.host] });
    // Another teacher's platform does not know the token.
    expect(await answer(await scan(s, other.host, cards[0]!.link))).toBe('404 CARD_LINK_INVALID');
    expect(await answer(await s.b.post(`http://${teacher.host}/api/codes/student/redeem-link`, { token: 'A'.repeat(32) }))).toBe('404 CARD_LINK_INVALID');
    expect(await answer(await scan(s, teacher.host, cards[0]!.link))).toBe('ok');
    // Single use with its card: the same student again, or another student with the same link.
    expect(await answer(await scan(s, teacher.host, cards[0]!.link))).toBe('409 CODE_USED');
    expect(await answer(await scan(await quickStudent(t, teacher), teacher.host, cards[0]!.link))).toBe('409 CODE_USED');
    // A revoked card.
    const list = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batchId}/codes?serial=2`));
    expect((await teacher.b.post(`/api/codes/teacher/codes/${list.codes[0].id}/revoke`)).status).toBe(200);
    expect(await answer(await scan(await quickStudent(t, teacher), teacher.host, cards[1]!.link))).toBe('410 CODE_REVOKED');
    // An expired batch.
    await t.database.db
      .update(activationCodes)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(activationCodes.batchId, batchId));
    expect(await answer(await scan(await quickStudent(t, teacher), teacher.host, cards[2]!.link))).toBe('410 CODE_EXPIRED');
    expect(
      await t.database.db
        .select()
        .from(codeRedemptions)
        .where(and(eq(codeRedemptions.teacherId, teacher.id))),
    ).toHaveLength(1);
  });

  it('150 right codes at once with 1,000 live cards all redeem at once', { timeout: 180_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards } = await batchOf(teacher, 1_000);
    const students = await Promise.all(Array.from({ length: 150 }, (_, i) => quickStudent(t, teacher, { ip: `100.65.0.${(i % 15) + 1}` })));
    const answers = await Promise.all(students.map(async (s, i) => answer(await redeem(s, teacher, { card: cards[i * 6]!.card, code: cards[i * 6]!.code }))));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(150);
    expect(await t.database.db.select().from(codeRequests).where(eq(codeRequests.teacherId, teacher.id))).toHaveLength(0);
    expect(await t.database.db.select().from(codeRedemptions).where(eq(codeRedemptions.teacherId, teacher.id))).toHaveLength(150);
  });
});

describe(`the teacher is told when codes wait, on ${DRIVER} (issue 22)`, () => {
  it('counts waiting codes on the overview and asks for one e-mail per burst, never one per code', { timeout: 60_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const { cards } = await batchOf(teacher, 6);
    // Every code by card number waits: the per-card limit at 0.
    t.services.codes.redemption.limits.card.perCard.max = 0;
    for (let i = 0; i < 3; i += 1) {
      expect(await answer(await redeem(await quickStudent(t, teacher), teacher, { card: cards[i]!.card, code: cards[i]!.code }))).toBe('pending');
    }
    expect(await teacher.b.json(await teacher.b.get('/api/accounts/teacher/overview'))).toMatchObject({ codesWaiting: 3 });
    const jobs = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'codes.waiting-mail' and data->>'teacherId' = ${teacher.id}`,
    );
    expect((jobs as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('serves the QR page without a referrer', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const res = await t.request('/redeem', { host: teacher.host });
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
