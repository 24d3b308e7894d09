import type { APIRequestContext, Browser } from '@playwright/test';
import { DEMO, expect, uniqueAccount } from '../support/fixtures';
import { signInAs } from '../support/sessions';

/** A client address of its own per context: the sign-in and sign-up limits count by address. */
export const ip = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** A fresh teacher «أستاذة سلمى», signed in on `request`, moved to the academy plan (3 team seats) by an admin. */
export async function academyPlatform(request: APIRequestContext, browser: Browser, origin: string) {
  const account = uniqueAccount('staffowner');
  const headers = { origin };
  const registered = await request.post('/api/accounts/register/teacher', {
    data: { name: 'أستاذة سلمى', email: account.email, subdomain: account.subdomain, password: account.password },
    headers,
  });
  expect(registered.status()).toBe(201);
  const teacherId = ((await (await request.get('/api/accounts/session')).json()) as { session: { teacher: { id: string } } }).session.teacher.id;
  const admin = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip() } });
  await signInAs(admin, DEMO.admin.email);
  expect((await admin.request.patch(`/api/admin/teachers/${teacherId}/plan`, { data: { plan: 'academy' }, headers })).status()).toBe(200);
  await admin.close();
  return { subdomain: account.subdomain, teacherId };
}
