import { mailedLink, submitLogin } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';
import { academyPlatform, ip } from './setup';

/*
 * Issue 28: an invitation for an e-mail that already has an account asks its person to sign in first. Signed in
 * with another account, they sign it out from the invitation; the sign-in form brings them back to the invitation
 * (the safe-redirect rule: only this page of this site), where one button accepts it. In Arabic.
 */
test('a person with an account signs in from the invitation, comes back to it and accepts (Arabic)', async ({ page, browser, baseURL, workerStudent }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const { subdomain } = await academyPlatform(page.request, browser, origin);

  // A student of the platform, with a password, who will help the teacher.
  const helper = uniqueAccount('staffhelper');
  const context = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': ip() } });
  const registered = await context.request.post('/api/accounts/register/student', {
    data: { name: 'نور الطالبة', email: helper.email, password: helper.password, platform: subdomain },
    headers: { origin },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await context.clearCookies();
  const invited = await page.request.post('/api/staff/teacher/invitations', { data: { email: helper.email, role: 'assistant' }, headers: { origin } });
  expect(invited.status()).toBe(201);
  const link = new URL(await mailedLink(helper.email, '/staff/accept'));

  // Opened while signed in with someone else's account: that account is signed out here first.
  const p = await context.newPage();
  await p.setViewportSize({ width: 375, height: 812 });
  await signInAs(p, workerStudent.email);
  await p.goto(link.pathname + link.search);
  await expectDirection(p, 'ar');
  await expect(p.getByTestId('staff-accept')).toContainText(`الحساب المتصل الآن هو \u2068${workerStudent.email}\u2069`);
  await p.getByTestId('staff-accept-switch').click();

  // The invited e-mail has an account: sign in first, then back here.
  await expect(p.getByTestId('staff-accept')).toContainText('لهذا البريد حساب في دَرسي');
  await p.getByTestId('staff-accept-sign-in').click();
  await expect(p).toHaveURL(/\/login\?redirectTo=%2Fstaff%2Faccept%3Ftoken%3D/);
  await submitLogin(p, helper.email, helper.password);
  await expect(p).toHaveURL(new RegExp(`/staff/accept\\?token=${link.searchParams.get('token')!.replace(/[.]/g, '\\.')}$`));
  await expect(p.getByTestId('staff-accept')).toContainText(`الحساب المتصل: \u2068${helper.email}\u2069`);
  await expectNoHorizontalOverflow(p);
  await p.screenshot({ path: `${SCREENSHOTS}/staff-accept-signed-in-375.png`, fullPage: true });
  await p.getByTestId('staff-accept-button').click();
  await expect(p).toHaveURL(/\/dashboard$/);
  await expect(p.getByTestId('staff-banner')).toContainText('العمل الآن على منصة أستاذة سلمى بدور مساعد');

  // The link is spent: opened again, it says so.
  await p.goto(link.pathname + link.search);
  await expect(p.getByRole('alert')).toBeVisible();
  await expect(p.getByTestId('staff-accept')).toHaveCount(0);
  await context.close();

  // The teacher's team page links its help page, in Arabic.
  await page.goto('/dashboard/staff');
  await page.getByTestId('staff-help').click();
  await expect(page).toHaveURL(/\/documentation\/students\/team/);
  await expect(page.locator('h1')).toHaveText('الفريق والأدوار');
  await expect(page.getByRole('heading', { name: 'الأدوار: من يفعل ماذا' })).toBeVisible();
});
