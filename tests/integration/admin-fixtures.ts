import { expect } from 'vitest';
import { browser, newStudent, newTeacher, type TBrowser } from './browser';
import { createTestApp, type TTestApp } from './harness';

/** Shared set-up of the admin-area integration tests (tests/integration/admin-*.test.ts). */
export const BOOTSTRAP_TOKEN = 'bootstrap-token-0123456789abcdef';
export const ADMIN_PASSWORD = 'admin-pass-123';

export function adminTestApp() {
  return createTestApp({ TRUST_PROXY: 'true', ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
}

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n += 1)}@example.test`;

/** The first admin of a fresh database, through the bootstrap token. */
export async function bootstrapAdmin(t: TTestApp): Promise<TBrowser & { email: string; userId: string }> {
  const b = browser(t);
  const email = unique('root');
  const res = await b.post('/api/admin/register', { name: 'مسؤول أول', email, password: ADMIN_PASSWORD, token: BOOTSTRAP_TOKEN });
  expect(res.status, await res.clone().text()).toBe(201);
  const session = await b.session();
  return Object.assign(b, { email, userId: session!.user.userId as string });
}

/** Another admin, invited by `admin`, signed in in their own browser. */
export async function invitedAdmin(t: TTestApp, admin: TBrowser, name = 'مسؤولة ثانية') {
  const email = unique('adm');
  const invite = await admin.json(await admin.post('/api/admin/invitations', { email }));
  const b = browser(t);
  const token = new URL(invite.link as string).searchParams.get('token');
  const res = await b.post('/api/admin/register', { name, email, password: ADMIN_PASSWORD, token });
  expect(res.status, await res.clone().text()).toBe(201);
  const session = await b.session();
  return Object.assign(b, { email, userId: session!.user.userId as string });
}

export async function signedInTeacher(t: TTestApp, overrides: Parameters<typeof newTeacher>[0] = {}) {
  const b = browser(t);
  const input = newTeacher(overrides);
  const res = await b.post('/api/accounts/register/teacher', input);
  expect(res.status, await res.clone().text()).toBe(201);
  const session = await b.session();
  return Object.assign(b, { input, teacherId: session!.teacher.id as string, userId: session!.user.userId as string });
}

export async function signedInStudent(t: TTestApp, platform?: string) {
  const b = browser(t);
  const input = newStudent(platform ? { platform } : {});
  const res = await b.post('/api/accounts/register/student', input);
  expect(res.status, await res.clone().text()).toBe(201);
  return Object.assign(b, { input });
}

/** Every route of a Hono router as "METHOD /path" pairs (middleware entries left out). */
export function routesOf(router: { routes: Array<{ method: string; path: string }> }) {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of router.routes) if (r.method !== 'ALL') seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for a route pattern: uuids for ids, a real inbox kind, a placeholder for the rest. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)(\{[^}]*\})?\??/g, (_m, name: string) => {
    if (name === 'kind') return 'contact';
    if (name.toLowerCase().endsWith('id')) return SAMPLE_UUID;
    return 'sample';
  });
}

/** Any method, with the browser's cookies, origin and address (the browser helper has no PUT or DELETE). */
export async function call(t: TTestApp, b: TBrowser, method: string, path: string, body: unknown = {}) {
  const url = `http://${t.config.publicHost}${path}`;
  const cookie = await b.jar.getCookieString(url);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return t.request(path, {
    method,
    headers: {
      origin: `http://${t.config.publicHost}`,
      'x-forwarded-for': b.ip,
      ...(cookie ? { cookie } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}
