import type { Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

/*
 * Issue 11: the admin gives a reason the suspended teacher reads when signing in, with a support link;
 * /inactive leads out to Darsi's site; students hear what happens to what they paid for; a paused platform
 * refuses registration before the form.
 */

async function shots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('Arabic: suspension with a reason, seen by the teacher, the platform and new students', async ({ page, browser }) => {
  const teacherContext = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': `10.201.${Math.floor(Math.random() * 250)}.9` } });
  const teacherPage = await teacherContext.newPage();
  const account = uniqueAccount('suspend');
  await registerTeacherViaApi(teacherPage, account, 'أستاذ للإيقاف');
  await teacherPage.request.post('/api/accounts/logout', { headers: { origin: ORIGIN } });

  await signInAs(page, DEMO.admin.email);
  await page.goto(`/admin/dashboard/teachers?q=${account.subdomain}`);
  await page.getByRole('link', { name: 'أستاذ للإيقاف' }).click();
  await expectDirection(page, 'ar');
  const reason = 'لم يُسدَّد اشتراك شهر مارس';
  await page.getByTestId('action-suspend').click();
  await page.getByRole('alertdialog').getByLabel(/السبب/).fill(reason);
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('status-badge')).toHaveText('موقوف');
  await expect(page.getByTestId('status-reason-shown')).toContainText(reason);
  await expect(page.getByTestId('teacher-history')).toContainText(`السبب: ${reason}`);
  await shots(page, 'admin-teacher-suspended-ar');

  // The teacher: the reason and a support link, not the step-by-step diagnostic.
  await teacherPage.goto('/login');
  await teacherPage.getByLabel('البريد الإلكتروني').fill(account.email);
  await teacherPage.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await teacherPage.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(teacherPage.getByTestId('teacher-suspended')).toBeVisible();
  await expect(teacherPage.getByTestId('suspension-reason')).toContainText(reason);
  await expect(teacherPage.getByTestId('support-link')).toHaveAttribute('href', '/contact');
  await expect(teacherPage.getByTestId('login-log')).toHaveCount(0);
  await shots(teacherPage, 'auth-teacher-suspended-ar');

  // The subdomain: /inactive leads out to Darsi's site (not back to itself) and tells students the truth.
  const platform = `http://${account.subdomain}.localhost:${new URL(ORIGIN).port}`;
  await teacherPage.goto(`${platform}/`);
  await expect(teacherPage).toHaveURL(`${platform}/inactive`);
  await expect(teacherPage.getByTestId('inactive-students')).toContainText('ما دفعته يبقى لك');
  await expect(teacherPage.getByTestId('inactive-home')).toHaveAttribute('href', `${ORIGIN}/`);
  await teacherPage.getByTestId('inactive-home').click();
  await expect(teacherPage).toHaveURL(`${ORIGIN}/`);
  await teacherContext.close();

  // A new student is told before the form, and is not shown one.
  await page.goto(`/platform/${account.subdomain}/register`);
  await expect(page.getByTestId('platform-closed')).toBeVisible();
  await expect(page.getByLabel('البريد الإلكتروني')).toHaveCount(0);
  await shots(page, 'student-register-closed-ar');

  await page.goto(`/admin/dashboard/teachers?q=${account.subdomain}`);
  await page.getByRole('link', { name: 'أستاذ للإيقاف' }).click();
  await page.getByTestId('action-activate').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('status-badge')).toHaveText('نشط');
  await expect(page.getByTestId('status-reason-shown')).toHaveCount(0);
});
