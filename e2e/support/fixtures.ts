import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

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
  return { email: `${id}@example.test`, subdomain: id.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40), password: 'correct-horse-9' };
}

/**
 * Every test poses as its own client IP (the e2e server trusts X-Forwarded-For), so the per-IP limits
 * on logins and sign-ups count each test separately.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await use(context);
  },
});

/** The newest e-mail the server wrote to its outbox for `to` (the e2e server has no SMTP), as text. */
export async function latestMail(to: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(to.replace(/[^a-z0-9@.-]/gi, '_'))).sort() : [];
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
