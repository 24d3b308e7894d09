import { expect, type Page } from '@playwright/test';
import { latestMail, linkIn } from './fixtures';
import { ORIGIN } from './sessions';

export { ORIGIN } from './sessions';

type TAccount = { email: string; subdomain: string; password: string };

/** Creates a teacher through the API (the browser context gets its session cookie). */
export async function registerTeacherViaApi(page: Page, account: TAccount, name = 'Test Teacher') {
  const res = await page.request.post('/api/accounts/register/teacher', {
    data: { name, email: account.email, subdomain: account.subdomain, password: account.password },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export async function signOutViaApi(page: Page) {
  const res = await page.request.post('/api/accounts/logout', { headers: { origin: ORIGIN } });
  expect(res.ok()).toBe(true);
}

export async function isSignedIn(page: Page): Promise<boolean> {
  const body = (await (await page.request.get('/api/accounts/session')).json()) as { session: unknown };
  return body.session !== null;
}

/** Fills and submits the login form on the screen already open. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Waits for the newest mail to `to` that carries a link containing `fragment`, and returns that link. */
export async function mailedLink(to: string, fragment: string, timeoutMs = 10_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const mail = await latestMail(to, timeoutMs);
    try {
      return linkIn(mail, fragment);
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
