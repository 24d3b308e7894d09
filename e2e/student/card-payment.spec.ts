import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

/*
 * Issue 13: card payments through Chargily Pay v2, here its stand-in (playwright.config.ts starts it): the
 * hosted page's "Pay" button settles the checkout, sends the signed webhook and sends the browser back.
 */

const TEST_KEY = 'test_sk_e2eTeacherKey0123456789';

/** A teacher of their own with a published paid course; card payments on (test mode) unless `card` is false. */
async function teacherWithCourse(request: APIRequestContext, origin: string, card = true) {
  const account = uniqueAccount('card');
  const headers = { origin };
  expect(
    (
      await request.post('/api/accounts/register/teacher', {
        data: { name: 'أستاذ البطاقة', email: account.email, subdomain: account.subdomain, password: account.password },
        headers,
      })
    ).status(),
  ).toBe(201);
  const post = async (url: string, data: unknown) => (await request.post(url, { data, headers })).json();
  const course = await post('/api/courses/teacher/courses', { title: 'الفيزياء للباكالوريا', kind: 'regular' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الوحدة 1' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'الحركة', type: 'text', bodyHtml: '<p>الحركة</p>' });
  await request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: 2500 }] }, headers });
  await request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers });
  if (card)
    expect((await request.put('/api/payments/teacher/card-settings', { data: { mode: 'test', enabled: true, testKey: TEST_KEY }, headers })).status()).toBe(
      200,
    );
  return { ...account, courseId: course.id as string };
}

test('Arabic: a student pays by card on the payment page, comes back to a paid order, and the course opens', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const teacher = await teacherWithCourse(request, origin);
  const student = uniqueAccount('buyer');
  const signUp = await page.request.post('/api/accounts/register/student', {
    data: { name: 'سارة حداد', email: student.email, password: student.password, platform: teacher.subdomain },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await page.goto(`/platform/${teacher.subdomain}/student/dashboard/courses/${teacher.courseId}`);
  await expectDirection(page, 'ar');
  await page.getByTestId('pay-online').click();
  await expect(page.getByTestId('test-banner')).toContainText('وضع الاختبار');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/card-pay-ar.png`, fullPage: true });
  await page.getByTestId('pay-card').click();

  // Chargily's hosted page (the stand-in), then back to Darsi's order page.
  await expect(page).toHaveURL(/\/checkouts\/[^/]+\/pay$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/${teacher.subdomain}/student/dashboard/payments/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('order-status')).toHaveText('مدفوع');
  await expect(page.getByTestId('order').getByTestId('test-mode')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/card-order-paid-ar.png`, fullPage: true });

  await page.getByTestId('open-course').click();
  await expect(page.getByTestId('subscription-status')).toBeVisible();
  await expect(page.getByTestId('continue')).toBeVisible();
  await expect(page.getByTestId('pay-online')).toHaveCount(0);
});

test('English: a teacher connects their Chargily test key in the settings and checks the connection', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await teacherWithCourse(page.request, origin, false);
  await page.goto('/teacher/settings?lng=en');
  const section = page.getByTestId('payment-settings');
  await expect(section.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await section.getByLabel('Test secret key').fill('not-a-key');
  await section.getByTestId('card-settings-save').click();
  await expect(section.getByText('A test secret key starts with test_sk_')).toBeVisible();
  await section.getByLabel('Test secret key').fill(TEST_KEY);
  await section.getByLabel('Accept card payments').check();
  await section.getByTestId('card-settings-save').click();
  await expect(page.getByText('Payment settings saved')).toBeVisible();
  // The key is never shown again: only its last four characters.
  await expect(section.getByText('Saved key ending in 6789')).toBeVisible();
  await expect(section.getByLabel('Test secret key')).toHaveValue('');
  await expect(section.getByTestId('test-mode')).toBeVisible();
  await section.getByTestId('card-settings-check').click();
  await expect(page.getByText('Chargily accepted your Test (no real money) key.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/card-settings-en.png`, fullPage: true });
});
