import { DEMO, expect, latestMail, test, uniqueAccount } from '../support/fixtures';
import { signInAs } from '../support/sessions';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { finishedMoving } from './motion';

test.describe('admin dashboard (Arabic)', () => {
  test('the demo admin invites another admin and gets a one-time link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    await signInAs(page, DEMO.admin.email);
    await page.goto('/admin/dashboard');
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً، مسؤول دَرسي');
    await expect(page).toHaveTitle(/لوحة المسؤول/);
    await expect(page.getByRole('navigation', { name: 'أقسام الإدارة' }).getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('aria-current', 'page');

    const field = page.getByLabel('البريد الإلكتروني');
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await expect(page.getByText('هذا الحقل مطلوب')).toBeVisible();

    const invitee = uniqueAccount('adm').email;
    await field.fill(invitee);
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    const result = page.getByTestId('invitation-result');
    await expect(result).toBeVisible();
    // The e-mail is wrapped in Unicode isolates so that it reads correctly inside the Arabic sentence.
    await expect(result).toContainText(`أُرسلت الدعوة إلى \u2068${invitee}\u2069.`);
    const link = await page.getByTestId('invitation-link').inputValue();
    expect(link).toContain('/admin/register?token=');
    expect(link).toContain(encodeURIComponent(invitee));
    // Built from the configured host, with the e-mail's language (the admin's own by default).
    expect(link.startsWith(`${new URL(baseURL!).origin}/admin/register?`)).toBe(true);
    expect(new URL(link).searchParams.get('lng')).toBe('ar');
    await expect(page.getByTestId('invite-language')).toHaveValue('ar');
    await expect(page.getByTestId('invitation-expiry')).toHaveText('يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد 72 ساعة.');
    await page.getByTestId('copy-invitation-link').click();
    await expect(page.getByText('تم النسخ إلى الحافظة')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await latestMail(invitee)).toContain(link);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await finishedMoving(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-ar-${width}.png`, fullPage: true });
    }

    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a teacher is sent to the admin login', async ({ page, workerTeacher }) => {
    await signInAs(page, workerTeacher.email);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    // Without being signed out of their own account.
    await page.goto('/teacher/dashboard');
    await expect(page.getByTestId('teacher-layout')).toBeVisible();
  });

  test('a student visiting the teacher dashboard is signed out and sent to /login', async ({ page, workerStudent }) => {
    await signInAs(page, workerStudent.email);
    await page.goto('/teacher/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteacher%2Fdashboard$/);
    const session = await (await page.request.get('/api/accounts/session')).json();
    expect(session.session).toBeNull();
  });
});
