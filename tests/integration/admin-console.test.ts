import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminInvitations, auditLog, contactMessages, feedbackSubmissions, newsletterSubscribers, session, user } from '@server/core/db/schema';
import { browser, newTeacher } from './browser';
import { ADMIN_PASSWORD, adminTestApp, bootstrapAdmin, invitedAdmin, signedInTeacher } from './admin-fixtures';
import { DRIVER, type TTestApp } from './harness';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
beforeAll(async () => {
  t = await adminTestApp();
  admin = await bootstrapAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const ids = (page: Record<string, unknown>) => (page.items as Array<{ id: string }>).map((i) => i.id);
const latestAudit = async (action: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id)).at(-1);

describe(`inboxes on ${DRIVER}`, () => {
  let contact: { id: string }[];
  beforeAll(async () => {
    const { db } = t.database;
    contact = await db
      .insert(contactMessages)
      .values([
        { name: 'ليلى', email: 'leila@example.test', subject: 'سؤال عن الأسعار', message: 'كم سعر الخطة؟', createdAt: sql`now() - interval '3 minutes'` },
        {
          name: 'Evil',
          email: 'evil@example.test',
          phone: '+213555000000',
          subject: '=HYPERLINK("http://evil.test","x")',
          message: '@SUM(A1:A2)',
          createdAt: sql`now() - interval '2 minutes'`,
        },
        {
          name: 'Marc',
          email: 'marc@example.test',
          subject: 'Partenariat',
          message: '100% d’accord, -5 pour le test',
          createdAt: sql`now() - interval '1 minute'`,
        },
      ])
      .returning({ id: contactMessages.id });
    await db.insert(feedbackSubmissions).values([
      { category: 'feature', title: 'وضع ليلي', text: 'أريد وضعاً ليلياً', email: null },
      { category: 'suggestion', title: null, text: '+cmd|" /C calc"!A0', email: 'x@example.test' },
    ]);
    await db.insert(newsletterSubscribers).values([{ email: 'news1@example.test' }, { email: 'news2@example.test', language: 'fr' }]);
  });

  it('lists newest first, searches, and pages past the end to an empty page', async () => {
    const all = await admin.json(await admin.get('/api/admin/inbox/contact'));
    expect(all).toMatchObject({ total: 3, unhandled: 3, page: 1 });
    expect(ids(all)).toEqual([contact[2]!.id, contact[1]!.id, contact[0]!.id]);
    expect(all.items[0]).toMatchObject({ name: 'Marc', email: 'marc@example.test', subject: 'Partenariat', handledAt: null });
    expect(ids(await admin.json(await admin.get(`/api/admin/inbox/contact?q=${encodeURIComponent('الأسعار')}`)))).toEqual([contact[0]!.id]);
    expect(ids(await admin.json(await admin.get('/api/admin/inbox/contact?q=100%25')))).toEqual([contact[2]!.id]);
    expect((await admin.json(await admin.get('/api/admin/inbox/feedback?q=ليلي'))).items).toEqual([
      expect.objectContaining({ category: 'feature', title: 'وضع ليلي', text: 'أريد وضعاً ليلياً', email: null }),
    ]);
    expect((await admin.json(await admin.get('/api/admin/inbox/newsletter'))).total).toBe(2);
    const past = await admin.get('/api/admin/inbox/contact?page=50&pageSize=10');
    expect(past.status).toBe(200);
    expect(await admin.json(past)).toMatchObject({ items: [], total: 3, page: 50 });
  });

  it('marks an entry handled and unhandled, and filters on it', async () => {
    const res = await admin.patch(`/api/admin/inbox/contact/${contact[0]!.id}`, { handled: true });
    expect(res.status).toBe(200);
    expect((await admin.json(res)).handled).toBe(true);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, contact[0]!.id));
    expect(row!.handledBy).toBe(admin.userId);
    expect(ids(await admin.json(await admin.get('/api/admin/inbox/contact?state=handled')))).toEqual([contact[0]!.id]);
    const unhandled = await admin.json(await admin.get('/api/admin/inbox/contact?state=unhandled'));
    expect(ids(unhandled)).toEqual([contact[2]!.id, contact[1]!.id]);
    expect(unhandled.unhandled).toBe(2);
    await admin.patch(`/api/admin/inbox/contact/${contact[0]!.id}`, { handled: false });
    expect((await admin.json(await admin.get('/api/admin/inbox/contact?state=handled'))).total).toBe(0);
    expect((await admin.patch('/api/admin/inbox/contact/00000000-0000-4000-8000-000000000000', { handled: true })).status).toBe(404);
    expect((await admin.patch(`/api/admin/inbox/contact/${contact[0]!.id}`, { handled: 'yes' })).status).toBe(400);
  });

  it('refuses an unknown inbox, state or page with 400 INVALID_FILTER', async () => {
    for (const url of [
      '/api/admin/inbox/spam',
      '/api/admin/inbox/contact?state=archived',
      '/api/admin/inbox/feedback?page=x',
      '/api/admin/inbox/spam/export',
    ]) {
      const res = await admin.get(url);
      expect(res.status, url).toBe(400);
      expect((await admin.json(res)).error.code, url).toBe('INVALID_FILTER');
    }
  });

  it('exports CSV that a spreadsheet opens safely: formulas neutralised, Arabic kept, filters applied (audited)', async () => {
    const res = await admin.get('/api/admin/inbox/contact/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="darsi-contact-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 byte-order mark first, so that Excel reads the Arabic correctly.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('id,name,email,phone,subject,message,language,handledAt,createdAt\r\n')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(text).toContain(",'@SUM(A1:A2),");
    expect(text).toContain(",'+213555000000,");
    expect(text).toContain('كم سعر الخطة؟');
    // A minus inside a cell is left alone; only a leading one starts a formula.
    expect(text).toContain('100% d’accord, -5 pour le test');
    expect(text).not.toMatch(/(^|,)[=+@]/m);

    const feedback = await (await admin.get('/api/admin/inbox/feedback/export?q=calc')).text();
    expect(feedback.trimEnd().split('\r\n')).toHaveLength(2);
    expect(feedback).toContain(`"'+cmd|"" /C calc""!A0"`);
    const handledOnly = await (await admin.get('/api/admin/inbox/newsletter/export?state=handled')).text();
    expect(handledOnly.trimEnd().split('\r\n')).toHaveLength(1);

    expect(await latestAudit('inbox.exported')).toMatchObject({
      actorUserId: admin.userId,
      targetId: 'newsletter',
      details: { rows: 0, q: null, state: 'handled' },
    });
  });
});

describe('admin users', () => {
  it('lists admins and pending invitations', async () => {
    const email = `pending${Date.now()}@example.test`;
    await admin.post('/api/admin/invitations', { email });
    const list = await admin.json(await admin.get('/api/admin/admins'));
    expect(list.admins).toEqual(expect.arrayContaining([expect.objectContaining({ id: admin.userId, email: admin.email, isYou: true, banned: false })]));
    expect(list.invitations).toEqual(expect.arrayContaining([expect.objectContaining({ email, invitedBy: 'مسؤول أول' })]));
    expect(JSON.stringify(list)).not.toMatch(/token/i);
  });

  it('an invite link works once and expires after 72 hours', async () => {
    const email = `once${Date.now()}@example.test`;
    const invite = await admin.json(await admin.post('/api/admin/invitations', { email }));
    expect(invite.expiresInHours).toBe(72);
    const token = new URL(invite.link).searchParams.get('token');
    const first = browser(t);
    expect((await first.post('/api/admin/register', { name: 'أمينة', email, password: ADMIN_PASSWORD, token })).status).toBe(201);
    expect((await first.get('/api/admin/overview')).status).toBe(200);
    const second = await browser(t).post('/api/admin/register', { name: 'x', email, password: ADMIN_PASSWORD, token });
    expect(second.status).toBe(400);
    expect((await browser(t).json(second)).error.code).toBe('INVITATION_INVALID');

    const late = `late${Date.now()}@example.test`;
    const lateInvite = await admin.json(await admin.post('/api/admin/invitations', { email: late }));
    const lateToken = new URL(lateInvite.link).searchParams.get('token');
    const lifetime = (await t.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::int as seconds from admin_invitations where email = ${late}`,
    )) as unknown as {
      rows: Array<{ seconds: number }>;
    };
    expect(lifetime.rows[0]!.seconds).toBe(72 * 3600);
    await t.database.db.execute(sql`update admin_invitations set expires_at = now() - interval '1 second' where email = ${late}`);
    const expired = await browser(t).post('/api/admin/register', { name: 'x', email: late, password: ADMIN_PASSWORD, token: lateToken });
    expect((await browser(t).json(expired)).error.code).toBe('INVITATION_INVALID');
    expect((await admin.json(await admin.get('/api/admin/admins'))).invitations.map((i: { email: string }) => i.email)).not.toContain(late);
  });

  it('builds the link from the configured host, never the Host header, in the language chosen for the e-mail', async () => {
    const email = `lang${Date.now()}@example.test`;
    // A request naming another host (CSRF-consistent: its Origin matches it) must not steer the link there.
    const res = await admin.post(
      'http://evil.example/api/admin/invitations',
      { email, language: 'fr' },
      { cookie: await admin.jar.getCookieString(`http://${t.config.publicHost}/`) },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { link } = await admin.json(res);
    expect(link).toMatch(
      new RegExp(`^http://${t.config.publicHost.replace(/[.]/g, '\\.')}/admin/register\\?token=[\\w-]{43}&email=${encodeURIComponent(email)}&lng=fr$`),
    );
    const mail = [...t.services.mailer.recent].reverse().find((m) => m.to === email);
    expect(mail?.subject).toBe('Invitation à devenir administrateur Darsi');
    expect(mail?.text).toContain(link);
    // Without a choice, the e-mail is in the inviting admin's language (the request's).
    const other = `lang2${Date.now()}@example.test`;
    const arabic = await admin.json(await admin.post('/api/admin/invitations', { email: other }));
    expect(new URL(arabic.link).searchParams.get('lng')).toBe('ar');
    expect([...t.services.mailer.recent].reverse().find((m) => m.to === other)?.subject).toBe('دعوة لتصبح مسؤولاً في دَرسي');
    expect((await admin.post('/api/admin/invitations', { email: `x${other}`, language: 'de' })).status).toBe(400);
  });

  it('refuses to invite an e-mail that already has an account, whatever its case', async () => {
    const teacher = await signedInTeacher(t);
    for (const email of [teacher.input.email, admin.email.toUpperCase()]) {
      const res = await admin.post('/api/admin/invitations?lng=en', { email });
      expect(res.status, email).toBe(409);
      expect((await admin.json(res)).error).toEqual({
        code: 'INVITATION_EMAIL_REGISTERED',
        message: 'This e-mail already has a Darsi account, so it cannot be invited as an admin. Use another e-mail.',
      });
    }
    const pending = (await admin.json(await admin.get('/api/admin/admins'))).invitations.map((i: { email: string }) => i.email);
    expect(pending).not.toContain(teacher.input.email);
  });

  it('keeps the invitation usable when registration fails: e-mail taken meanwhile, or sign-up failing half-way', async () => {
    const { db } = t.database;
    const usedAt = async (email: string) =>
      (await db.select({ usedAt: adminInvitations.usedAt }).from(adminInvitations).where(eq(adminInvitations.email, email)))[0]?.usedAt;
    // The e-mail got an account after the invitation was sent: refused, and the invitation is not spent.
    const taken = newTeacher();
    const takenInvite = await admin.json(await admin.post('/api/admin/invitations', { email: taken.email }));
    expect((await browser(t).post('/api/accounts/register/teacher', taken)).status).toBe(201);
    const refused = await browser(t).post('/api/admin/register', {
      name: 'x',
      email: taken.email,
      password: ADMIN_PASSWORD,
      token: new URL(takenInvite.link).searchParams.get('token'),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('EMAIL_TAKEN');
    expect(await usedAt(taken.email)).toBeNull();

    // Sign-up fails, before creating the account and after it: the account is removed and the link still works.
    const email = `retry${Date.now()}@example.test`;
    const invite = await admin.json(await admin.post('/api/admin/invitations', { email }));
    const token = new URL(invite.link).searchParams.get('token');
    const signUp = t.services.auth.api.signUpEmail;
    const spy = vi
      .spyOn(t.services.auth.api, 'signUpEmail')
      .mockRejectedValueOnce(new Error('database hiccup'))
      .mockImplementationOnce(async (...args: Parameters<typeof signUp>) => {
        await signUp(...args);
        throw new Error('failed after creating the user');
      });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const failed = await browser(t).post('/api/admin/register', { name: 'أمل', email, password: ADMIN_PASSWORD, token });
        expect(failed.status).toBe(500);
        expect((await failed.json()).error.code).toBe('ACCOUNT_CREATE_FAILED');
        expect(await usedAt(email)).toBeNull();
        expect(await db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([]);
      }
    } finally {
      spy.mockRestore();
    }
    const b = browser(t);
    expect((await b.post('/api/admin/register', { name: 'أمل', email, password: ADMIN_PASSWORD, token })).status).toBe(201);
    expect((await b.get('/api/admin/overview')).status).toBe(200);
    expect(await usedAt(email)).not.toBeNull();
  });

  it('cancels a pending invitation (its link stops working), and a new invitation replaces the pending one', async () => {
    const email = `cancel${Date.now()}@example.test`;
    const first = await admin.json(await admin.post('/api/admin/invitations', { email }));
    const second = await admin.json(await admin.post('/api/admin/invitations', { email }));
    const tokenOf = (invite: Record<string, unknown>) => new URL(invite.link as string).searchParams.get('token');
    const pendingFor = async () => (await admin.json(await admin.get('/api/admin/admins'))).invitations.filter((i: { email: string }) => i.email === email);
    const [pending] = await pendingFor();
    expect(await pendingFor()).toHaveLength(1);
    const stale = await browser(t).post('/api/admin/register', { name: 'x', email, password: ADMIN_PASSWORD, token: tokenOf(first) });
    expect((await stale.json()).error.code).toBe('INVITATION_INVALID');

    const res = await admin.delete(`/api/admin/invitations/${pending.id as string}`);
    expect(await admin.json(res)).toEqual({ cancelled: true });
    expect(await pendingFor()).toEqual([]);
    const cancelled = await browser(t).post('/api/admin/register', { name: 'x', email, password: ADMIN_PASSWORD, token: tokenOf(second) });
    expect((await cancelled.json()).error.code).toBe('INVITATION_INVALID');
    expect(await latestAudit('admin.invitation_cancelled')).toMatchObject({
      actorUserId: admin.userId,
      targetType: 'invitation',
      targetId: pending.id,
      details: { email },
    });
    expect((await admin.delete(`/api/admin/invitations/${pending.id as string}`)).status).toBe(404);
    expect((await admin.delete('/api/admin/invitations/not-an-id')).status).toBe(400);
    // A used invitation cannot be cancelled.
    const used = await invitedAdmin(t, admin, 'مسؤول ثالث');
    const [usedRow] = await t.database.db.select({ id: adminInvitations.id }).from(adminInvitations).where(eq(adminInvitations.email, used.email));
    expect((await admin.delete(`/api/admin/invitations/${usedRow!.id}`)).status).toBe(404);
  });

  it('revokes another admin: their sessions end and they lose the admin area (audited)', async () => {
    const other = await invitedAdmin(t, admin);
    const res = await admin.post(`/api/admin/admins/${other.userId}/revoke`);
    expect(await admin.json(res)).toEqual({ revoked: true });
    expect(await other.session()).toBeNull();
    const [sessions] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.userId, other.userId));
    expect(sessions!.n).toBe(0);
    const login = await other.post('/api/accounts/login', { email: other.email, password: ADMIN_PASSWORD });
    expect(login.status).not.toBe(200);
    expect((await admin.json(await admin.get('/api/admin/admins'))).admins.map((a: { id: string }) => a.id)).not.toContain(other.userId);
    expect(await latestAudit('admin.revoked')).toMatchObject({ actorUserId: admin.userId, targetId: other.userId });
    expect((await admin.post(`/api/admin/admins/${other.userId}/revoke`)).status).toBe(404);
    const teacher = await signedInTeacher(t);
    expect((await admin.post(`/api/admin/admins/${teacher.userId}/revoke`)).status).toBe(404);
  });

  it('never removes the last admin, even when two admins remove each other at once', async () => {
    const { db } = t.database;
    // Leave exactly two admins: the root admin and a new one.
    const others = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    for (const o of others) if (o.id !== admin.userId) await db.update(user).set({ role: 'revoked' }).where(eq(user.id, o.id));
    const second = await invitedAdmin(t, admin);

    // Over HTTP the slower request may find itself already revoked (401/403) or lose the lock (409); one admin stays.
    const [a, b] = await Promise.all([admin.post(`/api/admin/admins/${second.userId}/revoke`), second.post(`/api/admin/admins/${admin.userId}/revoke`)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    let remaining = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    expect(remaining).toHaveLength(1);

    // The same race in the service, past the guard: the row locks make one of them lose with LAST_ADMIN.
    const loserId = remaining[0]!.id === admin.userId ? second.userId : admin.userId;
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, loserId));
    const results = await Promise.allSettled([
      t.services.admin.admins.revoke(second.userId, { userId: admin.userId, ip: '10.0.0.1' }),
      t.services.admin.admins.revoke(admin.userId, { userId: second.userId, ip: '10.0.0.2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_ADMIN' });
    remaining = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    expect(remaining).toHaveLength(1);

    const survivor = remaining[0]!.id === admin.userId ? admin : second;
    expect((await survivor.post('/api/accounts/login', { email: survivor.email, password: ADMIN_PASSWORD })).status).toBe(200);
    const self = await survivor.post(`/api/admin/admins/${survivor.userId}/revoke`);
    expect(self.status).toBe(409);
    expect((await survivor.json(self)).error).toMatchObject({ code: 'LAST_ADMIN', message: 'لا يمكن إزالة آخر مسؤول في المنصة.' });
    // There is no ban API (decision 052): revoking is the one way to remove an admin.
    expect((await survivor.patch(`/api/admin/users/${survivor.userId}/ban`, { banned: true })).status).toBe(404);
    expect((await survivor.get('/api/admin/overview')).status).toBe(200);
    // Keep the root admin for the tests below.
    if (survivor !== admin) await db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.userId));
    if (survivor !== admin) expect((await admin.post('/api/accounts/login', { email: admin.email, password: ADMIN_PASSWORD })).status).toBe(200);
  });
});

describe('audit log', () => {
  it('records every sensitive admin action, with actor, target and IP', async () => {
    const b = browser(t);
    expect((await b.post('/api/accounts/login', { email: admin.email, password: ADMIN_PASSWORD })).status).toBe(200);
    const teacher = await signedInTeacher(t);
    await b.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'inactive' });
    await b.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'academy' });
    await b.post(`/api/admin/teachers/${teacher.teacherId}/trial`, { days: 3 });
    await b.post(`/api/admin/teachers/${teacher.teacherId}/password-reset`);
    const invited = await b.json(await b.post('/api/admin/invitations', { email: `audit${Date.now()}@example.test` }));
    const invitation = (await b.json(await b.get('/api/admin/admins'))).invitations.find((i: { email: string }) =>
      invited.link.includes(encodeURIComponent(i.email)),
    );
    await b.delete(`/api/admin/invitations/${invitation.id as string}`);
    await b.get('/api/admin/inbox/feedback/export');
    const mine = await b.json(await b.get(`/api/admin/audit?actor=${admin.userId}&pageSize=100`));
    const actions = mine.items.map((i: { action: string }) => i.action);
    for (const action of [
      'admin.login',
      'teacher.status_changed',
      'teacher.plan_changed',
      'teacher.trial_extended',
      'teacher.password_reset_sent',
      'admin.invited',
      'admin.invitation_cancelled',
      'inbox.exported',
      'admin.registered',
      'admin.revoked',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(mine.items[0]).toMatchObject({ action: 'inbox.exported', actorName: 'مسؤول أول', actorEmail: admin.email, actorRole: 'admin', ip: b.ip });
    // The page names what its entries refer to by id: the teacher, and the admin revoked earlier.
    expect(mine.names.teachers[teacher.teacherId]).toBe(teacher.input.name);
    const revoked = mine.items.find((i: { action: string }) => i.action === 'admin.revoked');
    expect(mine.names.people[revoked.targetId]).toBe('مسؤولة ثانية');
  });

  it('filters by actor (id, name or e-mail), actor role and action, and pages', async () => {
    const byAction = await admin.json(await admin.get('/api/admin/audit?action=teacher.plan_changed'));
    expect(byAction.total).toBeGreaterThan(0);
    expect(new Set(byAction.items.map((i: { action: string }) => i.action))).toEqual(new Set(['teacher.plan_changed']));
    const byEmail = await admin.json(await admin.get(`/api/admin/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}&action=admin.login`));
    expect(byEmail.total).toBeGreaterThan(0);
    expect(new Set(byEmail.items.map((i: { actorUserId: string }) => i.actorUserId))).toEqual(new Set([admin.userId]));
    expect((await admin.json(await admin.get(`/api/admin/audit?actor=${encodeURIComponent('مسؤول أول')}`))).total).toBeGreaterThan(0);
    expect((await admin.json(await admin.get('/api/admin/audit?actorRole=student'))).total).toBe(0);
    const total = (await admin.json(await admin.get('/api/admin/audit'))).total;
    const page1 = await admin.json(await admin.get('/api/admin/audit?pageSize=3'));
    const page2 = await admin.json(await admin.get('/api/admin/audit?pageSize=3&page=2'));
    expect(page1.items).toHaveLength(3);
    expect(page1.items[2].id).toBeGreaterThan(page2.items[0].id);
    const past = await admin.get(`/api/admin/audit?pageSize=3&page=${Math.ceil(total / 3) + 1}`);
    expect(past.status).toBe(200);
    expect((await admin.json(past)).items).toEqual([]);
  });

  it('refuses unknown actions and roles with 400 INVALID_FILTER, and lists the known actions', async () => {
    for (const [query, field] of [
      ['action=teacher.deleted', 'action'],
      ['actorRole=robot', 'actorRole'],
      ['pageSize=0', 'pageSize'],
    ]) {
      const res = await admin.get(`/api/admin/audit?${query}`);
      expect(res.status).toBe(400);
      const { error } = await admin.json(res);
      expect(error.code).toBe('INVALID_FILTER');
      expect(Object.keys(error.fields)).toEqual([field]);
    }
    const { actions } = await admin.json(await admin.get('/api/admin/audit/actions'));
    expect(actions).toEqual(
      expect.arrayContaining(['admin.login', 'teacher.status_changed', 'codes.batch_generated', 'landing.published', 'subscription.plan_changed']),
    );
  });
});
