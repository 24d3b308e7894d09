import { expect, test } from '../support/fixtures';
import { signInAs } from '../support/sessions';

/** Seeded by the admin demo (src/server/seed/admin.ts): active, her 5-day trial ended 4 days ago, no paid plan. */
const TRIAL_ENDED = 'nour-arabic@darsi.test';

test.describe('Darsi plan (Arabic)', () => {
  test('trial ended: the banner on every page, pay by card on Chargily, banner gone', async ({ page }) => {
    await signInAs(page, TRIAL_ENDED);
    await page.goto('/teacher/courses');
    const banner = page.getByTestId('plan-banner');
    // The first page of a fresh server loads its lazy chunks: allow for a busy machine.
    await expect(banner).toContainText('انتهت فترتك التجريبية', { timeout: 20_000 });
    await page.goto('/teacher/dashboard');
    await expect(banner).toBeVisible();
    await page.getByTestId('plan-banner-action').click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اشتراك دَرسي');
    await expect(page.getByTestId('billing-status')).toHaveText('منتهية');
    await expect(page.getByTestId('plan-due')).toContainText('3.000 دج');
    await page.getByTestId('pay-card').click();
    // Chargily's hosted page (the stand-in): pay.
    await expect(page.getByRole('heading', { name: 'Chargily Pay' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing/);
    await expect(page.getByTestId('billing-status')).toHaveText('نشطة');
    await expect(page.getByTestId('invoice-list')).toContainText('مدفوعة');
    await page.goto('/teacher/courses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('plan-banner')).toHaveCount(0);
  });
});

test.describe('plan payments (English, admin)', () => {
  test('the admin sees platform revenue and the plan payments', async ({ page }) => {
    await signInAs(page, 'admin@darsi.test');
    await page.goto('/admin/dashboard/plan-payments?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan payments', { timeout: 20_000 });
    await expect(page.getByTestId('platform-revenue')).toContainText('All time');
    await page.getByLabel('Status').selectOption('paid');
    await expect(page.getByTestId('plan-invoice').first()).toContainText('Paid');
  });
});
