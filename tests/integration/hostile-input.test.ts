import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, newStudent, newTeacher } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createPage, editable, savePage, signedInTeacher } from './landing-helpers';

/*
 * Defects found by probing the running platform as an attacker would (issue 16): each case below answered 500
 * before it was fixed.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_HOST: 'darsi.test' });
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';

describe(`a NUL character (U+0000) in input on ${DRIVER}`, () => {
  it('is refused per field with a translated message, in JSON bodies of every kind', async () => {
    const teacher = await signedInTeacher(t);
    const profile = await teacher.b.patch('/api/accounts/profile?lng=en', { name: `Sara${NUL}` });
    expect(profile.status).toBe(400);
    const body = await teacher.b.json(profile);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({ name: 'This field contains a character that is not allowed' });

    const page = await createPage(teacher);
    const saved = await savePage(teacher, page.id as string, { ...editable(page), title: `عرض${NUL}خاص` });
    expect(saved.status).toBe(400);
    expect((await teacher.b.json(saved)).error.fields).toEqual({ title: 'يحتوي هذا الحقل على حرف غير مسموح به' });

    const register = await browser(t).post('/api/accounts/register/student', newStudent({ name: `طالب${NUL}` }));
    expect(register.status).toBe(400);
    const teacherRegister = await browser(t).post('/api/accounts/register/teacher', newTeacher({ name: `x${NUL}y` }));
    expect(teacherRegister.status).toBe(400);

    const contact = await browser(t).post('/api/site/contact', { name: 'زائر', email: 'v@example.test', subject: `a${NUL}`, message: 'b' });
    expect(contact.status).toBe(400);
    expect((await browser(t).json(contact)).error.fields).toHaveProperty('subject');
  });

  it('is refused in query strings (searches) and nested JSON', async () => {
    const teacher = await signedInTeacher(t);
    const search = await teacher.b.get(`/api/subscriptions/teacher/students?q=${encodeURIComponent(`ab${NUL}`)}`);
    expect(search.status).toBe(400);
    expect((await teacher.b.json(search)).error.fields).toHaveProperty('q');

    const page = await createPage(teacher);
    const fields = editable(page);
    const faq = [{ id: 'q1', question: 'سؤال', answer: `جواب${NUL}` }];
    const nested = await savePage(teacher, page.id as string, { ...fields, faq });
    expect(nested.status).toBe(400);
    expect(Object.keys((await teacher.b.json(nested)).error.fields)).toEqual(['faq.0.answer']);
  });

  it('in a form parsed by hand (the no-script site forms) never gives a 500', async () => {
    const res = await t.request('/site-forms/contact?return=/contact', {
      method: 'POST',
      host: 'darsi.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://darsi.test', 'x-forwarded-for': '10.9.9.9' },
      body: new URLSearchParams({ name: 'زائر', email: 'v2@example.test', subject: `s${NUL}`, message: 'm' }).toString(),
    });
    expect(res.status).toBeLessThan(500);
  });
});

describe(`concurrent registrations with one e-mail on ${DRIVER}`, () => {
  it('give one account and the same 409 as a sequential duplicate for the rest, students and teachers', async () => {
    const student = newStudent();
    const students = await Promise.all(Array.from({ length: 6 }, () => browser(t).post('/api/accounts/register/student', student)));
    expect(students.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of students.filter((r) => r.status === 409)) expect((await res.json()).error.code).toBe('EMAIL_TAKEN');

    const teacher = newTeacher();
    const teachersRes = await Promise.all(
      Array.from({ length: 4 }, (_, i) => browser(t).post('/api/accounts/register/teacher', { ...teacher, subdomain: `${teacher.subdomain}-${i}` })),
    );
    expect(teachersRes.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe(`a login spike on ${DRIVER}`, () => {
  it('answers 429 at once beyond the password checks a process can run, never 5xx, and recovers', async () => {
    const student = newStudent();
    expect((await browser(t).post('/api/accounts/register/student', student)).status).toBe(201);
    const login = (i: number) =>
      browser(t, { ip: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}` }).post('/api/accounts/login', { email: student.email, password: student.password });
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => login(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses).toContain(429);
    expect(statuses).toContain(200);
    expect((await login(99)).status).toBe(200);
  });
});
