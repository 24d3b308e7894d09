import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, teachers } from '@server/core/db/schema';
import { startChargilyStandIn, type TChargilyStandIn } from '../support/chargily-stand-in';
import { bootstrapAdmin, BOOTSTRAP_TOKEN } from './admin-fixtures';
import { BILLING_KEY, clockAt, DAY, payByCard, sendReceipt, subscriptionOf, webhook } from './billing-helpers';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, type TTestApp } from './harness';

let t: TTestApp;
let chargily: TChargilyStandIn;

beforeAll(async () => {
  chargily = await startChargilyStandIn();
  t = await createTestApp({
    ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
    CHARGILY_SECRET_KEY: BILLING_KEY,
    CHARGILY_API_BASE: chargily.url,
    BILLING_TRANSFER_HOLDER: 'SARL Darsi',
    BILLING_CCP_ACCOUNT: '0012345678 clé 90',
  });
});
afterAll(async () => {
  await t.close();
  await chargily.close();
});

const newCourse = (teacher: TTeacher) => teacher.b.post('/api/courses/teacher/courses', { title: 'دورة جديدة', kind: 'organized', description: '' });

async function buy(teacher: TTeacher, body: Record<string, string>) {
  const res = await teacher.b.post('/api/billing/teacher/invoices', body);
  return { status: res.status, body: await teacher.b.json(res) };
}

/** A teacher on a paid plan bought by card at `base` (monthly independent unless told). */
async function paidTeacher(base: number, plan = 'independent') {
  clockAt(t, base, 0);
  const teacher = await registerTeacher(t);
  const invoice = await buy(teacher, { plan, period: 'monthly', method: 'card' });
  const { checkout } = [...chargily.checkouts.values()].find((e) => e.checkout.metadata.invoiceId === invoice.body.id)!;
  expect((await payByCard(t, chargily, checkout.id)).status).toBe(200);
  return teacher;
}

describe('trial end (decision 100)', () => {
  it('refuses courses, codes and enrollments after the trial; students keep their lessons; card payment lifts it', async () => {
    const start = Date.now();
    clockAt(t, start, 0);
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { lessons: 2 });
    const student = await quickStudent(t, teacher);
    expect(
      (await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] })).status,
    ).toBe(201);
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'trial', blocked: false });

    clockAt(t, start, 5.1);
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'expired', blocked: true });
    const refused = await newCourse(teacher);
    expect(refused.status).toBe(402);
    const error = (await teacher.b.json(refused)).error;
    expect(error.code).toBe('PLAN_REQUIRED');
    expect(error.details).toEqual({ reason: 'trial', billing: '/dashboard/billing' });
    expect(error.message).toContain('دَرسي');
    const batch = await teacher.b.post('/api/codes/teacher/batches', {
      courseId: course.courseId,
      planId: course.planIds[0],
      count: 5,
      validUntil: new Date(start + 60 * DAY).toISOString(),
    });
    expect([batch.status, (await teacher.b.json(batch)).error.code]).toEqual([402, 'PLAN_REQUIRED']);
    const other = await quickStudent(t, teacher);
    const enroll = await teacher.b.post('/api/subscriptions/teacher/enrollments', {
      studentId: other.id,
      courseId: course.courseId,
      planId: course.planIds[0],
    });
    expect([enroll.status, (await teacher.b.json(enroll)).error.code]).toEqual([402, 'PLAN_REQUIRED']);
    // The student who paid still reads the lessons.
    expect((await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]}`)).status).toBe(200);

    // Pays by card on Darsi's own account: the stand-in, its signed webhook (tampered, then right, then replayed).
    const invoice = await buy(teacher, { plan: 'independent', period: 'monthly', method: 'card' });
    expect(invoice).toMatchObject({ status: 201, body: { amountDzd: 3000, kind: 'new', status: 'pending' } });
    const checkout = [...chargily.checkouts.values()].find((e) => e.checkout.metadata.invoiceId === invoice.body.id)!.checkout;
    expect(checkout).toMatchObject({ amount: 3000, livemode: false, webhook_endpoint: `http://${t.config.publicHost}/api/billing/chargily/webhook` });
    await chargily.settle(checkout.id, 'paid', { webhook: false });
    const { body, signature } = chargily.signedEvent(checkout.id, 'checkout.paid');
    expect((await webhook(t, body.replace('"amount":3000', '"amount":75'), signature)).status).toBe(401);
    expect(await (await webhook(t, body, signature)).json()).toMatchObject({ duplicate: false, applied: true });
    expect(await (await webhook(t, body, signature)).json()).toMatchObject({ duplicate: true });
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'active', blocked: false });
    expect((await newCourse(teacher)).status).toBe(201);
    const sub = await subscriptionOf(t, teacher.id);
    expect(sub!.currentPeriodEnd.getTime() - sub!.currentPeriodStart.getTime()).toBe(30 * DAY);
  });
});

describe('paying during the trial (decision 117, issue 24)', () => {
  it('says before payment that the trial days are given up, and the overview then speaks of the paid plan, not the trial', async () => {
    const teacher = await registerTeacher(t);
    // After the sign-up, which dates the trial on the real clock: five days left, less a moment.
    const start = Date.now();
    clockAt(t, start, 0);
    expect(await teacher.b.json(await teacher.b.get('/api/accounts/teacher/overview'))).toMatchObject({
      planStatus: 'trial',
      trialDaysLeft: 5,
      paidPlan: false,
    });
    const before = await teacher.b.json(await teacher.b.get('/api/billing/teacher/overview'));
    expect(before).toMatchObject({ status: 'trial', trialDaysLeft: 5, card: true });
    const annual = before.quotes.find((q: { plan: string; period: string }) => q.plan === 'independent' && q.period === 'annual');
    expect(annual).toMatchObject({ kind: 'new', amountDzd: 30_600, endsAt: new Date(start + 365 * DAY).toISOString() });

    const invoice = await buy(teacher, { plan: 'independent', period: 'annual', method: 'card' });
    const { checkout } = [...chargily.checkouts.values()].find((e) => e.checkout.metadata.invoiceId === invoice.body.id)!;
    expect((await payByCard(t, chargily, checkout.id)).status).toBe(200);
    // The trial's date is still on the teacher's row: the overview must not read it as a running trial.
    const after = await teacher.b.json(await teacher.b.get('/api/accounts/teacher/overview'));
    expect(after).toMatchObject({ planStatus: 'active', paidPlan: true, trialDaysLeft: 0, planUntil: new Date(start + 365 * DAY).toISOString() });
    expect((await teacher.b.json(await teacher.b.get('/api/billing/teacher/overview'))).trialDaysLeft).toBe(0);
    const listed = await teacher.b.json(await teacher.b.get('/api/courses/teacher/courses'));
    expect(listed.usage).toMatchObject({ onTrial: false, trialDaysLeft: 0 });
  });
});

describe('card return page and transfers reviewed by an admin', () => {
  it('settles a card invoice from the return page without the webhook', async () => {
    clockAt(t, Date.now(), 0);
    const teacher = await registerTeacher(t);
    const invoice = await buy(teacher, { plan: 'academy', period: 'annual', method: 'card' });
    const checkout = [...chargily.checkouts.values()].find((e) => e.checkout.metadata.invoiceId === invoice.body.id)!.checkout;
    await chargily.settle(checkout.id, 'paid', { webhook: false });
    const refreshed = await teacher.b.json(await teacher.b.post(`/api/billing/teacher/invoices/${invoice.body.id}/refresh`));
    expect(refreshed).toMatchObject({ status: 'paid', amountDzd: 53_100 });
    const [row] = await t.database.db.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacher.id));
    expect(row!.plan).toBe('academy');
  });

  it('takes a transfer receipt that only an admin approves; nobody sees another teacher’s invoices', async () => {
    clockAt(t, Date.now(), 0);
    const teacher = await registerTeacher(t);
    const intruder = await registerTeacher(t);
    const invoice = await buy(teacher, { plan: 'independent', period: 'annual', method: 'transfer' });
    expect(invoice.body).toMatchObject({ amountDzd: 30_600, method: 'transfer', status: 'pending' });
    const overview = await teacher.b.json(await teacher.b.get('/api/billing/teacher/overview'));
    expect(overview.transfer).toEqual({ holder: 'SARL Darsi', ccpAccount: '0012345678 clé 90', rip: null, baridimob: null });

    expect((await sendReceipt(t, teacher, invoice.body.id, Buffer.from('<svg onload=alert(1)>'), 'image/png')).status).toBe(415);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    expect((await sendReceipt(t, intruder, invoice.body.id, png, 'image/png')).status).toBe(404);
    const sent = await sendReceipt(t, teacher, invoice.body.id, png, 'image/png');
    expect([sent.status, (await sent.json()).status]).toEqual([200, 'awaiting_review']);
    expect((await intruder.b.post(`/api/billing/teacher/invoices/${invoice.body.id}/refresh`)).status).toBe(404);
    expect((await intruder.b.get(`/api/billing/teacher/invoices/${invoice.body.id}/receipt`)).status).toBe(404);
    expect((await intruder.b.get('/api/billing/teacher/overview').then((r) => r.json())).invoices).toEqual([]);

    // Role escalation: a teacher reaches none of the admin routes.
    expect((await teacher.b.post(`/api/billing/admin/invoices/${invoice.body.id}/approve`)).status).toBe(403);
    expect((await teacher.b.get('/api/billing/admin/invoices?status=awaiting_review')).status).toBe(403);

    const admin = await bootstrapAdmin(t);
    const pending = await admin.json(await admin.get('/api/billing/admin/invoices?status=awaiting_review'));
    expect(pending.invoices.map((i: { id: string }) => i.id)).toContain(invoice.body.id);
    const receipt = await admin.get(`/api/billing/admin/invoices/${invoice.body.id}/receipt`);
    expect([receipt.status, receipt.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await admin.json(await admin.post(`/api/billing/admin/invoices/${invoice.body.id}/approve`))).toMatchObject({ status: 'paid' });
    expect((await admin.post(`/api/billing/admin/invoices/${invoice.body.id}/approve`)).status).toBe(409);
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'active' });
    const revenue = await admin.json(await admin.get('/api/billing/admin/revenue'));
    expect(revenue.byMethod.transfer).toBeGreaterThanOrEqual(30_600);
    // The card invoices of this file are paid with Darsi's Chargily TEST key: no money, not revenue (issue 24).
    expect(revenue.byMethod.card).toBeUndefined();
    expect(revenue.totalDzd).toBe(revenue.byMethod.transfer);
    expect(revenue.testPayments).toBeGreaterThanOrEqual(2);
  });
});

describe('proration, limits, grace and cancellation (decisions 101, 102)', () => {
  it('credits unused days on an upgrade and refuses a downgrade that breaks a limit', async () => {
    const base = Date.now();
    const teacher = await paidTeacher(base);
    clockAt(t, base, 10);
    const quote = await teacher.b.json(await teacher.b.get('/api/billing/teacher/quote?plan=academy&period=monthly'));
    expect(quote).toMatchObject({ kind: 'change', priceDzd: 5_900, creditDzd: 2_000, amountDzd: 3_900, broken: [] });
    const up = await buy(teacher, { plan: 'academy', period: 'monthly', method: 'card' });
    expect(up.body).toMatchObject({ amountDzd: 3_900, creditDzd: 2_000 });
    const checkout = [...chargily.checkouts.values()].find((e) => e.checkout.metadata.invoiceId === up.body.id)!.checkout;
    await payByCard(t, chargily, checkout.id);
    expect(await subscriptionOf(t, teacher.id)).toMatchObject({ plan: 'academy', periodPaidDzd: 5_900 });

    // Eight courses do not fit the independent plan (7).
    await t.database.db.insert(courses).values(Array.from({ length: 8 }, (_, i) => ({ teacherId: teacher.id, title: `دورة ${i}`, kind: 'organized' })));
    const down = await teacher.b.post('/api/billing/teacher/invoices', { plan: 'independent', period: 'monthly', method: 'card' }, { 'accept-language': 'en' });
    const error = (await teacher.b.json(down)).error;
    expect([down.status, error.code, error.details]).toEqual([409, 'PLAN_DOWNGRADE_BLOCKED', { broken: 'courses' }]);
  });

  it('keeps working 7 days after an unpaid period (grace), then refuses', async () => {
    const base = Date.now();
    const teacher = await paidTeacher(base);
    clockAt(t, base, 33);
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'past_due', blocked: false });
    expect((await newCourse(teacher)).status).toBe(201);
    clockAt(t, base, 37.5);
    expect(await teacher.b.json(await teacher.b.get('/api/billing/teacher/banner'))).toMatchObject({ status: 'expired', blocked: true });
    const refused = await teacher.b.json(await newCourse(teacher));
    expect(refused.error.details.reason).toBe('lapsed');
  });

  it('reminds before renewal, warns twice, then deletes a cancelled teacher’s data 30 days after the plan ends', async () => {
    const base = Date.now();
    const teacher = await paidTeacher(base);
    const course = await publishedCourse(teacher, { lessons: 1 });
    const [{ email }] = (await t.database.db.select({ email: teachers.email }).from(teachers).where(eq(teachers.id, teacher.id))) as [{ email: string }];
    const before = t.services.mailer.recent.filter((m) => m.to === email).length;
    const mails = () =>
      t.services.mailer.recent
        .filter((m) => m.to === email)
        .slice(before)
        .map((m) => m.subject);
    clockAt(t, base, 24);
    await t.services.billing.runBillingDaily();
    await t.services.billing.runBillingDaily();
    expect(mails()).toHaveLength(1);

    clockAt(t, base, 25);
    expect(await teacher.b.json(await teacher.b.post('/api/billing/teacher/cancel'))).toMatchObject({
      dataDeletionAt: new Date(base + 60 * DAY).toISOString(),
    });
    expect((await newCourse(teacher)).status).toBe(201);
    for (const day of [29.5, 40, 53.5, 54, 59.2, 59.5]) {
      clockAt(t, base, day);
      await t.services.billing.runBillingDaily();
    }
    expect(mails()).toEqual([expect.stringContaining('ينتهي اشتراكك'), expect.stringContaining('ستُحذف بياناتك'), expect.stringContaining('ستُحذف بياناتك')]);
    expect((await t.database.db.select().from(courses).where(eq(courses.teacherId, teacher.id))).length).toBeGreaterThan(0);
    clockAt(t, base, 60.5);
    expect(await t.services.billing.runBillingDaily()).toMatchObject({ deleted: 1 });
    expect(await t.database.db.select().from(courses).where(eq(courses.id, course.courseId))).toEqual([]);
    const [row] = await t.database.db.select({ status: teachers.status }).from(teachers).where(eq(teachers.id, teacher.id));
    expect(row!.status).toBe('inactive');
    expect(await t.services.billing.runBillingDaily()).toMatchObject({ deleted: 0 });
  });
});
