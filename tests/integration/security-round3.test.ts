import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptLimits, auditLog, ledgerEntries, lessons, usedTokens } from '@server/core/db/schema';
import { activePdfs, CLEAN_OBJECTS, pdfOf } from '../support/pdf-fixtures';
import { BOOTSTRAP_TOKEN, bootstrapAdmin } from './admin-fixtures';
import { sendReceipt } from './billing-helpers';
import { browser, newTeacher } from './browser';
import { quickStudent, upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tenantFixture, type TTenant } from './tenant-fixture';

/*
 * Issue 23, findings 1, 5, 6 and 7 (decisions 108–110): each with the test that would have caught it, on the
 * driver this file runs on (npm test runs it on PGlite and on PostgreSQL).
 */
let t: TTestApp;
let tenant: TTenant;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
  tenant = await tenantFixture(t);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const OFF_SITE = [
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
];

describe(`open redirects (finding 1) on ${DRIVER}`, () => {
  it('a verification link, even without a valid token, never sends anyone off the host it was opened on', async () => {
    for (const host of [t.config.publicHost, tenant.teacher.host]) {
      for (const callback of OFF_SITE) {
        const res = await t.request(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callback)}`, { host });
        expect(res.status, `${host} ${JSON.stringify(callback)}`).toBe(400);
        expect(res.headers.get('location'), callback).toBeNull();
      }
      // Darsi's own callback still works: a bad token goes back to its page on the same host.
      const own = await t.request(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/verify')}`, { host });
      expect(own.status).toBe(302);
      expect(own.headers.get('location')).toMatch(/^\/verify\?error=/);
    }
  });

  it('the no-script contact form goes back only to a page of this host, never to "//other-host"', async () => {
    const host = tenant.teacher.host;
    const form = new URLSearchParams({ name: 'زائر', email: 'v@example.test', subject: 'سؤال', message: 'متى؟' });
    for (const referer of [`http://${host}//evil.example/x`, `http://${host}/.//evil.example/x`, 'http://evil.example/page']) {
      const res = await t.request(`/landing-contact/${tenant.fx.pageId}`, {
        method: 'POST',
        host,
        headers: { origin: `http://${host}`, referer, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.230.0.1' },
        body: form.toString(),
      });
      expect(res.status, referer).toBe(303);
      const location = res.headers.get('location')!;
      expect(location, referer).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `http://${host}`).host).toBe(host);
    }
  });
});

describe(`active PDFs and how uploaded PDFs are served (finding 5) on ${DRIVER}`, () => {
  const active = Object.entries(activePdfs());

  it('refuses every active PDF as a student transfer receipt, and takes a plain one', async () => {
    const student = await quickStudent(t, tenant.teacher);
    const order = await student.b.json(
      await student.b.post(`http://${tenant.teacher.host}/api/payments/student/transfer-orders`, {
        courseId: tenant.fx.courseId,
        planId: tenant.fx.planId,
        method: 'ccp',
      }),
    );
    for (const [name, bytes] of active) {
      const res = await upload(t, student.b, `/api/payments/student/receipts/${order.id as string}`, bytes, 'application/pdf', 'r.pdf');
      expect(res.status, name).toBe(400);
      expect((await student.b.json(res)).error.code, name).toBe('RECEIPT_INVALID');
    }
    const clean = await upload(t, student.b, `/api/payments/student/receipts/${order.id as string}`, pdfOf(CLEAN_OBJECTS), 'application/pdf', 'r.pdf');
    expect(clean.status).toBeLessThan(300);
  });

  it('refuses every active PDF as a plan receipt; the admin and the teacher get a plain one as a sandboxed download', async () => {
    const { teacher } = tenant;
    for (const [name, bytes] of active) {
      const res = await sendReceipt(t, teacher, tenant.fx.invoiceId, bytes, 'application/pdf');
      expect(res.status, name).toBe(415);
      expect((await teacher.b.json(res)).error.code, name).toBe('BILLING_RECEIPT_INVALID');
    }
    expect((await sendReceipt(t, teacher, tenant.fx.invoiceId, pdfOf(CLEAN_OBJECTS), 'application/pdf')).status).toBeLessThan(300);
    const admin = await bootstrapAdmin(t);
    for (const [who, res] of [
      ['admin', await admin.get(`/api/billing/admin/invoices/${tenant.fx.invoiceId}/receipt`)],
      ['teacher', await teacher.b.get(`/api/billing/teacher/invoices/${tenant.fx.invoiceId}/receipt`)],
    ] as const) {
      expect(res.status, who).toBe(200);
      expect(res.headers.get('content-type'), who).toBe('application/pdf');
      expect(res.headers.get('content-disposition'), who).toMatch(/^attachment; /);
      expect(res.headers.get('content-security-policy'), who).toMatch(/(^|; )sandbox(;|$)/);
      expect(res.headers.get('x-content-type-options'), who).toBe('nosniff');
    }
  });

  it('refuses every active PDF as a lesson file; a plain one is served as a sandboxed download under a clean name', async () => {
    const { teacher } = tenant;
    const url = `/api/courses/teacher/uploads/lessons/${tenant.fx.lessonId}`;
    for (const [name, bytes] of active) {
      const res = await upload(t, teacher.b, url, bytes, 'application/pdf', 'l.pdf');
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
    }
    // Finding 7: "x\u202Efdp.html" displays as "xlmth.pdf"; direction controls are stripped from every kept name.
    const res = await upload(t, teacher.b, url, pdfOf(CLEAN_OBJECTS), 'application/pdf', 'x\u202Efdp.html\u2066\u200f.pdf');
    expect(res.status).toBeLessThan(300);
    const [lesson] = await t.database.db.select({ fileName: lessons.fileName }).from(lessons).where(eq(lessons.id, tenant.fx.lessonId));
    expect(lesson!.fileName).toBe('xfdp.html.pdf');
    const file = await teacher.b.get(`/api/courses/teacher/lessons/${tenant.fx.lessonId}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('xfdp.html.pdf')}`);
    expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe(`the three 500s (finding 6) on ${DRIVER}`, () => {
  it('a refund whose reason holds a lone surrogate is stored (as U+FFFD), audit row included', async () => {
    const { teacher } = tenant;
    const res = await teacher.b.post(`/api/revenue/teacher/entries/${tenant.fx.entryId}/refund`, `{"reason":"\\ud800 خطأ \\udc00"}`);
    expect(res.status, await res.clone().text()).toBe(201);
    const refunds = await t.database.db.select({ note: ledgerEntries.note }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
    expect(refunds.map((r) => r.note)).toContain('\ufffd خطأ \ufffd');
    const audited = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(audited)).not.toMatch(/\\ud800/i);
  });

  it('an impossible day in the ledger filter is a 400 with the field named, for from and for to', async () => {
    for (const query of ['from=2026-13-45', 'to=2026-13-45', 'from=2026-02-30', 'to=0000-00-00']) {
      const res = await tenant.teacher.b.get(`/api/revenue/teacher/entries?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await tenant.teacher.b.json(res)).error.fields ?? {}), query).toEqual([query.split('=')[0]]);
    }
    expect((await tenant.teacher.b.get('/api/revenue/teacher/entries?from=2024-02-29&to=2026-12-31')).status).toBe(200);
  });
});

describe(`smaller findings (7) on ${DRIVER}`, () => {
  it('sends HSTS only over HTTPS: never on plain HTTP, and when the trusted proxy says https', async () => {
    const plain = await t.request('/api/health/live');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const page = await t.request('/', { host: tenant.teacher.host });
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const secure = await t.request('/api/health/live', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    // The left-most entry was written by the client, not by the one trusted proxy.
    const forged = await t.request('/api/health/live', { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps checking a certificate issued before the teacher turned certificates off (decision 110)', async () => {
    const { teacher } = tenant;
    expect((await teacher.b.put(`/api/certificates/teacher/courses/${tenant.fx.courseId}`, { enabled: false })).status).toBe(200);
    const check = await t.request(`/certificates/${tenant.fx.certificateId}`, { headers: { 'x-forwarded-for': '10.231.0.1' } });
    expect(check.status).toBe(200);
    expect(await check.text()).toContain('طالب');
    expect((await teacher.b.put(`/api/certificates/teacher/courses/${tenant.fx.courseId}`, { enabled: true })).status).toBe(200);
  });
});

describe(`the owner unlocks an account locked by wrong passwords (finding 7, decision 110) on ${DRIVER}`, () => {
  const SUBJECT = 'حسابك في دَرسي مقفل مؤقتاً';

  const mailsTo = (email: string) => t.services.mailer.recent.filter((m) => m.to === email && m.subject === SUBJECT).length;
  /** The e-mail is sent by a job, as the reset e-mail is. */
  async function unlockMail(email: string, before: number): Promise<string> {
    await expect.poll(() => mailsTo(email), { timeout: 30_000 }).toBeGreaterThan(before);
    return t.services.mailer.recent.filter((m) => m.to === email && m.subject === SUBJECT).at(-1)!.text;
  }
  beforeAll(async () => {
    await t.services.jobs.start();
  });

  it('sends a signed single-use link when the lock happens; the link lets the owner in from their device only', async () => {
    const input = newTeacher();
    expect((await browser(t).post('/api/accounts/register/teacher', input)).status).toBe(201);
    // 50 wrong passwords from many addresses (decision 008's per-account limit), written as the limiter writes them.
    await t.database.db.insert(attemptLimits).values({ key: `login:${input.email}`, count: 50, windowEndsAt: new Date(Date.now() + 15 * 60_000) });
    const owner = browser(t);
    const attacker = browser(t);
    const locked = await owner.post('/api/accounts/login', { email: input.email, password: input.password });
    expect(locked.status).toBe(429);
    const text = await unlockMail(input.email, 0);
    const link = new URL(/https?:\/\/\S+\/unlock-account\?token=\S+/.exec(text)![0]);
    expect(link.host).toBe(t.config.publicHost);
    const token = link.searchParams.get('token')!;
    // Opening the page does nothing by itself (mail scanners open links).
    expect((await owner.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expect((await owner.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(429);
    // A forged or altered token is refused.
    expect((await owner.post('/api/accounts/unlock', { token: `${token.slice(0, -4)}AAAA` })).status).toBe(400);
    const unlocked = await owner.post('/api/accounts/unlock', { token });
    expect(unlocked.status).toBe(200);
    expect((await owner.post('/api/accounts/unlock', { token })).status, 'single use').toBe(400);
    // A JWT whose id was spent in the database (decision 139): refused on any instance, kept until it expires.
    const { jti, exp } = decodeJwt(token);
    const [spent] = await t.database.db.select().from(usedTokens).where(eq(usedTokens.jti, jti!));
    expect(spent).toMatchObject({ scope: 'unlock', expiresAt: new Date(exp! * 1000) });
    expect((await owner.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(200);
    // The attacker keeps guessing and locks the account again: the owner's device stays let through.
    await t.database.db
      .update(attemptLimits)
      .set({ count: 80 })
      .where(eq(attemptLimits.key, `login:${input.email}`));
    await t.database.db
      .insert(attemptLimits)
      .values({ key: `login:${input.email}`, count: 80, windowEndsAt: new Date(Date.now() + 15 * 60_000) })
      .onConflictDoNothing();
    expect((await attacker.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(429);
    expect((await owner.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(200);
  });

  it('sends the link on request while the lock stands, once per lock, and says the same for any address', async () => {
    const input = newTeacher();
    expect((await browser(t).post('/api/accounts/register/teacher', input)).status).toBe(201);
    const asker = browser(t);
    // Not locked: nothing is sent, the answer is the same.
    expect(await asker.json(await asker.post('/api/accounts/unlock/request', { email: input.email }))).toEqual({ sent: true });
    expect(await asker.json(await asker.post('/api/accounts/unlock/request', { email: 'nobody@example.test' }))).toEqual({ sent: true });
    await t.database.db.insert(attemptLimits).values({ key: `login:${input.email}`, count: 51, windowEndsAt: new Date(Date.now() + 15 * 60_000) });
    expect(await asker.json(await asker.post('/api/accounts/unlock/request', { email: input.email }))).toEqual({ sent: true });
    await unlockMail(input.email, 0);
    expect(await asker.json(await asker.post('/api/accounts/unlock/request', { email: input.email }))).toEqual({ sent: true });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(mailsTo(input.email), 'one e-mail per lock').toBe(1);
  });
});
