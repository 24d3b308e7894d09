import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeRedemptions, codeRequests, teachers } from '@server/core/db/schema';
import { CARD_GUESSING, GUESS_RISK, REDEMPTION_LIMITS, SETTLE } from '@server/codes/limits';
import { inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Decision 137: the waiting-codes e-mail carries a signed, expiring, single-use link to a page that lists the
 * codes that waited and confirms them all with one button; opening it changes nothing. The waiting list has
 * the same "confirm all" without a link.
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

async function waitingCodes(teacher: TTeacher, n: number) {
  const course = await publishedCourse(teacher, { lessons: 1 });
  const batch = await teacher.b.json(
    await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count: n, validUntil: inDays(30) }),
  );
  const csv = await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  const cards = [...csv.matchAll(/^\d+,"=""(\d{6})""",.*,"=""(\d+-\d{4})""",\S+\r?$/gm)].map((m) => ({ code: m[1]!, card: m[2]! }));
  // Every code by card number waits: the per-card limit at 0.
  t.services.codes.redemption.limits.card.perCard.max = 0;
  for (const c of cards) {
    const s = await quickStudent(t, teacher);
    const res = await s.b.post(`http://${teacher.host}/api/codes/student/redeem`, c);
    expect(await res.json()).toEqual({ pending: true });
  }
  return cards;
}

async function mailedLink(teacher: TTeacher): Promise<string> {
  const [{ email }] = (await t.database.db.select({ email: teachers.email }).from(teachers).where(eq(teachers.id, teacher.id))) as [{ email: string }];
  // The e-mail waits two minutes for the burst to settle; the test brings that moment forward.
  await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'codes.waiting-mail' and data->>'teacherId' = ${teacher.id}`);
  await t.services.jobs.start();
  for (let i = 0; i < 300; i += 1) {
    const mail = t.services.mailer.recent.find((m) => m.to === email && m.text.includes('/teacher/codes/waiting#'));
    if (mail) return /\/teacher\/codes\/waiting#(\S+)/.exec(mail.text)![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no waiting-codes e-mail');
}

const post = async (teacher: TTeacher, path: string, body: Record<string, unknown>) => {
  const res = await teacher.b.post(`/api/codes/teacher/code-requests/${path}`, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string } } };
};
const waiting = async (teacherId: string) =>
  (await t.database.db.select().from(codeRequests).where(eq(codeRequests.teacherId, teacherId))).filter((r) => r.status === 'pending').length;

describe(`confirming waiting codes from the e-mail, on ${DRIVER} (decision 137)`, () => {
  it('the link opens a list that changes nothing, confirms all once, and works for its own teacher only', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    await waitingCodes(teacher, 3);
    const token = await mailedLink(teacher);
    expect(token.length).toBeGreaterThan(40);

    // Reading what the link names, twice: nothing is confirmed.
    const seen = await post(teacher, 'mail-link', { token });
    expect(seen.status).toBe(200);
    expect(seen.body.requests).toHaveLength(3);
    expect((await post(teacher, 'mail-link', { token })).status).toBe(200);
    expect(await waiting(teacher.id)).toBe(3);

    // Another teacher, signed in on their own platform, cannot use it; a changed token is refused.
    const other = await registerTeacher(t, 'academy');
    expect((await post(other, 'confirm-all', { token })).body.error?.code).toBe('CONFIRM_LINK_INVALID');
    expect((await post(teacher, 'confirm-all', { token: `${token.slice(0, -2)}AA` })).body.error?.code).toBe('CONFIRM_LINK_INVALID');
    expect(await waiting(teacher.id)).toBe(3);

    // A code that starts waiting after the e-mail is not among those the link confirms.
    await t.database.db.execute(sql`update code_requests set created_at = now() - interval '1 minute' where teacher_id = ${teacher.id}`);
    await waitingCodes(teacher, 1);
    expect(await post(teacher, 'confirm-all', { token })).toEqual({ status: 200, body: { confirmed: 3, failed: [] } });
    expect(await t.database.db.select().from(codeRedemptions).where(eq(codeRedemptions.teacherId, teacher.id))).toHaveLength(3);
    expect(await waiting(teacher.id)).toBe(1);
    // Single use.
    expect((await post(teacher, 'confirm-all', { token })).body.error?.code).toBe('CONFIRM_LINK_USED');
    expect((await post(teacher, 'mail-link', { token })).body.error?.code).toBe('CONFIRM_LINK_USED');

    // The list's own "confirm all" takes every code waiting now.
    expect(await post(teacher, 'confirm-all', {})).toEqual({ status: 200, body: { confirmed: 1, failed: [] } });
    expect(await waiting(teacher.id)).toBe(0);
  });

  it('an expired link is refused; a code whose card was used stays waiting and is reported', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t, 'academy');
    const cards = await waitingCodes(teacher, 2);
    const token = await mailedLink(teacher);
    const later = new Date(Date.now() + 8 * 86_400_000);
    const now = t.services.clock.now;
    t.services.clock.now = () => later;
    try {
      expect((await post(teacher, 'mail-link', { token })).body.error?.code).toBe('CONFIRM_LINK_EXPIRED');
    } finally {
      t.services.clock.now = now;
    }
    // The first card redeemed meanwhile by its QR link… here by another student's confirmed request path: used.
    t.services.codes.redemption.limits.card.perCard.max = 5;
    const s = await quickStudent(t, teacher);
    expect((await s.b.post(`http://${teacher.host}/api/codes/student/redeem`, cards[0]!)).status).toBe(200);
    const done = await post(teacher, 'confirm-all', { token });
    expect(done.body.confirmed).toBe(1);
    expect(done.body.failed).toEqual([{ id: expect.any(String), error: 'CODE_USED' }]);
    expect(await waiting(teacher.id)).toBe(1);
  });
});
