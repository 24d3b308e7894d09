import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

/*
 * Cash cards (decision 055): the menu leads to the activation codes with the count waiting; the teacher
 * sells a stack of cards by number and undoes a mistaken sale; a student whose card was not marked sold
 * sends it to the teacher, who sees which card and which student, and confirms.
 */

async function teacherWithCards(request: APIRequestContext, origin: string) {
  const account = uniqueAccount('cash');
  const headers = { origin };
  expect(
    (
      await request.post('/api/accounts/register/teacher', {
        data: { name: 'أستاذ النقد', email: account.email, subdomain: account.subdomain, password: account.password },
        headers,
      })
    ).status(),
  ).toBe(201);
  const post = async (url: string, data: unknown) => (await request.post(url, { data, headers })).json();
  const course = await post('/api/courses/teacher/courses', { title: 'الفلسفة', kind: 'regular' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الوحدة 1' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'الحرية', type: 'text', bodyHtml: '<p>الحرية</p>' });
  await request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: 2000 }] }, headers });
  await request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers });
  const plans = (await (await request.get(`/api/courses/teacher/courses/${course.id}`)).json()).plans;
  const batch = await post('/api/codes/teacher/batches', {
    courseId: course.id,
    planId: plans[0].id,
    count: 6,
    activateOnSale: true,
    validUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  });
  const csv = await (await request.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  const codes = [...csv.matchAll(/^\d+,"=""(\d{6})""",/gm)].map((m) => m[1]!);
  return { subdomain: account.subdomain, batchId: batch.id as string, codes };
}

async function student(browser: Browser, origin: string, subdomain: string) {
  const context = await browser.newContext({
    locale: 'ar',
    extraHTTPHeaders: { 'x-forwarded-for': `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const account = uniqueAccount('cashbuyer');
  const res = await context.request.post('/api/accounts/register/student', {
    data: { name: 'سمير المشتري', email: account.email, password: account.password, platform: subdomain },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return context;
}

test('a cash card the teacher forgot to mark sold reaches the teacher, who confirms it (Arabic)', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const { subdomain, batchId, codes } = await teacherWithCards(page.request, origin);

  // The menu: activation codes have their entry; every section is built now (analytics since issue 27), none says "soon".
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/teacher/dashboard');
  await expectDirection(page, 'ar');
  const nav = page.getByTestId('sidebar-nav');
  for (const key of [
    'analytics',
    'overview',
    'courses',
    'codes',
    'students',
    'liveSessions',
    'landingPages',
    'revenue',
    'messages',
    'notifications',
    'feedback',
    'profile',
    'settings',
  ])
    await expect(nav.locator(`[data-nav="${key}"] [data-soon]`)).toHaveCount(0);
  await nav.locator('[data-nav="codes"]').click();
  await expect(page).toHaveURL(/\/teacher\/codes$/);
  await expect(nav.locator('[data-nav="codes"]')).toHaveAttribute('aria-current', 'page');

  // Cards 1 to 3 handed over at once; card 3 marked by mistake is taken back.
  await page.goto(`/teacher/codes/${batchId}`);
  await page.locator('#sale-from').fill('1');
  await page.locator('#sale-to').fill('3');
  await page.getByTestId('sale-range-submit').click();
  await expect(page.getByText('عُلِّمت 3 بطاقات كمباعة')).toBeVisible();
  await expect(page.locator('[data-testid="code-row"][data-state="sold"]')).toHaveCount(3);
  await page.locator('[data-testid="code-row"][data-state="sold"]').nth(2).getByTestId('undo-sold').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'إلغاء البيع' }).click();
  await expect(page.locator('[data-testid="code-row"][data-state="sold"]')).toHaveCount(2);
  // Two ticked cards sold together.
  const unused = page.locator('[data-testid="code-row"][data-state="unused"]');
  await unused.nth(1).getByTestId('select-code').check();
  await unused.nth(2).getByTestId('select-code').check();
  await expect(page.getByTestId('selection-bar')).toContainText('بطاقتان مختارتان');
  await page.getByTestId('sell-selected').click();
  await expect(page.locator('[data-testid="code-row"][data-state="sold"]')).toHaveCount(4);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/codes-sale-1280.png`, fullPage: true });

  // The student paid cash for card 3, still unsold: answered like a typo, then sent to the teacher.
  const buyer = await student(browser, origin, subdomain);
  const s = await buyer.newPage();
  await s.setViewportSize({ width: 375, height: 812 });
  await s.goto(`/platform/${subdomain}/student/dashboard/subscriptions`);
  await expectDirection(s, 'ar');
  await s.locator('#redeem-code').fill(codes[2]!);
  await s.getByTestId('redeem-submit').click();
  await expect(s.getByTestId('redeem-error')).toBeVisible();
  await expect(s.getByTestId('send-to-teacher')).toBeVisible();
  await expectNoHorizontalOverflow(s);
  await s.screenshot({ path: `${SCREENSHOTS}/codes-send-to-teacher-375.png`, fullPage: true });
  await s.getByTestId('send-to-teacher-submit').click();
  await expect(s.getByTestId('redeem-pending')).toBeVisible();
  await expect(s.getByTestId('my-code-request')).toContainText('بانتظار التأكيد');

  // The teacher sees the count in the menu, which card and which student, and confirms.
  await page.goto('/teacher/codes');
  await expect(page.getByTestId('nav-pending-codes').first()).toHaveText('1');
  const request = page.getByTestId('code-request');
  await expect(request).toHaveAttribute('data-reason', 'cash');
  await expect(request).toContainText('سمير المشتري');
  await expect(request).toContainText('يقول إنه دفع نقداً');
  await expect(request.getByTestId('confirm-sells')).toContainText('رقم 3');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/codes-cash-request-375.png`, fullPage: true });
  await request.getByTestId('confirm-request').click();
  await expect(page.getByTestId('code-request')).toHaveCount(0);
  await s.reload();
  await expect(s.getByTestId('my-code-request')).toContainText('تم التأكيد');
  await buyer.close();
});

test('the teacher menu marks no built section as coming and leads to activation codes (English)', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await teacherWithCards(page.request, origin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/teacher/dashboard?lng=en');
  await expectDirection(page, 'en');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const nav = page.getByTestId('drawer-nav');
  await expect(nav.locator('[data-nav="analytics"]')).toHaveAccessibleName('Analytics');
  await expect(nav.locator('[data-nav="analytics"] [data-soon]')).toHaveCount(0);
  await expect(nav.locator('[data-nav="revenue"] [data-soon]')).toHaveCount(0);
  await expect(nav.locator('[data-nav="codes"]')).toContainText('Activation codes');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-nav-en-375.png`, fullPage: true });
  await nav.locator('[data-nav="codes"]').click();
  await expect(page).toHaveURL(/\/teacher\/codes$/);
});
