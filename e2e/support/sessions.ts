import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Sessions without the login form (decision 134). The e2e server runs with NODE_ENV=test and this key
 * (playwright.config.ts), so POST /api/auth/test/session opens a real Better Auth session for any account: no
 * password hash, no login page, no per-account attempt limit. auth/login.spec.ts and a few others keep
 * signing in through the form, which is what they test.
 */
export const E2E_SESSIONS_KEY = 'e2e-sessions-key-0123456789abcdef0123456789';

/** The origin the e2e server answers on; state-changing API calls must name it (CSRF check). */
export const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/** A teacher's own platform, http://{subdomain}.localhost:{port}. */
export const platformOrigin = (subdomain: string) => ORIGIN.replace('//localhost', `//${subdomain}.localhost`);

type TTarget = Page | BrowserContext | APIRequestContext;

/**
 * Signs `target` (a page, a browser context or an API client) in as the account of `email`, with a
 * host-only cookie for `origin`: the main domain by default, a teacher's subdomain when the test runs there.
 */
export async function signInAs(target: TTarget, email: string, origin = ORIGIN) {
  const request = 'request' in target ? target.request : target;
  const res = await request.post(`${origin}/api/auth/test/session`, { data: { email }, headers: { origin, 'x-e2e-sessions-key': E2E_SESSIONS_KEY } });
  expect(res.status(), await res.text()).toBe(200);
}
