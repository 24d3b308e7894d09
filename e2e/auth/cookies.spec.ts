import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../support/fixtures';

const PORT = process.env.E2E_PORT ?? 4173;
const DEMO_HOST = `http://demo.localhost:${PORT}`;

/** Runs in the page, so that the browser's own cookie rules apply (Node cannot resolve *.localhost). */
async function sessionEmail(page: Page, origin: string): Promise<string | null> {
  await page.goto(`${origin}/student/login`);
  return page.evaluate(async () => {
    const body = (await (await fetch('/api/accounts/session')).json()) as { session: { user: { email: string } } | null };
    return body.session?.user.email ?? null;
  });
}

async function loginInPage(page: Page, origin: string) {
  await page.goto(`${origin}/student/login`);
  const status = await page.evaluate(
    async ({ email, password }) =>
      (await fetch('/api/accounts/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }))
        .status,
    { email: DEMO.student.email, password: DEMO_PASSWORD },
  );
  expect(status).toBe(200);
}

test.describe('host-only session cookies', () => {
  test("a session on one teacher's subdomain is not sent to another's, nor to the main domain", async ({ page, context }) => {
    await loginInPage(page, DEMO_HOST);
    const session = (await context.cookies()).find((c) => c.name === 'darsi.session_token');
    expect(session?.domain).toBe('demo.localhost');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    expect(await sessionEmail(page, DEMO_HOST)).toBe(DEMO.student.email);
    expect(await sessionEmail(page, `http://other-teacher.localhost:${PORT}`)).toBeNull();
    expect(await sessionEmail(page, `http://localhost:${PORT}`)).toBeNull();
  });
  // Cross-subdomain CSRF is tested over HTTP in tests/integration/accounts.test.ts: Chromium treats each
  // *.localhost name as its own site, so a browser test here could not show the same-site case of darsi.dz.
});
