import type { APIRequestContext, Browser } from '@playwright/test';
import sharp from 'sharp';
import { mailedLink } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';
import { academyPlatform, ip } from './setup';

/*
 * Issue 28: a teacher invites an assistant from the team page; the assistant accepts with the mailed link, lands in
 * the teacher's dashboard (whose platform is always said), marks cards sold, approves a transfer receipt and
 * enrolls a student, but neither sees nor reaches revenue, payment keys or settings: the server refuses them too.
 */

/** A fresh teacher on the academy plan (3 seats), with a published course, 4 cards and transfers open. */
async function academyTeacher(request: APIRequestContext, browser: Browser, origin: string) {
  const { subdomain } = await academyPlatform(request, browser, origin);
  const headers = { origin };
  const post = async (url: string, data: unknown) => (await request.post(url, { data, headers })).json();
  const course = await post('/api/courses/teacher/courses', { title: 'العلوم الطبيعية', kind: 'regular' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الوحدة 1' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'الخلية', type: 'text', bodyHtml: '<p>الخلية</p>' });
  await request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: 2500 }] }, headers });
  await request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers });
  const plans = (await (await request.get(`/api/courses/teacher/courses/${course.id}`)).json()).plans as Array<{ id: string }>;
  const batch = await post('/api/codes/teacher/batches', {
    courseId: course.id,
    planId: plans[0]!.id,
    count: 4,
    validUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  });
  const settings = { transferEnabled: true, ccpHolder: 'سلمى', ccpNumber: '0012345678', ccpKey: '42' };
  expect((await request.put('/api/payments/teacher/transfer-settings', { data: settings, headers })).status()).toBe(200);
  return { subdomain, courseId: course.id as string, planId: plans[0]!.id, batchId: batch.id as string };
}

/** A student of the platform; with `pay`, one who sent a CCP receipt for the course. Returns their name. */
async function platformStudent(browser: Browser, origin: string, subdomain: string, name: string, pay?: { courseId: string; planId: string }) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip() } });
  const account = uniqueAccount('staffbuyer');
  const headers = { origin };
  const res = await context.request.post('/api/accounts/register/student', {
    data: { name, email: account.email, password: account.password, platform: subdomain },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  if (pay) {
    const order = await (await context.request.post('/api/payments/student/transfer-orders', { data: { ...pay, method: 'ccp' }, headers })).json();
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const sent = await context.request.put(`/api/payments/student/receipts/${order.id as string}`, {
      data: png,
      headers: { ...headers, 'content-type': 'image/png', 'x-file-name': 'receipt.png' },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  await context.close();
}

test('a teacher invites an assistant who sells cards, approves a receipt and enrolls a student, but cannot reach money or settings (Arabic)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const setup = await academyTeacher(page.request, browser, origin);
  await platformStudent(browser, origin, setup.subdomain, 'ريم الدافعة', setup);
  await platformStudent(browser, origin, setup.subdomain, 'كمال الجديد');

  // The teacher's team page: 0 of 3 seats, then the invitation.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/staff');
  await expectDirection(page, 'ar');
  await expect(page.getByText('المقاعد: 0 من 3')).toBeVisible();
  const assistantEmail = uniqueAccount('assistant').email;
  await page.getByTestId('staff-invite-email').fill(assistantEmail);
  await page.getByTestId('staff-invite-role').selectOption('assistant');
  await page.getByTestId('staff-invite-send').click();
  await expect(page.getByTestId('staff-invitation')).toContainText(assistantEmail);
  await page.screenshot({ path: `${SCREENSHOTS}/staff-team-1280.png`, fullPage: true });

  // The assistant opens the mailed link and creates an account.
  const link = await mailedLink(assistantEmail, '/staff/accept');
  const context = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': ip() } });
  const a = await context.newPage();
  await a.setViewportSize({ width: 375, height: 812 });
  await a.goto(new URL(link).pathname + new URL(link).search);
  await expect(a.getByTestId('staff-accept')).toContainText('أستاذة سلمى');
  await expect(a.getByTestId('staff-accept')).toContainText('مساعد');
  await a.getByTestId('staff-accept-name').fill('ياسين المساعد');
  await a.locator('input[autocomplete="new-password"]').fill('assistant-pass-9');
  await a.getByTestId('staff-accept-create').click();
  await expect(a).toHaveURL(/\/dashboard$/);
  await expect(a.getByTestId('staff-banner')).toContainText('العمل الآن على منصة أستاذة سلمى بدور مساعد');
  await expectNoHorizontalOverflow(a);
  await a.screenshot({ path: `${SCREENSHOTS}/staff-assistant-dashboard-375.png`, fullPage: true });

  // The menu shows what the role allows, nothing else.
  await a.setViewportSize({ width: 1280, height: 900 });
  const nav = a.getByTestId('sidebar-nav');
  for (const key of ['overview', 'codes', 'students', 'receipts', 'messages']) await expect(nav.locator(`[data-nav="${key}"]`)).toHaveCount(1);
  for (const key of ['revenue', 'billing', 'settings', 'staff', 'courses', 'landingPages']) await expect(nav.locator(`[data-nav="${key}"]`)).toHaveCount(0);

  // Cards 1 and 2 handed over.
  await a.goto(`/teacher/codes/${setup.batchId}`);
  await a.locator('#sale-from').fill('1');
  await a.locator('#sale-to').fill('2');
  await a.getByTestId('sale-range-submit').click();
  await expect(a.locator('[data-testid="code-row"][data-state="sold"]')).toHaveCount(2);

  // The receipt approved.
  await a.goto('/teacher/receipts');
  const card = a.getByTestId('receipt-card').filter({ hasText: 'ريم الدافعة' });
  await card.getByTestId('receipt-approve').click();
  await a.getByTestId('confirm-action').click();
  await expect(a.getByTestId('receipt-card').filter({ hasText: 'ريم الدافعة' })).toHaveCount(0);

  // A student enrolled.
  await a.goto('/teacher/students');
  await a.getByTestId('student-row').filter({ hasText: 'كمال الجديد' }).getByTestId('enroll').click();
  await a.getByTestId('enroll-submit').click();
  await expect(a.getByTestId('student-row').filter({ hasText: 'كمال الجديد' })).toHaveAttribute('data-status', 'active');

  // The server refuses money and settings as well.
  for (const path of [
    '/api/revenue/teacher/summary',
    '/api/payments/teacher/card-settings',
    '/api/accounts/teacher/contact',
    '/api/billing/teacher/overview',
  ]) {
    const res = await a.request.get(path);
    expect(res.status(), path).toBe(403);
    expect((await res.json()).error.code).toBe('STAFF_FORBIDDEN');
  }

  // The teacher sees who did it, and the seat taken.
  await page.goto('/dashboard/staff');
  await expect(page.getByTestId('staff-member')).toContainText('ياسين المساعد');
  await page.getByTestId('staff-audit-person').selectOption({ label: 'ياسين المساعد' });
  await expect(page.getByTestId('staff-audit')).toContainText('ياسين المساعد');
  await expect(page.getByTestId('staff-audit')).not.toContainText('أستاذة سلمى');
  await page.goto('/dashboard/billing');
  await expect(page.getByTestId('billing-staff')).toHaveText('1 من 3 (الأعضاء والدعوات في الانتظار)');
  await context.close();
});

test('a student of the demo platform accepts an invitation with their own account (English)', async ({ page, browser, baseURL, workerStudent }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const setup = await academyTeacher(page.request, browser, origin);
  expect(
    (await page.request.post('/api/staff/teacher/invitations', { data: { email: workerStudent.email, role: 'content_editor' }, headers: { origin } })).status(),
  ).toBe(201);
  const link = await mailedLink(workerStudent.email, '/staff/accept');
  const context = await browser.newContext({ locale: 'en', extraHTTPHeaders: { 'x-forwarded-for': ip() } });
  const s = await context.newPage();
  await signInAs(s, workerStudent.email);
  await s.goto(`${new URL(link).pathname}${new URL(link).search.replace('lng=ar', 'lng=en')}`);
  await expect(s.getByTestId('staff-accept')).toContainText('Content editor');
  await s.getByTestId('staff-accept-button').click();
  await expect(s).toHaveURL(/\/dashboard$/);
  await expect(s.getByTestId('staff-banner')).toContainText('as Content editor');
  const nav = s.getByTestId('sidebar-nav');
  await expect(nav.locator('[data-nav="courses"]')).toHaveCount(1);
  await expect(nav.locator('[data-nav="codes"]')).toHaveCount(0);
  expect(setup.subdomain).toBeTruthy();
  await context.close();
});
