import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi } from '../support/auth';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

// The route /t/{subdomain}/preview/courses/{courseId}/lessons/{lessonId} is declared by the landing module
// (src/web/features/landing/routes.ts) and renders LessonPreviewPage from src/web/features/courses.
test.describe('lesson preview for teachers (Arabic)', () => {
  test('shows any lesson of an organized course without locks, with next and previous', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const account = uniqueAccount('preview');
    await registerTeacherViaApi(page, account, 'أستاذ معاينة');
    const call = async (url: string, data: unknown) => (await (await page.request.post(url, { data, headers: { origin } })).json()) as { id: string };
    const course = await call('/api/courses/teacher/courses', { title: 'دورة للمعاينة', kind: 'organized' });
    const section = await call(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم الأول' });
    const one = await call(`/api/courses/teacher/courses/${course.id}/lessons`, {
      sectionId: section.id,
      title: 'درس أول',
      type: 'text',
      bodyHtml: '<p>مقدمة</p>',
    });
    await call(`/api/courses/teacher/courses/${course.id}/lessons`, {
      sectionId: section.id,
      title: 'درس ثان',
      type: 'text',
      bodyHtml: '<p>تتمة <strong>مهمة</strong></p>',
    });

    await page.goto(`/teacher/courses/${course.id}`);
    await page.getByRole('link', { name: 'معاينة الدرس «درس ثان»' }).click();
    await expect(page).toHaveURL(new RegExp(`/t/${account.subdomain}/preview/courses/${course.id}/lessons/`));
    await expect(page.getByTestId('preview-banner')).toBeVisible();
    // The teacher is signed in: the header offers their dashboard, never "sign in" (issue 11).
    await expect(page.getByTestId('header-dashboard')).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
    await expect(page.getByTestId('lesson-title')).toHaveText('درس ثان');
    await expect(page.getByTestId('lesson-body').locator('strong')).toHaveText('مهمة');
    await expect(page.getByTestId('outline-lesson').nth(1)).toHaveAttribute('data-lock', 'open');
    await page.getByTestId('previous-lesson').click();
    await expect(page.getByTestId('lesson-title')).toHaveText('درس أول');
    await expect(page).toHaveURL(new RegExp(`/lessons/${one.id}$`));
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/courses-preview-375.png`, fullPage: true });
  });
});
