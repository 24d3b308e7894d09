import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

/* Issue 15: a student who completes a course downloads a certificate, and its public check opens. */

const PYTHON = 'مدخل إلى البرمجة بلغة بايثون';
const originOf = (baseURL: string) => ({ origin: new URL(baseURL).origin });

/** A new demo-platform student enrolled in the free one-lesson course, the lesson not done yet. */
async function freeCourseStudent(request: APIRequestContext, baseURL: string) {
  const headers = originOf(baseURL);
  const account = uniqueAccount('cert');
  const signUp = await request.post('/api/accounts/register/student', {
    data: { name: 'ليلى بن عمر', email: account.email, password: account.password, platform: 'demo' },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { available } = (await (await request.get('/api/learning/student/subscriptions?platform=demo')).json()) as {
    available: Array<{ id: string; title: string }>;
  };
  const courseId = available.find((c) => c.title === PYTHON)!.id;
  expect((await request.post(`/api/learning/student/courses/${courseId}/enroll-free`, { headers })).status()).toBe(201);
  const outline = (await (await request.get(`/api/learning/student/courses/${courseId}`)).json()) as { sections: Array<{ lessons: Array<{ id: string }> }> };
  return { courseId, lessonId: outline.sections[0]!.lessons[0]!.id };
}

test('Arabic: completing the course gives a certificate to download, and its check page opens', async ({ page, baseURL }) => {
  const { courseId, lessonId } = await freeCourseStudent(page.request, baseURL!);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/platform/demo/student/dashboard/courses/${courseId}/lessons/${lessonId}`);
  await expectDirection(page, 'ar');
  await page.getByTestId('mark-complete').click();
  const moment = page.getByTestId('course-finished');
  await expect(moment.getByTestId('certificate-download')).toHaveText('تنزيل شهادتي');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/certificate-finished-ar-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/certificate-finished-ar-1280.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), moment.getByTestId('certificate-download').click()]);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The public check, on the main domain, in a new tab: name, course, teacher; no other personal data.
  const [check] = await Promise.all([page.context().waitForEvent('page'), moment.getByTestId('certificate-verify').click()]);
  await check.waitForLoadState();
  await expect(check).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
  await expect(check.getByTestId('certificate-student')).toHaveText('ليلى بن عمر');
  await expect(check.getByTestId('certificate-course')).toHaveText(PYTHON);
  for (const width of [375, 1280]) {
    await check.setViewportSize({ width, height: 800 });
    await expectNoHorizontalOverflow(check);
    await check.screenshot({ path: `${SCREENSHOTS}/certificate-check-ar-${width}.png`, fullPage: true });
  }

  // My Subscriptions offers the same certificate later.
  await page.goto('/platform/demo/student/dashboard/subscriptions');
  await expect(page.getByTestId('certificate-download').first()).toBeVisible();
});

test('English: the demo student’s certificate on My Subscriptions, and a forged link is not found', async ({ page }) => {
  await signInAs(page, DEMO.student.email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/platform/demo/student/dashboard/subscriptions?lng=en');
  await expectDirection(page, 'en');
  const download = page.getByTestId('certificate-download');
  await expect(download).toHaveText('Download my certificate');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/certificate-subscriptions-en-375.png`, fullPage: true });
  const href = await page.getByTestId('certificate-verify').getAttribute('href');
  await page.goto(`${new URL(href!).pathname}?lng=en`);
  await expect(page.getByTestId('certificate-check')).toContainText('This certificate is real');
  await expect(page.getByTestId('certificate-student')).toHaveText('سارة الطالبة');
  const forged = await page.goto('/certificates/00000000-0000-4000-8000-000000000000?lng=en');
  expect(forged!.status()).toBe(404);
  await expect(page.getByTestId('certificate-missing')).toContainText('Certificate not found');
});
