import net from 'node:net';
import { createHmac } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, ledgerEntries, paymentOrders, teacherPaymentSettings, teachers } from '@server/core/db/schema';
import { recordLedgerEntry } from '@server/core/ledger';
import { startChargilyStandIn, type TChargilyStandIn } from '../support/chargily-stand-in';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, type TTestApp } from './harness';
import { pdfText } from './pdf-text';

/*
 * Card payments through Chargily Pay v2 (issue 13), against the stand-in that speaks its API and signs its
 * webhooks. The app listens on a real port so that the stand-in's webhooks reach it as Chargily's would.
 */

const TEST_KEY = 'test_sk_teacherA0123456789';
const LIVE_KEY = 'live_sk_teacherA0123456789';
const PRICE = 3000;

let t: TTestApp;
let standIn: TChargilyStandIn;
let server: ServerType;
let teacher: TTeacher;
let course: { courseId: string; planIds: string[] };

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  standIn = await startChargilyStandIn();
  const port = await freePort();
  t = await createTestApp({ PUBLIC_HOST: `localhost:${port}`, CHARGILY_API_BASE: standIn.url });
  server = serve({ fetch: t.app.fetch, port });
  teacher = await registerTeacher(t);
  course = await publishedCourse(teacher, { plans: [{ type: 'monthly', priceDzd: PRICE }] });
  const saved = await teacher.b.put('/api/payments/teacher/card-settings', { mode: 'test', enabled: true, testKey: TEST_KEY, liveKey: LIVE_KEY });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await standIn.close();
});

async function buy() {
  const student = await quickStudent(t, teacher);
  const res = await student.b.post(`http://${teacher.host}/api/payments/student/orders/card`, { courseId: course.courseId, planId: course.planIds[0] });
  expect(res.status).toBe(201);
  const { orderId, checkoutUrl } = (await res.json()) as { orderId: string; checkoutUrl: string };
  const checkoutId = [...standIn.checkouts.values()].find((e) => e.checkout.metadata.order_id === orderId)!.checkout.id;
  const order = async () =>
    (await student.b.json(await student.b.get(`http://${teacher.host}/api/payments/student/orders/${orderId}`))) as { status: string; test: boolean };
  return { student, orderId, checkoutId, checkoutUrl, order };
}

const webhook = (body: string, signature: string) =>
  t.request('/api/payments/chargily/webhook', { method: 'POST', headers: { 'content-type': 'application/json', signature }, body });

const enrolled = async (studentId: string) =>
  t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studentId, studentId), eq(enrollments.courseId, course.courseId)));
const ledgerOf = (orderId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

/** A checkout event altered by `change`, signed with `key` as Chargily would sign it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function forged(checkoutId: string, key: string, change: (event: Record<string, any>) => void) {
  const event = JSON.parse(standIn.signedEvent(checkoutId, 'checkout.paid').body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  event.data.status = 'paid';
  change(event);
  const body = JSON.stringify(event);
  return { body, signature: createHmac('sha256', key).update(body).digest('hex') };
}

describe('teacher settings', () => {
  it('keeps the secret keys sealed and shows only their last four characters', async () => {
    const res = await teacher.b.get('/api/payments/teacher/card-settings');
    const text = await res.text();
    expect(text).not.toContain(TEST_KEY);
    expect(JSON.parse(text)).toMatchObject({ mode: 'test', enabled: true, testKey: { last4: '6789' }, liveKey: { last4: '6789' } });
    const [row] = await t.database.db.select().from(teacherPaymentSettings).where(eq(teacherPaymentSettings.teacherId, teacher.id));
    expect(row!.chargilyTestKeyEnc).not.toContain('test_sk');
  });

  it('checks the connection with Chargily and names a refused key', async () => {
    expect(await teacher.b.json(await teacher.b.post('/api/payments/teacher/card-settings/check', { mode: 'test' }))).toEqual({ ok: true, mode: 'test' });
    standIn.rejectedKeys.add(LIVE_KEY);
    const refused = await teacher.b.post('/api/payments/teacher/card-settings/check', { mode: 'live' });
    standIn.rejectedKeys.delete(LIVE_KEY);
    expect((await teacher.b.json(refused)).error.code).toBe('PAYMENT_KEYS_INVALID');
  });

  it('refuses to turn card payments on without the key of the chosen mode, and malformed keys', async () => {
    const other = await registerTeacher(t);
    expect((await other.b.json(await other.b.put('/api/payments/teacher/card-settings', { mode: 'live', enabled: true }))).error.code).toBe(
      'PAYMENT_KEY_MISSING',
    );
    const bad = await other.b.put('/api/payments/teacher/card-settings', { mode: 'test', enabled: true, testKey: 'live_sk_abcdefgh123' });
    expect((await other.b.json(bad)).error.fields).toHaveProperty('testKey');
    // Teacher B sees their own (empty) settings, never A's.
    expect(await other.b.json(await other.b.get('/api/payments/teacher/card-settings'))).toEqual({
      mode: 'test',
      enabled: false,
      testKey: null,
      liveKey: null,
    });
  });
});

describe('a student pays by card', () => {
  it('builds the return address from the configured host, whatever Host header the request carried (issue 23)', async () => {
    const student = await quickStudent(t, teacher);
    const cookie = await student.b.jar.getCookieString(`http://${teacher.host}/`);
    const res = await t.request('/api/payments/student/orders/card', {
      method: 'POST',
      host: 'evil.example',
      headers: { origin: 'http://evil.example', cookie, 'content-type': 'application/json', 'x-forwarded-for': student.b.ip },
      body: JSON.stringify({ courseId: course.courseId, planId: course.planIds[0] }),
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const { checkout } = [...standIn.checkouts.values()].find((e) => e.checkout.metadata.order_id === orderId)!;
    expect(checkout.success_url).toBe(`http://${t.config.publicHost}/platform/${teacher.subdomain}/student/dashboard/payments/${orderId}`);
    expect(checkout.failure_url).toBe(checkout.success_url);
  });

  it('creates the checkout in whole DZD, and the signed webhook enrolls, writes the ledger and sends the e-mails', async () => {
    const { student, orderId, checkoutId, checkoutUrl, order } = await buy();
    const { checkout } = standIn.checkouts.get(checkoutId)!;
    expect(checkoutUrl).toBe(checkout.checkout_url);
    expect(checkout).toMatchObject({ amount: PRICE, currency: 'dzd', livemode: false, locale: 'ar', metadata: { order_id: orderId } });
    expect(checkout.success_url).toBe(`http://${teacher.host}/student/dashboard/payments/${orderId}`);
    expect(checkout.webhook_endpoint).toBe(`http://${t.config.publicHost}/api/payments/chargily/webhook`);
    expect(await order()).toMatchObject({ status: 'pending', test: true });

    const delivered = await standIn.settle(checkoutId, 'paid');
    expect(delivered.status).toBe(200);
    expect(await order()).toMatchObject({ status: 'paid' });
    const [enrollment] = await enrolled(student.id);
    expect(enrollment).toMatchObject({ status: 'active', source: 'card', totalPaidDzd: PRICE });
    expect(await ledgerOf(orderId)).toEqual([
      expect.objectContaining({
        method: 'card',
        kind: 'payment',
        amountDzd: PRICE,
        feesDzd: checkout.fees,
        confirmedBy: 'chargily',
        sourceKey: `order:${orderId}`,
      }),
    ]);

    const [{ email }] = (await t.database.db.select({ email: teachers.email }).from(teachers).where(eq(teachers.id, teacher.id))) as [{ email: string }];
    await t.services.jobs.start();
    const [reference] = (await t.database.db.select({ r: paymentOrders.reference }).from(paymentOrders).where(eq(paymentOrders.id, orderId))).map((r) => r.r);
    const mails = () => t.services.mailer.recent.filter((m) => m.text.includes(reference!));
    await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(2);
    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual([email, student.email].sort());
  });

  it('lists a payment made in test mode on the revenue page, marked, and counts it in no total', async () => {
    const totals = async () => {
      const summary = (await teacher.b.json(await teacher.b.get('/api/revenue/teacher/summary?granularity=day'))) as {
        totals: { grossDzd: number; payments: number };
        series: { amountDzd: number }[];
        byMethod: { method: string }[];
      };
      return { ...summary.totals, chart: summary.series.reduce((sum, p) => sum + p.amountDzd, 0), card: summary.byMethod.some((m) => m.method === 'card') };
    };
    const before = await totals();
    const { student, orderId, checkoutId } = await buy();
    expect((await standIn.settle(checkoutId, 'paid')).status).toBe(200);
    expect(await totals()).toEqual(before);
    const list = (await teacher.b.json(await teacher.b.get('/api/revenue/teacher/entries?method=card'))) as {
      entries: { test: boolean; amountDzd: number }[];
      sumDzd: number;
    };
    const [row] = await ledgerOf(orderId);
    expect(list.entries.find((e) => e.amountDzd === PRICE && e.test)).toBeTruthy();
    expect(list.sumDzd).toBe(list.entries.filter((e) => !e.test).reduce((sum, e) => sum + e.amountDzd, 0));
    expect(row?.note).toBeNull();
    const csv = await (await teacher.b.get('/api/revenue/teacher/entries/csv?method=card&lng=en')).text();
    expect(csv).toContain('Test mode (not counted)');

    // The student's receipt of a test payment says so, above all else (issue 24); a real one does not.
    const mine = (await student.b.json(await student.b.get('/api/revenue/student/payments'))) as { payments: { id: string; test: boolean }[] };
    expect(mine.payments).toEqual([expect.objectContaining({ test: true })]);
    const receipt = await student.b.get(`/api/revenue/student/payments/${mine.payments[0]!.id}/receipt?lng=en`);
    expect(receipt.status).toBe(200);
    const text = await pdfText(await receipt.arrayBuffer());
    expect(text).toContain('TESTPAYMENT—notareceipt');
    expect(text).toContain('nomoneywaspaid');
    expect(text).not.toContain('Paymentreceipt');
  }, 60_000);

  it('refuses a tampered signature with a 4xx and changes nothing', async () => {
    const { student, checkoutId, order } = await buy();
    const { body, signature } = standIn.signedEvent(checkoutId, 'checkout.paid');
    const res = await webhook(body.replace('"pending"', '"paid"'), signature);
    expect(res.status).toBe(401);
    // One hex digit changed: a fixed last '0' was the real signature 1 time in 16.
    const changed = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect((await webhook(body, changed)).status).toBe(401);
    expect((await webhook(body, '')).status).toBe(401);
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(await enrolled(student.id)).toHaveLength(0);
  });

  it('enrolls exactly once for a webhook replayed ten times at once, and for other events of the same checkout', async () => {
    const { student, orderId, checkoutId } = await buy();
    await standIn.settle(checkoutId, 'paid', { webhook: false });
    const { body, signature } = standIn.signedEvent(checkoutId, 'checkout.paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(body, signature)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const others = Array.from({ length: 3 }, () => standIn.signedEvent(checkoutId, 'checkout.paid'));
    await Promise.all(others.map((e) => webhook(e.body, e.signature)));
    const rows = await enrolled(student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totalPaidDzd).toBe(PRICE);
    expect(await ledgerOf(orderId)).toHaveLength(1);
  });

  it('keeps a paid order paid when a failure arrives after it (out of order)', async () => {
    const { student, checkoutId, order } = await buy();
    await standIn.settle(checkoutId, 'paid');
    const late = forged(checkoutId, TEST_KEY, (e) => {
      e.type = 'checkout.failed';
      e.data.status = 'failed';
    });
    expect((await webhook(late.body, late.signature)).status).toBe(200);
    expect(await order()).toMatchObject({ status: 'paid' });
    expect(await enrolled(student.id)).toHaveLength(1);
  });

  it('marks a failed or canceled checkout and enrolls nobody', async () => {
    const failed = await buy();
    await standIn.settle(failed.checkoutId, 'failed');
    expect(await failed.order()).toMatchObject({ status: 'failed' });
    const canceled = await buy();
    await standIn.settle(canceled.checkoutId, 'canceled');
    expect(await canceled.order()).toMatchObject({ status: 'canceled' });
    expect([...(await enrolled(failed.student.id)), ...(await enrolled(canceled.student.id))]).toHaveLength(0);
  });

  it("refuses an event of the other mode, even signed with the teacher's key of that mode", async () => {
    const { student, checkoutId, order } = await buy();
    const live = forged(checkoutId, LIVE_KEY, (e) => {
      e.livemode = true;
      e.data.livemode = true;
    });
    expect((await webhook(live.body, live.signature)).status).toBe(409);
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(await enrolled(student.id)).toHaveLength(0);
  });

  it("refuses an amount that is not the order's", async () => {
    const { student, checkoutId, order } = await buy();
    const cheap = forged(checkoutId, TEST_KEY, (e) => {
      e.data.amount = 100;
    });
    expect((await webhook(cheap.body, cheap.signature)).status).toBe(409);
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(await enrolled(student.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown order', async () => {
    const { checkoutId } = await buy();
    const unknown = forged(checkoutId, TEST_KEY, (e) => {
      e.data.id = 'chk_unknown';
      e.data.metadata = { order_id: '00000000-0000-4000-8000-000000000000' };
    });
    expect((await webhook(unknown.body, unknown.signature)).status).toBe(404);
    expect((await webhook('not json', 'x')).status).toBe(400);
  });

  it('shows the real state on the return page even when no webhook came', async () => {
    const { student, checkoutId, order } = await buy();
    await standIn.settle(checkoutId, 'paid', { webhook: false });
    expect(await order()).toMatchObject({ status: 'paid' });
    expect(await enrolled(student.id)).toHaveLength(1);
  });

  it('expires a checkout left pending for 30 minutes (polling job, fake clock)', async () => {
    const { orderId, checkoutId, order } = await buy();
    const paidMeanwhile = await buy();
    await standIn.settle(paidMeanwhile.checkoutId, 'paid', { webhook: false });
    await t.services.payments.pollCardCheckouts();
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(await paidMeanwhile.order()).toMatchObject({ status: 'paid' });
    const start = Date.now();
    t.services.clock.now = () => new Date(start + 31 * 60_000);
    try {
      await t.services.payments.pollCardCheckouts();
    } finally {
      t.services.clock.now = () => new Date();
    }
    expect(standIn.checkouts.get(checkoutId)!.checkout.status).toBe('expired');
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(row!.status).toBe('expired');
  });

  it('keeps orders to their student and card payments to teachers who turned them on', async () => {
    const { orderId } = await buy();
    const stranger = await quickStudent(t, teacher);
    expect((await stranger.b.get(`http://${teacher.host}/api/payments/student/orders/${orderId}`)).status).toBe(404);
    const other = await registerTeacher(t);
    const otherCourse = await publishedCourse(other, { plans: [{ type: 'monthly', priceDzd: 2000 }] });
    const student = await quickStudent(t, other);
    const res = await student.b.post(`http://${other.host}/api/payments/student/orders/card`, {
      courseId: otherCourse.courseId,
      planId: otherCourse.planIds[0],
    });
    expect((await student.b.json(res)).error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    // A course of teacher A asked for on teacher B's host does not exist there.
    const cross = await student.b.post(`http://${other.host}/api/payments/student/orders/card`, { courseId: course.courseId, planId: course.planIds[0] });
    expect(cross.status).toBe(404);
  });
});

describe('the public course page', () => {
  it('offers card payment when the teacher takes it, through sign-in to the pay page', async () => {
    const html = await (await t.request(`/courses/${course.courseId}`, { host: teacher.host })).text();
    expect(html).toContain('data-testid="course-pay-card"');
    expect(html).toContain(encodeURIComponent(`/student/dashboard/courses/${course.courseId}/pay`));
    const other = await registerTeacher(t);
    const plain = await publishedCourse(other, { plans: [{ type: 'monthly', priceDzd: 2000 }] });
    expect(await (await t.request(`/courses/${plain.courseId}`, { host: other.host })).text()).not.toContain('course-pay-card');
  });
});

describe('revenue ledger', () => {
  it('writes one row per source key, whoever writes it and however often', async () => {
    const entry = { teacherId: teacher.id, method: 'code' as const, kind: 'payment' as const, amountDzd: 1500, sourceKey: 'redemption:ledger-test' };
    const written = await Promise.all(Array.from({ length: 5 }, () => recordLedgerEntry(t.database.db, entry)));
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sourceKey, entry.sourceKey))).toHaveLength(1);
  });
});
