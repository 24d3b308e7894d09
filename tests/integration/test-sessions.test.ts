import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testSessionRoutes } from '@server/auth';
import { loadConfig } from '@server/core/config';
import { user } from '@server/core/db/schema';
import { signedInStudent, signedInTeacher } from './admin-fixtures';
import { browser } from './browser';
import { createTestApp, type TTestApp } from './harness';

/*
 * Decision 134: the e2e suite opens sessions through POST /api/auth/test/session, never through the login form.
 * What must hold: the session is a real one (guards accept it, host-only), and nothing else can reach it.
 */
const KEY = 'e2e-sessions-key-for-integration-0123456789';
const HEADER = 'x-e2e-sessions-key';

describe('minted sessions under NODE_ENV=test with the key', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ E2E_SESSIONS_KEY: KEY });
  });
  afterAll(() => t.close());

  it('opens a session for the account, on the host the request came to only', async () => {
    const teacher = await signedInTeacher(t);
    const subdomainHost = `${teacher.input.subdomain}.${t.config.publicHost}`;
    const b = browser(t);
    const res = await b.post(`http://${subdomainHost}/api/auth/test/session`, { email: teacher.input.email }, { [HEADER]: KEY });
    expect(res.status, await res.clone().text()).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^darsi\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await b.session(subdomainHost))?.user.email).toBe(teacher.input.email);
    // Host-only: the main domain does not get it.
    expect(await b.session()).toBeNull();
    // The guards take it as a sign-in: the teacher's own API answers.
    expect((await b.get(`http://${subdomainHost}/api/courses/teacher/courses`)).status).toBe(200);
  });

  it('mints students and refuses a banned account', async () => {
    const student = await signedInStudent(t);
    const b = browser(t);
    expect((await b.post('/api/auth/test/session', { email: student.input.email }, { [HEADER]: KEY })).status).toBe(200);
    expect((await b.session())?.user.email).toBe(student.input.email);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.email, student.input.email));
    const other = browser(t);
    expect((await other.post('/api/auth/test/session', { email: student.input.email }, { [HEADER]: KEY })).status).not.toBe(200);
    expect(await other.session()).toBeNull();
  });

  it('answers 404 without the key, with a wrong key and for an unknown account', async () => {
    const student = await signedInStudent(t);
    const b = browser(t);
    const wrongKeys: Array<Record<string, string>> = [{}, { [HEADER]: 'x'.repeat(KEY.length) }, { [HEADER]: `${KEY}x` }];
    for (const headers of wrongKeys) {
      const res = await b.post('/api/auth/test/session', { email: student.input.email }, headers);
      expect(res.status).toBe(404);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await b.post('/api/auth/test/session', { email: 'nobody@example.test' }, { [HEADER]: KEY })).status).toBe(404);
    expect(await b.session()).toBeNull();
  });
});

describe('without the key (every other server)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no such route', async () => {
    const student = await signedInStudent(t);
    const b = browser(t);
    const res = await b.post('/api/auth/test/session', { email: student.input.email }, { [HEADER]: KEY });
    expect(res.status).toBe(404);
    expect(await b.session()).toBeNull();
  });

  it('the route refuses to exist outside NODE_ENV=test, even if handed a key', () => {
    const secret = 'x'.repeat(32);
    const production = loadConfig({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      CODES_SECRET: secret,
      VIDEO_SECRET: secret,
      PAYMENTS_SECRET: secret,
      PUSH_SECRET: secret,
    });
    expect(() => testSessionRoutes({ config: { ...production, e2eSessionsKey: KEY }, db: t.services.db, mailer: t.services.mailer })).toThrow(/NODE_ENV=test/);
  });
});

describe('production and development', () => {
  const secret = 'x'.repeat(32);
  const production = {
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: secret,
    CODES_SECRET: secret,
    VIDEO_SECRET: secret,
    PAYMENTS_SECRET: secret,
    PUSH_SECRET: secret,
  };

  it('refuse to start with E2E_SESSIONS_KEY', () => {
    expect(loadConfig(production).e2eSessionsKey).toBeUndefined();
    expect(() => loadConfig({ ...production, E2E_SESSIONS_KEY: KEY })).toThrow(/E2E_SESSIONS_KEY: NODE_ENV=test only/);
    expect(() => loadConfig({ NODE_ENV: 'development', E2E_SESSIONS_KEY: KEY })).toThrow(/E2E_SESSIONS_KEY: NODE_ENV=test only/);
    // NODE_ENV defaults to development: a key alone is refused too.
    expect(() => loadConfig({ E2E_SESSIONS_KEY: KEY })).toThrow(/E2E_SESSIONS_KEY/);
  });
});
