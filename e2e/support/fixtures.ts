import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ORIGIN, platformOrigin } from './sessions';

export const DEMO_PASSWORD = 'darsi-demo-2026';
export const DEMO = {
  teacher: { email: 'teacher@darsi.test', subdomain: 'demo' },
  student: { email: 'student@darsi.test' },
  admin: { email: 'admin@darsi.test' },
} as const;

let counter = 0;
/** A unique e-mail (and, for teachers, subdomain) for accounts a test creates. */
export function uniqueAccount(prefix: string) {
  counter += 1;
  const id = `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
  return {
    email: `${id}@example.test`,
    subdomain: id
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 40),
    password: 'correct-horse-9',
  };
}

/** An account the worker made for itself (worker fixtures below); sign it in with signInAs. */
type TWorkerAccount = { email: string; password: string; name: string };
type TWorkerTeacher = TWorkerAccount & { subdomain: string; origin: string };

type TWorkerFixtures = { workerTeacher: TWorkerTeacher; workerStudent: TWorkerAccount };

/** Signs an account up through the real registration API, from a client of its own (address included). */
async function registerOnce(playwright: PlaywrightWorkerArgs['playwright'], url: string, data: Record<string, string>) {
  const ip = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const api = await playwright.request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN, 'x-forwarded-for': ip } });
  const res = await api.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
}

/**
 * Every test poses as its own client IP (the e2e server trusts X-Forwarded-For), so the per-IP limits
 * on logins and sign-ups count each test separately.
 *
 * Each worker has its own teacher (own subdomain) and a student of hers, made once per worker through the real
 * registration (decision 134): a test that needs "a teacher" or "a student" takes these instead of the seeded
 * demo accounts, so that no other spec running at the same time moves what it sees. Tests in one worker run one
 * after the other: a test that changes its account's settings makes its own account instead.
 */
export const test = base.extend<object, TWorkerFixtures>({
  context: async ({ context }, use, testInfo) => {
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await use(context);
  },
  workerTeacher: [
    async ({ playwright }, use) => {
      const account = uniqueAccount('wt');
      const teacher = { ...account, name: 'أستاذة العامل', origin: platformOrigin(account.subdomain) };
      await registerOnce(playwright, '/api/accounts/register/teacher', {
        name: teacher.name,
        email: teacher.email,
        subdomain: teacher.subdomain,
        password: teacher.password,
      });
      await use(teacher);
    },
    { scope: 'worker' },
  ],
  workerStudent: [
    async ({ playwright, workerTeacher }, use) => {
      const account = uniqueAccount('ws');
      const student = { email: account.email, password: account.password, name: 'طالبة العامل' };
      await registerOnce(playwright, '/api/accounts/register/student', { ...student, platform: workerTeacher.subdomain });
      await use(student);
    },
    { scope: 'worker' },
  ],
});

/** The newest e-mail the server wrote to its outbox for `to` (the e2e server has no SMTP), as text. */
export async function latestMail(to: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.includes(to.replace(/[^a-z0-9@.-]/gi, '_')))
          .sort()
      : [];
    const last = files.at(-1);
    if (last) {
      const parsed = await simpleParser(fs.readFileSync(path.join(outbox, last)));
      return `${parsed.subject ?? ''}\n${parsed.text ?? ''}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail for ${to}`);
}

/** The first link in a mail that contains `fragment`. */
export function linkIn(mail: string, fragment: string): string {
  const link = mail.match(/https?:\/\/[^\s<>"]+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${mail}`);
  return link;
}

export { expect };
