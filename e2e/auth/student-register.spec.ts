import { isSignedIn, mailedLink } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';

test.describe('student registration', () => {
  test('on the main site: /student/register → /student/dashboard', async ({ page }) => {
    const account = uniqueAccount('student');
    await page.goto('/student/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب طالب');
    await expect(page.getByTestId('student-register').getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/student/login');
    await page.getByLabel('الاسم الكامل').fill('ليلى الطالبة');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    expect(await isSignedIn(page)).toBe(true);
  });

  test('on a teacher platform: /platform/demo/register → /platform/demo/student/dashboard', async ({ page }) => {
    const account = uniqueAccount('platform-student');
    await page.goto('/platform/demo/register');
    await expect(page.getByText('التسجيل كطالب في منصة demo.')).toBeVisible();
    await expect(page.getByTestId('student-register').getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/platform/demo/login');
    await page.getByLabel('الاسم الكامل').fill('يوسف');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/platform\/demo\/student\/dashboard$/);
  });

  test('an unknown platform and a taken e-mail show the server messages', async ({ page }) => {
    const account = uniqueAccount('nowhere');
    await page.goto('/platform/no-such-teacher-xyz/register');
    await page.getByLabel('الاسم الكامل').fill('Nobody');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('لم يتم العثور على المنصة');

    await page.goto('/student/register');
    await page.getByLabel('الاسم الكامل').fill('Copy');
    await page.getByLabel('البريد الإلكتروني').fill(DEMO.student.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('هذا البريد الإلكتروني مسجل بالفعل. يرجى تسجيل الدخول أو استخدام بريد إلكتروني آخر.');
  });
});

test('Arabic: "create an account" from a login that was going to a payment keeps the way there, through the e-mail confirmation too', async ({ page }) => {
  const account = uniqueAccount('pay-signup');
  const target = '/platform/demo/student/dashboard/payments';
  await page.goto(`/platform/demo/login?redirectTo=${encodeURIComponent(target)}`);
  await page.getByRole('link', { name: 'إنشاء حساب جديد' }).click();
  await expect(page).toHaveURL(`/platform/demo/register?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel('الاسم الكامل').fill('أمينة المشترية');
  await page.getByLabel('البريد الإلكتروني').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page).toHaveURL(target);

  // The confirmation link of the e-mail leads back there too, not to an empty dashboard.
  await page.goto(await mailedLink(account.email, '/api/auth/verify-email'));
  await expect(page.getByTestId('verify-confirmed')).toBeVisible();
  await page.getByTestId('verify-continue').click();
  await expect(page).toHaveURL(target);
});
