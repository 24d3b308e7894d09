import { isSignedIn } from '../support/auth';
import { DEMO, expect, test } from '../support/fixtures';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

test.describe('the admin guard when the session cannot be checked (Arabic)', () => {
  test('shows the message, retries by reloading, and signs out to /admin/login', async ({ page }) => {
    await signInAs(page, DEMO.admin.email);
    let failing = true;
    await page.route('**/api/accounts/session', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'الخدمة غير متاحة مؤقتاً' } }),
          })
        : route.continue(),
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('admin-guard-message')).toHaveText('خطأ في المصادقة: الخدمة غير متاحة مؤقتاً', { timeout: 30_000 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-guard-error-ar-375.png` });

    failing = false;
    await page.getByTestId('admin-guard-retry').click();
    await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });

    failing = true;
    await page.reload();
    await page.getByTestId('admin-guard-sign-out').click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await isSignedIn(page)).toBe(false);
  });
});
