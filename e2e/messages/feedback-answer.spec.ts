import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

test.describe('feedback to Darsi (Arabic)', () => {
  test('an admin answers a teacher’s suggestion and changes its status; the teacher is notified and reads the answer', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const account = uniqueAccount('fb');
    await registerTeacherViaApi(page, account, 'أستاذ كريم');
    const title = `تصدير الحضور ${account.subdomain}`;
    const sent = await page.request.post('/api/messages/teacher/feedback', {
      data: { category: 'feature', title, text: 'نحتاج تصدير حضور الحصص المباشرة إلى ملف Excel <b>مهم</b>' },
      headers: { origin: ORIGIN },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const adminContext = await browser.newContext({ locale: 'ar' });
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin.email);
    await admin.goto('/admin/dashboard');
    await admin.getByRole('navigation', { name: 'أقسام الإدارة' }).getByRole('link', { name: 'ملاحظات الأساتذة' }).click();
    await expect(admin).toHaveURL(/\/admin\/dashboard\/teacher-feedback$/);
    await expectDirection(admin, 'ar');
    const item = admin.getByTestId('admin-feedback').filter({ hasText: title });
    // What the teacher typed is shown as text, never as markup.
    await expect(item).toContainText('<b>مهم</b>');
    await expect(item).toContainText('أستاذ كريم');
    await item.getByTestId('admin-feedback-status').selectOption('planned');
    await item.getByTestId('admin-feedback-answer').fill('شكرًا، التصدير مخطط له في الإصدار القادم.');
    await item.getByTestId('admin-feedback-save').click();
    await expect(admin.getByText('تم الحفظ، وأُشعر الأستاذ.')).toBeVisible();
    await expect(item).toContainText('مبرمج');
    await expectNoSeriousA11yViolations(admin);
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await expectNoHorizontalOverflow(admin);
      await admin.screenshot({ path: `${SCREENSHOTS}/admin-feedback-ar-${width}.png`, fullPage: true });
    }
    await adminContext.close();

    await page.goto('/dashboard/feedback');
    await expectDirection(page, 'ar');
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    const row = page.getByTestId('feedback-row').filter({ hasText: title });
    await expect(row).toContainText('شكرًا، التصدير مخطط له في الإصدار القادم.');
    await expect(row).toContainText('مبرمج');
  });
});
