import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

test.describe('the teacher overview: getting started, then the day (Arabic)', () => {
  test('a new teacher gets a checklist that ticks itself', async ({ page }) => {
    await registerTeacherViaApi(page, uniqueAccount('start'), 'أستاذة جديدة');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await expectDirection(page, 'ar');
    const checklist = page.getByTestId('getting-started');
    // A first visit on a loaded machine may take a while to bring the dashboard's code.
    await expect(checklist.getByRole('heading', { name: 'انطلاق منصتك في خمس خطوات' })).toBeVisible({ timeout: 30_000 });
    await expect(checklist.locator('[data-done="true"]')).toHaveCount(0);
    await expect(checklist).toContainText('نشر صفحتك الرئيسية');
    await expect(checklist).toContainText('الترحيب بأول طالب');
    await expect(page.getByTestId('today')).toHaveCount(0);

    const created = await page.request.post('/api/courses/teacher/courses', {
      data: { title: 'دورة الرياضيات', kind: 'regular', description: '' },
      headers: { origin: ORIGIN },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('step-course')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('step-landingPage')).toHaveAttribute('data-done', 'false');
    await expect(checklist).toContainText('أنجزت 1 من 5');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-getting-started-ar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-getting-started-ar-1280.png`, fullPage: true });
  });

  test('a teacher past the first steps sees what waits and the day’s numbers; campaign links carry UTM parameters', async ({ page }) => {
    await signInAs(page, DEMO.teacher.email);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('today').getByRole('heading', { name: 'أرقام اليوم' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('getting-started')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-overview-today-ar-375.png`, fullPage: true });

    // The ads screen, from the menu.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('link', { name: 'الإعلانات' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'الإعلانات' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('ads-pixels')).toBeVisible();
    await page.getByLabel('اسم الحملة').fill('Bac 2026');
    const first = page.getByTestId('ads-link-url').first();
    await expect(first).toContainText('utm_source=facebook&utm_medium=paid_social&utm_campaign=bac-2026');
    await page.getByLabel('مصدر الإعلان').selectOption('tiktok');
    await expect(first).toContainText('utm_source=tiktok');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-ads-ar-375.png`, fullPage: true });
  });
});
