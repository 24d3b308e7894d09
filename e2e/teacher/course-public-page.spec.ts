import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi } from '../support/auth';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

/* Issue 15, the teacher's side: a free preview lesson, certificates off and on, a signature, the public page. */

async function post(request: APIRequestContext, origin: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('Arabic: the teacher marks a free preview, sets the certificates and opens the public page', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const account = uniqueAccount('pubpage');
  await registerTeacherViaApi(page, account, 'أستاذة ليلى');
  const course = await post(page.request, origin, '/api/courses/teacher/courses', { title: 'العلوم الطبيعية', kind: 'regular' });
  const section = await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم أ' });
  await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/lessons`, {
    sectionId: section.id,
    title: 'الخلية',
    type: 'text',
    bodyHtml: '<p>نص الخلية</p>',
  });
  await page.request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: 1200 }] }, headers: { origin } });
  await page.request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers: { origin } });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/teacher/courses/${course.id}`);
  await page.getByRole('button', { name: 'تعديل الدرس «الخلية»' }).click();
  const dialog = page.getByTestId('lesson-dialog');
  await dialog.getByTestId('lesson-free-preview').check();
  await dialog.getByTestId('lesson-save').click();
  await expect(page.getByTestId('lesson-row').filter({ hasText: 'الخلية' }).getByTestId('lesson-preview-badge')).toHaveText('معاينة مجانية');

  const settings = page.getByTestId('certificate-settings');
  await expect(settings.getByTestId('certificates-enabled')).toBeChecked();
  await settings.getByTestId('certificates-enabled').uncheck();
  await expect(settings.getByTestId('certificates-enabled')).not.toBeChecked();
  await settings.getByTestId('certificates-enabled').check();
  await settings.getByTestId('signature-file').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: PNG });
  await expect(settings.getByRole('img', { name: 'توقيعك' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await settings.screenshot({ path: `${SCREENSHOTS}/course-certificate-settings-ar-375.png` });

  // The public page, opened from the editor, shows the preview to anyone.
  const [pub] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('course-public-page').click()]);
  await pub.waitForLoadState();
  await expect(pub.getByTestId('course-title')).toHaveText('العلوم الطبيعية');
  await expect(pub.getByTestId('public-lesson-preview')).toHaveText('الخلية');
});
