import { expect, test } from '../support/fixtures';

test.describe('between the web app and the public site', () => {
  test('the web app’s links to the site load the server’s page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#root')).toHaveCount(1);
    await page.getByRole('link', { name: 'دَرسي' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-site-header]')).toBeVisible();
    await expect(page.locator('#root')).toHaveCount(0);

    // A client-side link of the app (the 404 screen's "home") also lands on the server's page.
    await page.goto('/no/such/screen');
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
    await expect(page.locator('[data-site-header]')).toBeVisible();
  });

  test('the site’s login and register links open the web app', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('[data-site-header]').getByRole('link', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الأستاذ');
    await page.goto('/');
    await page.locator('[data-site-header]').getByRole('link', { name: 'البدء مجاناً' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب أستاذ');
  });

  test('an unknown address under /features is the app’s 404 page', async ({ page }) => {
    await page.goto('/features/unknown');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
  });
});
