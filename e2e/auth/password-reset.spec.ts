import { mailedLink, registerTeacherViaApi, signOutViaApi, submitLogin } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';

const SENT =
  'إذا كان هذا البريد الإلكتروني مسجلاً لدينا، فستصلك رسالة تحتوي على رابط لإعادة تعيين كلمة المرور خلال دقائق. قد تكون الرسالة في مجلد الرسائل غير المرغوب فيها أيضاً.';

test.describe('forgotten password', () => {
  test('ask for a link, set a new password, log in with it; the used link is refused', async ({ page }) => {
    const account = uniqueAccount('reset');
    const newPassword = 'brand-new-pass-42';
    await registerTeacherViaApi(page, account);
    await signOutViaApi(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نسيت كلمة المرور');
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
    await expect(page.getByTestId('form-success')).toHaveText(SENT);

    const link = await mailedLink(account.email, '/reset-password?token=');
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تعيين كلمة مرور جديدة');
    await page.locator('#password').fill(newPassword);
    await page.locator('#confirm').fill('something-else-1');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(page.getByTestId('confirm-error')).toHaveText('كلمتا المرور غير متطابقتين');
    await page.locator('#confirm').fill(newPassword);
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(page.getByTestId('form-success')).toHaveText('تم تغيير كلمة المرور بنجاح. يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.');

    await page.getByRole('link', { name: 'الذهاب إلى تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOutViaApi(page);
    await page.goto(link);
    await page.locator('#password').fill('another-pass-77');
    await page.locator('#confirm').fill('another-pass-77');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('الرابط غير صالح أو منتهي الصلاحية. يُرجى طلب رابط جديد.');
    await expect(page.getByRole('link', { name: 'طلب رابط جديد' })).toHaveAttribute('href', '/forgot-password');
  });

  test('an unknown e-mail gets the same neutral answer; the student portal keeps its own links', async ({ page }) => {
    await page.goto('/student/forgot-password');
    await expect(page.getByRole('link', { name: 'العودة إلى تسجيل الدخول' })).toHaveAttribute('href', '/student/login');
    await page.getByLabel('البريد الإلكتروني').fill(uniqueAccount('nobody').email);
    await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
    await expect(page.getByTestId('form-success')).toHaveText(SENT);

    await page.goto('/platform/demo/reset-password');
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page.getByRole('link', { name: 'طلب رابط جديد' })).toHaveAttribute('href', '/platform/demo/forgot-password');
  });

  test('too many requests show the waiting time from the server', async ({ page }) => {
    const email = uniqueAccount('flood').email;
    await page.goto('/forgot-password');
    for (let i = 0; i < 3; i += 1) {
      await page.goto('/forgot-password');
      await page.getByLabel('البريد الإلكتروني').fill(email);
      await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
      await expect(page.getByTestId('form-success')).toBeVisible();
    }
    await page.goto('/forgot-password');
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
    await expect(page.getByTestId('form-error')).toContainText('دقيقة');
  });
});
