import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import type { TConfig } from '@server/core/config';
import { attemptLimits, session, students, teachers, user, verification } from '@server/core/db/schema';
import { createServices } from '@server/services';
import { pruneExpired } from '@server/core/attempt-limits';
import { browser, newStudent, newTeacher } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', ADMIN_BOOTSTRAP_TOKEN: 'bootstrap-token-0123456789abcdef' });
});
afterAll(async () => {
  await t.close();
});

/** A second app instance on the same database, as after a restart or beside another server instance. */
function sameDatabaseApp(config: TConfig = t.config): TTestApp {
  const logger = pino({ level: 'silent' });
  const services = createServices({ config, db: t.database.db, jobs: t.services.jobs, logger });
  const app = createApp({ services, database: t.database, logger });
  return {
    ...t,
    app,
    config,
    services,
    request: (pathname, { host = config.publicHost, headers, ...init } = {}) =>
      Promise.resolve(app.request(`http://${host}${pathname}`, { ...init, headers: { host, ...headers } })),
  };
}

const lastMailTo = (email: string) => [...t.services.mailer.recent].reverse().find((m) => m.to === email);
const RESET_SUBJECT = 'إعادة تعيين كلمة المرور في دَرسي';
const resetMailsTo = (email: string) => t.services.mailer.recent.filter((m) => m.to === email && m.subject === RESET_SUBJECT).length;
/** Reset e-mails are sent by a job (issue 16): asks, then waits for one more reset message to `email`. */
async function resetMailAfter(email: string, ask: () => Promise<unknown>) {
  const before = resetMailsTo(email);
  await ask();
  await expect.poll(() => resetMailsTo(email), { timeout: 15_000 }).toBeGreaterThan(before);
  return lastMailTo(email)!;
}
const startsWith = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
const linkIn = (text: string, fragment: string) => text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment)) ?? '';

async function registerTeacher(b = browser(t), input = newTeacher()) {
  const res = await b.post('/api/accounts/register/teacher', input);
  return { b, input, res, body: await b.json(res) };
}

describe(`teacher registration on ${DRIVER}`, () => {
  it('creates an active teacher on a 5-day trial, signs them in with a host-only cookie, and sends a verification e-mail', async () => {
    const { b, input, res, body } = await registerTeacher();
    expect(res.status).toBe(201);
    expect(body).toEqual({ redirectTo: '/dashboard' });

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('darsi.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/Secure/i);

    const s = await b.session();
    expect(s?.isTeacher).toBe(true);
    expect(s?.teacher).toMatchObject({ subdomain: input.subdomain, status: 'active', isActive: true, plan: 'independent' });
    const trialDays = (new Date(s?.teacher.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(4.9);
    expect(trialDays).toBeLessThanOrEqual(5);

    const mails = t.services.mailer.recent.filter((m) => m.to === input.email);
    expect(mails, 'exactly one verification e-mail').toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('تأكيد البريد الإلكتروني في دَرسي');
    const link = linkIn(mail!.text, '/api/auth/verify-email');
    expect(link).toContain(`http://${t.config.publicHost}/api/auth/verify-email?token=`);
    const verified = await b.get(link);
    expect(verified.status).toBe(302);
    // Only Better Auth's redirect after a successful check carries the marker /verify shows "confirmed" for.
    expect(verified.headers.get('location')).toBe('/verify?confirmed=1');
    expect((await b.session())?.user.emailVerified).toBe(true);
  });

  it('a verification link whose callbackURL leaves the host is refused, on every platform host (issue 16)', async () => {
    const input = newTeacher();
    const b = browser(t);
    await b.post('/api/accounts/register/teacher', input);
    const link = new URL(linkIn(lastMailTo(input.email)!.text, '/api/auth/verify-email'));
    for (const target of [
      'http://other-teacher.' + t.config.publicHost + '/steal',
      '//evil.' + t.config.publicHost,
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      link.searchParams.set('callbackURL', target);
      const res = await b.get(link.toString());
      expect(res.status, target).toBe(400);
      expect(res.headers.get('location'), target).toBeNull();
    }
    expect((await b.session())?.user.emailVerified, 'a refused link verifies nothing').toBe(false);
    link.searchParams.set('callbackURL', '/verify?confirmed=1');
    expect((await b.get(link.toString())).headers.get('location')).toBe('/verify?confirmed=1');
  });

  it('writes the verification e-mail in the language of the sign-up', async () => {
    const input = newTeacher();
    await browser(t).post('/api/accounts/register/teacher?lng=fr', input);
    expect(lastMailTo(input.email)?.subject).toBe('Confirmez votre e-mail sur Darsi');
  });

  it('refuses a taken subdomain and a taken e-mail with the exact messages', async () => {
    const { input } = await registerTeacher();
    const sameSub = await registerTeacher(browser(t), newTeacher({ subdomain: input.subdomain }));
    expect(sameSub.res.status).toBe(409);
    expect(sameSub.body.error).toEqual({ code: 'SUBDOMAIN_TAKEN', message: 'عنوان URL هذا مستخدم بالفعل. يرجى اختيار عنوان آخر.' });
    const sameEmail = await registerTeacher(browser(t), newTeacher({ email: input.email.toUpperCase() }));
    expect(sameEmail.res.status).toBe(409);
    expect(sameEmail.body.error).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'هذا البريد الإلكتروني مسجل بالفعل. يرجى تسجيل الدخول أو استخدام بريد إلكتروني آخر.',
    });
  });

  it('lets exactly one of two simultaneous sign-ups with the same subdomain win; the other gets the 23505 message', async () => {
    const subdomain = newTeacher().subdomain;
    const [a, b] = await Promise.all([registerTeacher(browser(t), newTeacher({ subdomain })), registerTeacher(browser(t), newTeacher({ subdomain }))]);
    const statuses = [a.res.status, b.res.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.res.status === 409 ? a : b;
    expect(loser.body.error).toEqual({ code: 'DUPLICATE_ACCOUNT', message: 'هذا البريد الإلكتروني أو النطاق الفرعي مستخدم بالفعل' });
    // The loser's half-made account was removed: its e-mail is free again.
    const left = await t.database.db.select().from(user).where(eq(user.email, loser.input.email));
    expect(left).toHaveLength(0);
    const owners = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, subdomain));
    expect(owners).toHaveLength(1);
  });

  it('ignores role, teacher_id, status and is_admin in the sign-up body', async () => {
    const { b, res } = await registerTeacher(browser(t), {
      ...newTeacher(),
      role: 'admin',
      is_admin: true,
      isAdmin: true,
      status: 'suspended',
      teacher_id: '00000000-0000-0000-0000-000000000000',
      emailVerified: true,
      banned: false,
    } as ReturnType<typeof newTeacher>);
    expect(res.status).toBe(201);
    const s = await b.session();
    expect(s?.isAdmin).toBe(false);
    expect(s?.user.role).toBe('teacher');
    expect(s?.user.emailVerified).toBe(false);
    expect(s?.teacher.status).toBe('active');
  });

  it('gives field errors for overlong, missing and invalid values, in the request language', async () => {
    const b = browser(t);
    const res = await b.post('/api/accounts/register/teacher', {
      name: 'ن'.repeat(201),
      email: `${'a'.repeat(250)}@x.dz`,
      subdomain: 'dеmo', // Cyrillic е
      password: 'short',
    });
    expect(res.status).toBe(400);
    const { error } = await b.json(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      name: 'يجب ألا يتجاوز الاسم 200 حرف',
      email: 'يجب ألا يتجاوز البريد الإلكتروني 254 حرفاً',
      subdomain: 'يجب أن يحتوي على أحرف إنجليزية صغيرة وأرقام وشرطات فقط',
      password: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
    });
    const fr = await b.json(await b.post('/api/accounts/register/teacher?lng=fr', { ...newTeacher(), email: 'not-an-email' }));
    expect(fr.error.fields).toEqual({ email: 'Saisissez une adresse e-mail valide' });
  });

  it('answers empty, malformed and wrongly typed bodies with 400, never 500', async () => {
    const b = browser(t);
    for (const body of ['', '{', 'null', '[]', '"text"', '42', '{"name": 5}']) {
      const res = await b.post('/api/accounts/register/teacher', body);
      expect(res.status, body).toBe(400);
      expect(['INVALID_JSON', 'VALIDATION_FAILED']).toContain((await b.json(res)).error.code);
    }
  });

  it('says a value has the wrong type instead of calling it missing', async () => {
    const b = browser(t);
    const login = await b.json(await b.post('/api/accounts/login', '{"email": 5, "password": ["x"]}'));
    expect(login.error.fields).toEqual({ email: 'نوع القيمة غير صالح: يجب أن يكون نصاً', password: 'نوع القيمة غير صالح: يجب أن يكون نصاً' });
    const missing = await b.json(await b.post('/api/accounts/login', '{"email": null}'));
    expect(missing.error.fields).toEqual({ email: 'هذا الحقل مطلوب', password: 'هذا الحقل مطلوب' });
    const signUp = await b.json(await b.post('/api/accounts/register/teacher?lng=en', { ...newTeacher(), name: { first: 'x' }, subdomain: 42 }));
    expect(signUp.error.fields).toEqual({ name: 'Wrong type of value: this field takes text', subdomain: 'Wrong type of value: this field takes text' });
  });

  it('reports subdomain availability with the §5 issue', async () => {
    const b = browser(t);
    const { input } = await registerTeacher();
    const check = async (s: string) => b.json(await b.get(`/api/accounts/subdomain-availability?subdomain=${encodeURIComponent(s)}`));
    expect(await check('fresh-name-123')).toEqual({ available: true });
    expect(await check(input.subdomain)).toEqual({ available: false, issue: 'taken' });
    expect(await check('ab')).toEqual({ available: false, issue: 'tooShort' });
    expect(await check('Ab_c')).toEqual({ available: false, issue: 'chars' });
    expect(await check('a'.repeat(64))).toEqual({ available: false, issue: 'tooLong' });
    expect(await check('-abc')).toEqual({ available: false, issue: 'invalid' });
  });
});

/**
 * Spec §8's registration failures, caused for real: a trigger in the test database makes the insert of
 * one marked account fail with the SQLSTATE under test, exactly as PostgreSQL would report it.
 */
describe('registration failures injected in the database', () => {
  async function failInserts(table: 'teachers' | 'students' | 'user', column: string, marker: string, sqlState: string) {
    const fn = `fail_${table}_${sqlState}`.toLowerCase();
    await t.database.db.execute(
      sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.${column} like '${marker}%' then raise exception 'injected failure' using errcode = '${sqlState}'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(sql.raw(`create trigger ${fn} before insert on "${table}" for each row execute function ${fn}()`));
    return async () => {
      await t.database.db.execute(sql.raw(`drop trigger ${fn} on "${table}"`));
    };
  }

  async function expectNoAccount(email: string) {
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  }

  it('a foreign-key failure (23503) while linking the teacher profile gives its §8 message and leaves no account', async () => {
    const undo = await failInserts('teachers', 'subdomain', 'fk-fault-', '23503');
    try {
      const input = newTeacher({ subdomain: `fk-fault-${Date.now()}` });
      const { res, body, b } = await registerTeacher(browser(t), input);
      expect(res.status).toBe(500);
      expect(body.error).toEqual({ code: 'PROFILE_LINK_FAILED', message: 'خطأ في إنشاء الملف الشخصي: تعذر الربط بحساب المستخدم' });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('darsi.session_token=') && !/Max-Age=0/i.test(c))).toBe(false);
      expect(await b.session()).toBeNull();
      await expectNoAccount(input.email);
    } finally {
      await undo();
    }
  });

  it('any other failure of the teacher profile gives the teacher-profile message', async () => {
    const undo = await failInserts('teachers', 'subdomain', 'profile-fault-', 'P0001');
    try {
      const input = newTeacher({ subdomain: `profile-fault-${Date.now()}` });
      const { res, body } = await registerTeacher(browser(t), input);
      expect(res.status).toBe(500);
      expect(body.error).toEqual({ code: 'PROFILE_CREATE_FAILED', message: 'حدث خطأ أثناء إنشاء الملف الشخصي للمعلم' });
      await expectNoAccount(input.email);
      // The e-mail is free again: the same teacher can register once the fault is gone.
      await undo();
      expect((await registerTeacher(browser(t), { ...input, subdomain: `ok-${input.subdomain}` })).res.status).toBe(201);
    } finally {
      await undo().catch(() => undefined);
    }
  });

  it('a failure to create the account itself, or a student profile, gives the generic message', async () => {
    const undoUser = await failInserts('user', 'email', 'acct-fault-', 'XX000');
    try {
      const input = newTeacher({ email: `acct-fault-${Date.now()}@example.test` });
      const { res, body } = await registerTeacher(browser(t), input);
      expect(res.status).toBe(500);
      expect(body.error).toEqual({ code: 'ACCOUNT_CREATE_FAILED', message: 'حدث خطأ أثناء إنشاء الحساب' });
      await expectNoAccount(input.email);
    } finally {
      await undoUser();
    }
    const undoStudent = await failInserts('students', 'name', 'student-fault', '22023');
    try {
      const b = browser(t);
      const student = newStudent({ name: 'student-fault يوسف' });
      const res = await b.post('/api/accounts/register/student', student);
      expect(res.status).toBe(500);
      expect((await b.json(res)).error).toEqual({ code: 'ACCOUNT_CREATE_FAILED', message: 'حدث خطأ أثناء إنشاء الحساب' });
      await expectNoAccount(student.email);
    } finally {
      await undoStudent();
    }
  });
});

describe('students', () => {
  it('register on the main domain without a teacher', async () => {
    const b = browser(t);
    const input = newStudent();
    const res = await b.post('/api/accounts/register/student', input);
    expect(res.status).toBe(201);
    expect(await b.json(res)).toEqual({ redirectTo: '/student/dashboard' });
    const s = await b.session();
    expect(s?.student).toMatchObject({ name: input.name, platforms: [] });
  });

  it('register on a teacher subdomain or /platform/{subdomain} and belong to that teacher', async () => {
    const { input: teacher } = await registerTeacher();
    const host = `${teacher.subdomain}.${t.config.publicHost}`;
    const onHost = browser(t);
    const res = await onHost.post(`http://${host}/api/accounts/register/student`, newStudent());
    expect(await onHost.json(res)).toEqual({ redirectTo: '/student/dashboard' });
    expect((await onHost.session(host))?.student.platforms).toEqual([expect.objectContaining({ subdomain: teacher.subdomain })]);

    const viaPath = browser(t);
    const res2 = await viaPath.post('/api/accounts/register/student', newStudent({ platform: teacher.subdomain }));
    expect(await viaPath.json(res2)).toEqual({ redirectTo: `/platform/${teacher.subdomain}/student/dashboard` });
    const [row] = await t.database.db
      .select({ teacherId: students.teacherId })
      .from(students)
      .innerJoin(user, eq(user.id, students.id))
      .where(eq(user.id, (await viaPath.session())!.user.userId));
    const [owner] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, teacher.subdomain));
    expect(row?.teacherId).toBe(owner?.id);
  });

  it('join a second teacher by logging in on that teacher platform', async () => {
    const { input: a } = await registerTeacher();
    const { input: bTeacher } = await registerTeacher();
    const student = newStudent({ platform: a.subdomain });
    await browser(t).post('/api/accounts/register/student', student);

    const c = browser(t);
    const res = await c.post(`http://${bTeacher.subdomain}.${t.config.publicHost}/api/accounts/login`, { email: student.email, password: student.password });
    expect(await c.json(res)).toMatchObject({ kind: 'student', redirectTo: '/student/dashboard' });
    const platforms = (await c.session(`${bTeacher.subdomain}.${t.config.publicHost}`))?.student.platforms.map((p: { subdomain: string }) => p.subdomain);
    expect(platforms?.sort()).toEqual([a.subdomain, bTeacher.subdomain].sort());

    // Spec §7.4: on the main domain, the student goes to the platform of students.teacher_id, the first teacher.
    const onMain = browser(t);
    const login = async () => onMain.json(await onMain.post('/api/accounts/login', { email: student.email, password: student.password }));
    expect(await login()).toEqual({
      kind: 'student',
      redirectTo: `/platform/${a.subdomain}/student/dashboard`,
      steps: ['signedOutPrevious', 'signedIn', 'foundStudent', 'foundTeacherPlatform', 'redirecting'],
    });
    // While that teacher is not active, the active teacher they belong to.
    await t.database.db.update(teachers).set({ status: 'inactive' }).where(eq(teachers.subdomain, a.subdomain));
    expect(await login()).toMatchObject({ redirectTo: `/platform/${bTeacher.subdomain}/student/dashboard` });
  });

  it('cannot register on an unknown platform', async () => {
    const b = browser(t);
    const res = await b.post('/api/accounts/register/student', newStudent({ platform: 'no-such-teacher' }));
    expect(res.status).toBe(404);
    expect((await b.json(res)).error).toEqual({ code: 'PLATFORM_NOT_FOUND', message: 'لم يتم العثور على المنصة' });
  });
});

describe('login', () => {
  it('signs out first, then resolves teacher, student and admin to their dashboards', async () => {
    const { input: teacher } = await registerTeacher();
    const student = newStudent();
    await browser(t).post('/api/accounts/register/student', student);

    const b = browser(t);
    const asTeacher = await b.json(await b.post('/api/accounts/login', { email: teacher.email, password: teacher.password }));
    expect(asTeacher).toEqual({
      kind: 'teacher',
      redirectTo: '/dashboard',
      steps: ['signedOutPrevious', 'signedIn', 'foundTeacher', 'redirecting'],
    });
    const teacherSession = await b.session();
    const countSessions = async () => (await t.database.db.select().from(session).where(eq(session.userId, teacherSession!.user.userId))).length;
    const before = await countSessions();
    const asStudent = await b.json(await b.post('/api/accounts/login', { email: student.email, password: student.password }));
    expect(asStudent).toMatchObject({ kind: 'student', redirectTo: '/student/dashboard' });
    // The teacher's session of this browser was ended before the student signed in.
    expect(await countSessions()).toBe(before - 1);
  });

  it('refuses a wrong password, then locks the account on this IP after 5 failures with the waiting time', async () => {
    const { input } = await registerTeacher();
    const b = browser(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await b.post('/api/accounts/login', { email: input.email, password: 'wrong-password' });
      expect(res.status).toBe(401);
      expect((await b.json(res)).error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' });
    }
    const locked = await b.post('/api/accounts/login', { email: input.email, password: input.password });
    expect(locked.status).toBe(429);
    expect((await b.json(locked)).error).toEqual({ code: 'RATE_LIMITED', message: 'محاولات كثيرة. يُرجى المحاولة مرة أخرى بعد 15 دقيقة.' });
    // Another IP is not locked out of the same account.
    const elsewhere = browser(t);
    expect((await elsewhere.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(200);
  });

  it('counts parallel guesses too: 20 at once get at most 5 tries', async () => {
    const { input } = await registerTeacher();
    const b = browser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => b.post('/api/accounts/login', { email: input.email, password: 'wrong-password' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('keeps the limit in the database, so it holds for a restarted or second app instance', async () => {
    const { input } = await registerTeacher();
    const b = browser(t);
    for (let i = 0; i < 5; i += 1) await b.post('/api/accounts/login', { email: input.email, password: 'nope-nope-nope' });
    // A new app on the same database has nothing in memory; the same client is still refused, even with the right password.
    const restarted = browser(sameDatabaseApp(), { ip: b.ip });
    const res = await restarted.post('/api/accounts/login', { email: input.email, password: input.password });
    expect(res.status).toBe(429);
    expect((await restarted.json(res)).error.code).toBe('RATE_LIMITED');
  });

  it('behind a proxy, counts the client the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const { input } = await registerTeacher();
    const b = browser(t);
    // TRUST_PROXY=true is one proxy: it appends the real client (b.ip) after whatever the client sent.
    for (let i = 0; i < 5; i += 1) {
      const res = await b.post('/api/accounts/login', { email: input.email, password: 'wrong-password' }, { 'x-forwarded-for': `203.0.113.${i}, ${b.ip}` });
      expect(res.status).toBe(401);
    }
    const forged = await b.post('/api/accounts/login', { email: input.email, password: input.password }, { 'x-forwarded-for': `198.51.100.7, ${b.ip}` });
    expect(forged.status).toBe(429);
    // Behind two proxies the client is the second entry from the right; the right-most is the first proxy.
    const twoHops = browser(sameDatabaseApp({ ...t.config, trustProxy: 2 }), { ip: b.ip });
    const viaCdn = await twoHops.post(
      '/api/accounts/login',
      { email: input.email, password: input.password },
      { 'x-forwarded-for': `1.2.3.4, ${b.ip}, 10.0.0.1` },
    );
    expect(viaCdn.status).toBe(429);
  });

  it('refuses an account that is neither teacher nor student, and leaves no session behind', async () => {
    const email = `orphan${Date.now()}@example.test`;
    await t.services.auth.api.signUpEmail({ body: { name: 'x', email, password: 'correct-horse-9' } });
    const b = browser(t);
    const res = await b.post('/api/accounts/login', { email, password: 'correct-horse-9' });
    expect(res.status).toBe(403);
    expect((await b.json(res)).error).toEqual({
      code: 'ACCOUNT_TYPE_UNKNOWN',
      message: 'نوع المستخدم غير صالح: لم يتم العثور عليه كأستاذ أو طالب',
    });
    const [orphan] = await t.database.db.select().from(user).where(eq(user.email, email));
    // The sign-up itself made one session; the refused login must not add another.
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, orphan!.id));
    expect(sessions.length).toBeLessThanOrEqual(1);
    expect(await b.session()).toBeNull();
  });
});

describe('roles and tenants', () => {
  it('denies each role everywhere it does not belong', async () => {
    const { b: teacher } = await registerTeacher();
    const student = browser(t);
    await student.post('/api/accounts/register/student', newStudent());
    const anonymous = browser(t);

    expect((await student.get('/api/accounts/teacher/overview')).status).toBe(403);
    expect((await teacher.get('/api/accounts/student/platforms')).status).toBe(403);
    expect((await teacher.post('/api/admin/invitations', { email: 'x@example.test' })).status).toBe(403);
    expect((await student.post('/api/admin/invitations', { email: 'x@example.test' })).status).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/accounts/teacher/overview'],
      ['GET', '/api/accounts/student/platforms'],
      ['POST', '/api/admin/invitations'],
      ['POST', '/api/accounts/logout-everywhere'],
      ['POST', '/api/accounts/password/change'],
      ['PATCH', '/api/accounts/profile'],
      ['POST', '/api/accounts/email'],
      ['POST', '/api/accounts/email/verification'],
    ] as const) {
      const res = method === 'GET' ? await anonymous.get(url) : method === 'POST' ? await anonymous.post(url, {}) : await anonymous.patch(url, {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it("teacher A never reaches teacher B's students or courses, by list, search, id or B's host", async () => {
    const { b: a, input: ta } = await registerTeacher();
    const { b: teacherB, input: tb } = await registerTeacher();
    const bHost = `${tb.subdomain}.${t.config.publicHost}`;
    const student = browser(t);
    const studentInput = newStudent();
    await student.post(`http://${bHost}/api/accounts/register/student`, studentInput);
    const studentId = (await student.session(bHost))!.user.userId;
    const course = await teacherB.json(await teacherB.post('/api/courses/teacher/courses', { title: 'دروس الرياضيات', kind: 'regular' }));
    // The same requests by B find B's student, so A's empty answers below are not an accident.
    const bStudents = await teacherB.json(await teacherB.get('/api/subscriptions/teacher/students'));
    expect(bStudents.rows.map((r: { studentId: string }) => r.studentId)).toEqual([studentId]);
    expect((await teacherB.get(`/api/courses/teacher/courses/${course.id}`)).status).toBe(200);

    const overview = await a.json(await a.get('/api/accounts/teacher/overview'));
    expect(overview).toMatchObject({ subdomain: ta.subdomain, studentCount: 0 });
    expect(await a.json(await a.get('/api/subscriptions/teacher/students'))).toMatchObject({ total: 0, rows: [] });
    const search = await a.json(await a.get(`/api/subscriptions/teacher/students?q=${encodeURIComponent(studentInput.email)}`));
    expect(search).toMatchObject({ total: 0, rows: [] });
    const byId = await a.get(`/api/courses/teacher/courses/${course.id}`);
    expect(byId.status).toBe(404);
    expect((await a.json(byId)).error.code).toBe('COURSE_NOT_FOUND');

    // A's cookie is host-only: the jar does not send it to B's host. Sent there on purpose, it is still A's tenant.
    expect(await a.session(bHost)).toBeNull();
    const cookie = await a.jar.getCookieString(`http://${t.config.publicHost}/`);
    const onBHost = await t.request('/api/accounts/teacher/overview', { host: bHost, headers: { cookie } });
    expect(await onBHost.json()).toMatchObject({ subdomain: ta.subdomain, studentCount: 0 });
  });

  it('ignores role and teacher_id in a profile update', async () => {
    const { b } = await registerTeacher();
    const res = await b.patch('/api/accounts/profile', { name: 'اسم جديد', role: 'admin', teacher_id: 'x', status: 'suspended', is_admin: true });
    expect(res.status).toBe(200);
    const s = await b.session();
    expect(s?.user).toMatchObject({ name: 'اسم جديد', role: 'teacher' });
    expect(s?.isAdmin).toBe(false);
    expect(s?.teacher).toMatchObject({ name: 'اسم جديد', status: 'active' });
  });
});

describe('cross-origin requests', () => {
  it('refuses a state change from another origin, another teacher subdomain, or with cookies and no origin', async () => {
    const { b, input } = await registerTeacher();
    const evil = await b.post('/api/accounts/logout-everywhere', {}, { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect((await b.json(evil)).error.code).toBe('CROSS_ORIGIN_REJECTED');
    const sibling = await b.post('/api/accounts/logout-everywhere', {}, { origin: `http://other-teacher.${t.config.publicHost}` });
    expect(sibling.status).toBe(403);
    const noOrigin = await t.request('/api/accounts/logout-everywhere', {
      method: 'POST',
      headers: { cookie: await b.jar.getCookieString(`http://${t.config.publicHost}/`) },
    });
    expect(noOrigin.status).toBe(403);
    // Nothing was signed out.
    expect((await b.session())?.teacher.subdomain).toBe(input.subdomain);
  });
});

describe('sessions', () => {
  it('signing out everywhere ends every session of the user', async () => {
    const { b, input } = await registerTeacher();
    const other = browser(t);
    await other.post('/api/accounts/login', { email: input.email, password: input.password });
    expect(await other.session()).not.toBeNull();
    await b.post('/api/accounts/logout-everywhere');
    expect(await b.session()).toBeNull();
    expect(await other.session()).toBeNull();
  });

  it('is extended when read after 30 minutes of use', async () => {
    const { b } = await registerTeacher();
    const userId = (await b.session())!.user.userId;
    await t.database.db
      .update(session)
      .set({ expiresAt: sql`now() + interval '29 days'`, updatedAt: sql`now() - interval '1 day'` })
      .where(eq(session.userId, userId));
    const res = await b.get('/api/accounts/session');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('darsi.session_token='))).toBe(true);
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, userId));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  });

  it('a suspended teacher loses every session at once and cannot log in', async () => {
    const admin = await bootstrapAdmin();
    const { b, input } = await registerTeacher();
    const teacherId = (await b.session())!.teacher.id;
    const res = await admin.patch(`/api/admin/teachers/${teacherId}/status`, { status: 'suspended' });
    expect(res.status).toBe(200);
    expect(await b.session()).toBeNull();
    expect((await b.get('/api/accounts/teacher/overview')).status).toBe(401);
    const again = await b.post('/api/accounts/login', { email: input.email, password: input.password });
    expect(again.status).toBe(403);
    // The password was right, so the teacher also learns the status and the admin's reason (none here; decision 058).
    expect((await b.json(again)).error).toEqual({ code: 'TEACHER_INACTIVE', message: 'حساب المعلم غير نشط', details: { status: 'suspended', reason: '' } });
  });

  it('a banned user loses every session at once and cannot log in', async () => {
    const student = newStudent();
    const b = browser(t);
    const other = browser(t);
    await b.post('/api/accounts/register/student', student);
    await other.post('/api/accounts/login', { email: student.email, password: student.password });
    const userId = (await b.session())!.user.userId;
    // There is no ban API (decision 052); the flag and its enforcement stay, so it is set where it lives.
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, userId));
    expect(await b.session()).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
    expect(await other.session()).toBeNull();
    const again = await b.post('/api/accounts/login', { email: student.email, password: student.password });
    expect(again.status).toBe(403);
    expect((await b.json(again)).error.code).toBe('ACCOUNT_BANNED');
  });
});

describe('passwords', () => {
  it('answers a reset request for a known and an unknown e-mail the same way: a job each, nothing sent before the answer', async () => {
    const { input } = await registerTeacher();
    const before = t.services.mailer.recent.length;
    const countJobs = async () => {
      const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'accounts.password-reset'`);
      return (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows)[0]!.n;
    };
    await t.services.jobs.start({ work: false });
    const queued = await countJobs();
    const known = await browser(t).post('/api/accounts/password/forgot', { email: input.email });
    const unknown = await browser(t).post('/api/accounts/password/forgot', { email: 'nobody-at-all@example.test' });
    expect([await known.json(), await unknown.json()]).toEqual([{ sent: true }, { sent: true }]);
    expect(t.services.mailer.recent.length, 'nothing is looked up or sent while the request waits').toBe(before);
    expect(await countJobs()).toBe(queued + 2);
    await t.services.jobs.start();
    await expect.poll(() => resetMailsTo(input.email), { timeout: 15_000 }).toBe(1);
  });

  it('resets with a single-use link from the e-mail and ends every other session', async () => {
    const { b, input } = await registerTeacher();
    const other = browser(t);
    const mail = await resetMailAfter(input.email, async () => {
      const asked = await other.post(`http://${input.subdomain}.${t.config.publicHost}/api/accounts/password/forgot`, { email: input.email });
      expect(await other.json(asked)).toEqual({ sent: true });
    });
    const link = linkIn(mail.text, '/reset-password?token=');
    // Whichever host asked, the link opens the main origin.
    expect(link).toMatch(startsWith(`http://${t.config.publicHost}/reset-password?token=`));
    const token = new URL(link).searchParams.get('token')!;

    const reset = await other.post('/api/accounts/password/reset', { token, password: 'brand-new-pass-1' });
    expect(await other.json(reset)).toEqual({ reset: true });
    expect(await b.session()).toBeNull();
    const reuse = await other.post('/api/accounts/password/reset', { token, password: 'another-pass-22' });
    expect(reuse.status).toBe(400);
    expect((await other.json(reuse)).error.code).toBe('INVALID_TOKEN');
    expect((await other.post('/api/accounts/login', { email: input.email, password: 'brand-new-pass-1' })).status).toBe(200);
  });

  it("opens a student's reset link on the main origin, under their platform only if they belong to it", async () => {
    const { input: own } = await registerTeacher();
    const { input: other } = await registerTeacher();
    const student = newStudent({ platform: own.subdomain });
    await browser(t).post('/api/accounts/register/student', student);
    const root = t.config.publicHost;
    const ask = async (host: string, body: Record<string, string> = {}) => {
      const mail = await resetMailAfter(student.email, () => browser(t).post(`http://${host}/api/accounts/password/forgot`, { email: student.email, ...body }));
      return linkIn(mail.text, 'token=');
    };
    expect(await ask(`${own.subdomain}.${root}`)).toMatch(startsWith(`http://${root}/platform/${own.subdomain}/reset-password?token=`));
    expect(await ask(`${other.subdomain}.${root}`)).toMatch(startsWith(`http://${root}/student/reset-password?token=`));
    expect(await ask(root, { platform: other.subdomain })).toMatch(startsWith(`http://${root}/student/reset-password?token=`));
  });

  it('refuses an expired reset link', async () => {
    const { input } = await registerTeacher();
    const b = browser(t);
    const mail = await resetMailAfter(input.email, () => b.post('/api/accounts/password/forgot', { email: input.email }));
    const token = new URL(linkIn(mail.text, 'token=')).searchParams.get('token')!;
    await t.database.db.update(verification).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await b.post('/api/accounts/password/reset', { token, password: 'brand-new-pass-1' });
    expect((await b.json(res)).error.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const b = browser(t);
    expect(await b.json(await b.post('/api/accounts/password/forgot', { email: 'nobody@example.test' }))).toEqual({ sent: true });
    // A known address asked right after is mailed once the jobs before it ran: the unknown one sent nothing.
    const { input } = await registerTeacher();
    await resetMailAfter(input.email, () => b.post('/api/accounts/password/forgot', { email: input.email }));
    expect(t.services.mailer.recent.filter((m) => m.to === 'nobody@example.test')).toEqual([]);
  });

  it('limits reset requests', async () => {
    const b = browser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await b.post('/api/accounts/password/forgot', { email: `x${i}@example.test` })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const { b, input } = await registerTeacher();
    const other = browser(t);
    await other.post('/api/accounts/login', { email: input.email, password: input.password });
    const wrong = await b.post('/api/accounts/password/change', { currentPassword: 'not-it-at-all', newPassword: 'brand-new-pass-1' });
    expect(wrong.status).toBe(400);
    expect((await b.json(wrong)).error).toEqual({ code: 'INVALID_PASSWORD', message: 'كلمة المرور الحالية غير صحيحة.' });
    const ok = await b.post('/api/accounts/password/change', { currentPassword: input.password, newPassword: 'brand-new-pass-1' });
    expect(ok.status).toBe(200);
    expect(await b.session()).not.toBeNull();
    expect(await other.session()).toBeNull();
  });

  it('limits guesses of the current password: a stolen session gets 5 tries per 15 minutes, from any IP', async () => {
    const { b, input } = await registerTeacher();
    for (let i = 0; i < 5; i += 1) {
      const res = await b.post('/api/accounts/password/change', { currentPassword: `guess-${i}-guess`, newPassword: 'brand-new-pass-1' });
      expect(res.status).toBe(400);
    }
    const right = await b.post('/api/accounts/password/change', { currentPassword: input.password, newPassword: 'brand-new-pass-1' });
    expect(right.status).toBe(429);
    expect((await b.json(right)).error.code).toBe('RATE_LIMITED');
    const elsewhere = browser(t, { jar: b.jar });
    expect((await elsewhere.post('/api/accounts/password/change', { currentPassword: input.password, newPassword: 'brand-new-pass-1' })).status).toBe(429);
    expect((await b.post('/api/accounts/login', { email: input.email, password: input.password })).status).toBe(200);
  });

  it('limits e-mail change requests: 5 an hour per user', async () => {
    const { b } = await registerTeacher();
    for (let i = 0; i < 5; i += 1) expect((await b.post('/api/accounts/email', { email: `new${i}-${Date.now()}@example.test` })).status).toBe(200);
    const sixth = await b.post('/api/accounts/email', { email: `new6-${Date.now()}@example.test` });
    expect(sixth.status).toBe(429);
    expect((await b.json(sixth)).error.code).toBe('RATE_LIMITED');
  });

  it('limits sign-ups per IP', async () => {
    const b = browser(t);
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await b.post('/api/accounts/register/student', newStudent());
      statuses.push(res.status);
      bodies.push(await res.json());
    }
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(bodies),
    ).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

let adminBrowser: ReturnType<typeof browser> | undefined;
async function bootstrapAdmin() {
  if (adminBrowser) return adminBrowser;
  const b = browser(t);
  const res = await b.post('/api/admin/register', {
    name: 'مسؤول',
    email: `admin${Date.now()}@example.test`,
    password: 'admin-pass-123',
    token: 'bootstrap-token-0123456789abcdef',
  });
  expect(res.status).toBe(201);
  adminBrowser = b;
  return b;
}

describe('admin accounts', () => {
  it('limit /admin/register attempts per IP', async () => {
    const b = browser(t);
    const body = { name: 'x', email: `guess${Date.now()}@example.test`, password: 'admin-pass-123', token: 'wrong-token-wrong-token-1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await b.post('/api/admin/register', body)).status);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it('are never open: no token, a wrong token, or a second bootstrap are refused', async () => {
    await bootstrapAdmin();
    const b = browser(t);
    const body = { name: 'x', email: `a${Date.now()}@example.test`, password: 'admin-pass-123' };
    expect((await b.post('/api/admin/register', body)).status).toBe(400);
    const wrong = await b.post('/api/admin/register', { ...body, token: 'wrong-token-wrong-token-1' });
    expect((await b.json(wrong)).error.code).toBe('INVITATION_INVALID');
    const second = await b.post('/api/admin/register', { ...body, token: 'bootstrap-token-0123456789abcdef' });
    expect(second.status).toBe(403);
    expect((await b.json(second)).error.code).toBe('ADMIN_SIGNUP_CLOSED');
  });

  it('an invitation link works once, for its e-mail, and expires', async () => {
    const admin = await bootstrapAdmin();
    const email = `invited${Date.now()}@example.test`;
    const invite = await admin.json(await admin.post('/api/admin/invitations', { email }));
    expect(invite.expiresInHours).toBe(72);
    const token = new URL(invite.link).searchParams.get('token')!;
    expect(lastMailTo(email)?.text).toContain(invite.link);

    const other = browser(t);
    const wrongEmail = await other.post('/api/admin/register', { name: 'x', email: `z${email}`, password: 'admin-pass-123', token });
    expect((await other.json(wrongEmail)).error.code).toBe('INVITATION_INVALID');
    const ok = await other.post('/api/admin/register', { name: 'مسؤولة', email, password: 'admin-pass-123', token });
    expect(ok.status).toBe(201);
    expect((await other.session())?.isAdmin).toBe(true);
    const again = await browser(t).post('/api/admin/register', { name: 'x', email, password: 'admin-pass-123', token });
    expect(again.status).toBe(400);

    const late = `late${Date.now()}@example.test`;
    const lateInvite = await admin.json(await admin.post('/api/admin/invitations', { email: late }));
    await t.database.db.execute(sql`update admin_invitations set expires_at = now() - interval '1 minute' where email = ${late}`);
    const expired = await browser(t).post('/api/admin/register', {
      name: 'x',
      email: late,
      password: 'admin-pass-123',
      token: new URL(lateInvite.link).searchParams.get('token'),
    });
    expect((await browser(t).json(expired)).error.code).toBe('INVITATION_INVALID');
  });

  it('logs in to the admin dashboard', async () => {
    const email = `boss${Date.now()}@example.test`;
    const admin = await bootstrapAdmin();
    const invite = await admin.json(await admin.post('/api/admin/invitations', { email }));
    await browser(t).post('/api/admin/register', { name: 'x', email, password: 'admin-pass-123', token: new URL(invite.link).searchParams.get('token') });
    const b = browser(t);
    expect(await b.json(await b.post('/api/accounts/login', { email, password: 'admin-pass-123' }))).toMatchObject({
      kind: 'admin',
      redirectTo: '/admin/dashboard',
    });
  });
});

describe('e-mail confirmation', () => {
  it('can be sent again by the signed-in user, 3 times an hour, until the address is confirmed', async () => {
    const { b, input } = await registerTeacher();
    const sent = () => t.services.mailer.recent.filter((m) => m.to === input.email).length;
    expect(sent()).toBe(1);
    for (let i = 0; i < 3; i += 1) expect(await b.json(await b.post('/api/accounts/email/verification'))).toEqual({ sent: true, alreadyVerified: false });
    expect(sent()).toBe(4);
    const fourth = await b.post('/api/accounts/email/verification');
    expect(fourth.status).toBe(429);
    expect(sent()).toBe(4);
    // Every resent link works; once confirmed there is nothing more to send.
    await b.get(linkIn(lastMailTo(input.email)!.text, '/api/auth/verify-email'));
    expect(await b.json(await b.post('/api/accounts/email/verification'))).toEqual({ sent: false, alreadyVerified: true });
    expect(sent()).toBe(4);
  });
});

describe('over HTTPS (PUBLIC_HTTPS=true)', () => {
  it('sends a Secure, host-only __Host- session cookie, and the session works with it', async () => {
    const https = sameDatabaseApp({ ...t.config, publicHttps: true });
    const origin = `https://${https.config.publicHost}`;
    const b = browser(https);
    const res = await b.post(`${origin}/api/accounts/register/teacher`, newTeacher());
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    const sessionCookie = cookies.find((c) => c.startsWith('__Host-darsi.session_token='));
    expect(sessionCookie).toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).toMatch(/;\s*Path=\//i);
    expect(sessionCookie).not.toMatch(/Domain=/i);
    expect(cookies.every((c) => c.startsWith('__Host-'))).toBe(true);
    const view = await b.json(await b.get(`${origin}/api/accounts/session`));
    expect(view.session?.isTeacher).toBe(true);
    // The plain-HTTP origin of the same host is another origin: state changes from it are refused.
    expect((await b.post(`${origin}/api/accounts/logout`, {}, { origin: `http://${https.config.publicHost}` })).status).toBe(403);
  });
});

describe('attempt limits table', () => {
  it('prunes ended windows and keeps running ones', async () => {
    const ended = `prune-test:ended:${Date.now()}`;
    const running = `prune-test:running:${Date.now()}`;
    await t.database.db.insert(attemptLimits).values([
      { key: ended, count: 9, windowEndsAt: sql`now() - interval '1 second'` },
      { key: running, count: 9, windowEndsAt: sql`now() + interval '10 minutes'` },
    ]);
    expect(await pruneExpired(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ key: attemptLimits.key })
      .from(attemptLimits)
      .where(inArray(attemptLimits.key, [ended, running]));
    expect(left).toEqual([{ key: running }]);
  });
});

describe('audit log', () => {
  it('records admin logins, invitations and teacher status changes, and refuses edits even in SQL', async () => {
    const admin = await bootstrapAdmin();
    const { b } = await registerTeacher();
    const teacherId = (await b.session())!.teacher.id;
    await admin.patch(`/api/admin/teachers/${teacherId}/status`, { status: 'inactive' });
    const { auditLog } = await import('@server/core/db/schema');
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, teacherId));
    expect(rows).toEqual([expect.objectContaining({ action: 'teacher.status_changed', actorRole: 'admin', details: { from: 'active', to: 'inactive' } })]);
    await expect(t.database.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.targetId, teacherId))).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.targetId, teacherId))).rejects.toThrow();
    const logins = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.registered'));
    expect(logins.length).toBeGreaterThan(0);
  });
});

describe(`a platform without Darsi's payment settings on ${DRIVER} (issue 24)`, () => {
  it('offers no card and no transfer for plans, so the billing page can say what to do instead of a dead button', async () => {
    const { b } = await registerTeacher();
    expect(await b.json(await b.get('/api/billing/teacher/overview'))).toMatchObject({ status: 'trial', card: false, transfer: null, trialDaysLeft: 5 });
    const refused = await b.post('/api/billing/teacher/invoices', { plan: 'independent', period: 'monthly', method: 'card' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });
});
