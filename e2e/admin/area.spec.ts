import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { mailedLink, ORIGIN, registerTeacherViaApi } from '../support/auth';
import { DEMO, DEMO_PASSWORD, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';
import { finishedMoving } from './motion';

async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/accounts/login', { data: { email, password }, headers: { origin: ORIGIN } });
  expect(res.status(), await res.text()).toBe(200);
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await finishedMoving(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-${name}-${width}.png`, fullPage: true });
  }
}

/** A second, separate browser (its own cookies), posing as its own client address like `test` does. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({
    locale: 'ar',
    extraHTTPHeaders: { 'x-forwarded-for': `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

/**
 * Lists keep showing the previous rows while the next ones load, and the URL changes before the screen
 * does: wait until the list says its rows are for `query` (its filters as a query string) and loaded.
 */
async function settled(page: Page, query: string) {
  const results = page.getByTestId('results');
  await expect(results).toHaveAttribute('data-query', query);
  await expect(results).toHaveAttribute('aria-busy', 'false');
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'أقسام الإدارة' });

test.describe('admin area (Arabic)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO.admin.email);
  });

  test('overview: counts, plans and the 30-day sign-up chart', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expectDirection(page, 'ar');
    const overview = page.getByTestId('admin-overview');
    await expect(overview.getByRole('heading', { name: 'الأساتذة' })).toBeVisible();
    const total = Number(await page.getByTestId('stat-teachers-total').locator('p').first().textContent());
    expect(total).toBeGreaterThanOrEqual(7);
    await expect(page.getByTestId('stat-teachers-suspended')).toContainText('موقوفون');
    await expect(page.getByTestId('stat-plan-institution')).toContainText('المؤسسة');
    await expect(page.getByTestId('stat-students')).toContainText('الطلاب');
    await expect(page.getByTestId('stat-pages')).toContainText('صفحات هبوط منشورة');
    await expect(page.getByRole('heading', { name: 'التسجيلات الجديدة يومياً' })).toBeVisible();
    // recharts draws one bar group per day of the last 30.
    await expect(page.getByTestId('signups-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.getByText('عرض الأرقام في جدول').click();
    await expect(page.getByTestId('signups-table').locator('tbody tr')).toHaveCount(30);
    await screenshots(page, 'overview-ar');

    await page.getByTestId('stat-teachers-suspended').click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/teachers\?status=suspended$/);
    await expect(page.getByTestId('filter-status')).toHaveValue('suspended');
  });

  test('teachers: search, filters, paging past the end, and the detail page', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await nav(page).getByRole('link', { name: 'الأساتذة', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأساتذة');
    await expect(page.getByTestId('teacher-row').first()).toBeVisible();

    await page.getByTestId('teachers-search').fill('fatima');
    await page.getByRole('button', { name: 'بحث' }).click();
    await settled(page, 'q=fatima');
    await expect(page.getByTestId('teacher-row')).toHaveCount(1);
    await expect(page.getByTestId('teacher-row')).toContainText('أستاذة فاطمة الزهراء');

    await page.getByTestId('teachers-search').fill('');
    await page.getByRole('button', { name: 'بحث' }).click();
    await settled(page, '');
    await page.getByTestId('filter-status').selectOption('suspended');
    await settled(page, 'status=suspended');
    await expect(page.getByTestId('teacher-row').filter({ hasText: 'أستاذ رضا قاسمي' })).toBeVisible();
    for (const row of await page.getByTestId('teacher-row').all()) await expect(row.getByTestId('status-badge')).toHaveText('موقوف');
    await page.getByTestId('filter-status').selectOption('');
    await page.getByTestId('filter-trial').selectOption('ending');
    await settled(page, 'trial=ending');
    await expect(page.getByTestId('teacher-row').filter({ hasText: 'أستاذة سلمى حداد' })).toBeVisible();
    await page.getByTestId('filter-trial').selectOption('');
    await page.getByTestId('filter-plan').selectOption('institution');
    await settled(page, 'plan=institution');
    await expect(page.getByTestId('teacher-row').filter({ hasText: 'أستاذ كريم بوعلام' })).toBeVisible();
    await screenshots(page, 'teachers-ar');

    // A page past the end is an empty page with a way back, not an error.
    await page.goto('/admin/dashboard/teachers?page=99');
    await expect(page.getByTestId('empty-state')).toHaveText('لا يوجد أستاذ يطابق هذا البحث.');
    await expect(page.getByTestId('previous-page')).toBeEnabled();

    await page.goto('/admin/dashboard/teachers?q=karim-physique');
    await page.getByRole('link', { name: 'أستاذ كريم بوعلام' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أستاذ كريم بوعلام');
    await expect(page.getByTestId('plan-badge')).toHaveText('المؤسسة');
    await expect(page.getByTestId('usage-students-value')).toContainText('(بلا حدود)');
    // Spec §9 limits beyond students and courses: storage against the plan's 100 GB, staff seats taken of 10 (issue 28).
    await expect(page.getByTestId('usage-storage')).toContainText('مساحة التخزين');
    await expect(page.getByTestId('usage-storage-value')).toContainText('100');
    await expect(page.getByTestId('usage-staff-value')).toHaveText('0 من 10');
    await expect(page.getByTestId('teacher-subdomain')).toHaveText(new RegExp(`^karim-physique\\.localhost:\\d+$`));
    await expect(page.getByTestId('open-public-page')).toHaveAttribute('href', /^http:\/\/karim-physique\.localhost:\d+$/);
    await expect(page.getByTestId('open-public-page')).toHaveAttribute('target', '_blank');
    await screenshots(page, 'teacher-detail-ar');
  });

  test("actions on a teacher: plan, trial, password reset, and suspension that ends the teacher's open session", async ({ page, browser }) => {
    const account = uniqueAccount('adm-target');
    const teacher = await otherBrowser(browser);
    await registerTeacherViaApi(teacher.page, account, 'أستاذة للاختبار');
    await teacher.page.goto('/teacher/dashboard');
    await expect(teacher.page.getByTestId('teacher-layout')).toBeVisible();

    await page.goto(`/admin/dashboard/teachers?q=${account.subdomain}`);
    await page.getByRole('link', { name: 'أستاذة للاختبار' }).click();
    await expect(page.getByTestId('usage-students-value')).toHaveText('0 من 100');

    await page.getByTestId('plan-select').selectOption('academy');
    await page.getByTestId('change-plan').click();
    await expect(page.getByText('تم تغيير الخطة')).toBeVisible();
    await expect(page.getByTestId('plan-badge')).toHaveText('الأكاديمية');
    await expect(page.getByTestId('usage-students-value')).toHaveText('0 من 350');

    await page.getByLabel(/تمديد الفترة التجريبية/).fill('10');
    await page.getByTestId('extend-trial').click();
    await expect(page.getByText('تم تمديد الفترة التجريبية')).toBeVisible();

    await page.getByTestId('action-reset-password').click();
    await expect(page.getByRole('alertdialog')).toContainText(account.email);
    await page.getByTestId('confirm-action').click();
    await expect(page.getByText('تم إرسال رسالة إعادة التعيين')).toBeVisible();
    expect(await mailedLink(account.email, '/reset-password?token=')).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);

    // Before the suspension the teacher's subdomain is open.
    const platform = `http://${account.subdomain}.localhost:${new URL(ORIGIN).port}`;
    await teacher.page.goto(`${platform}/`);
    await expect(teacher.page).toHaveURL(`${platform}/`);
    await expect(teacher.page.getByTestId('inactive')).toHaveCount(0);
    await teacher.page.goto('/teacher/dashboard');
    await expect(teacher.page.getByTestId('teacher-layout')).toBeVisible();

    await page.getByTestId('action-suspend').click();
    await expect(page.getByRole('alertdialog')).toContainText('إيقاف حساب أستاذة للاختبار؟');
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('status-badge')).toHaveText('موقوف');
    await expect(page.getByTestId('teacher-history')).toContainText('تغيير حالة أستاذ');
    await expect(page.getByTestId('teacher-history')).toContainText('تغيير خطة أستاذ');
    // Details in words, not JSON: statuses and plans by their names.
    await expect(page.getByTestId('teacher-history')).toContainText('التغيير: من نشط إلى موقوف');
    await expect(page.getByTestId('teacher-history')).toContainText('التغيير: من المستقل إلى الأكاديمية');
    await expect(page.getByTestId('teacher-history')).toContainText('المدة المضافة: 10 أيام');
    await expect(page.getByTestId('teacher-history')).not.toContainText(/\bfrom\b|\bto\b|planId/);

    // The teacher's open session in the other browser has ended: the next screen sends them to login.
    expect((await (await teacher.page.request.get('/api/accounts/session')).json()).session).toBeNull();
    await teacher.page.goto('/teacher/profile');
    await expect(teacher.page).toHaveURL(/\/login\?redirectTo=%2Fteacher%2Fprofile$/);
    // Their platform is closed too: the subdomain shows /inactive, and signing in there is refused.
    await teacher.page.goto(`${platform}/`);
    await expect(teacher.page).toHaveURL(`${platform}/inactive`);
    await expect(teacher.page.getByTestId('inactive')).toBeVisible();
    await teacher.page.screenshot({ path: `${SCREENSHOTS}/admin-suspended-subdomain-ar-1280.png` });
    const refused = await teacher.page.evaluate(
      async (body) => {
        const res = await fetch('/api/accounts/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return ((await res.json()) as { error?: { code: string } }).error?.code;
      },
      { email: account.email, password: account.password },
    );
    expect(refused).toBe('TEACHER_INACTIVE');
    await teacher.context.close();

    await page.getByTestId('action-activate').click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('status-badge')).toHaveText('نشط');

    // "See all" opens the audit log filtered on this teacher.
    await page.getByTestId('history-all').click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/audit\?teacher=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('teacher-filter')).toContainText('أستاذة للاختبار');
    await expect(page.getByTestId('audit-row')).toHaveCount(5);
    for (const name of await page.getByTestId('audit-teacher').allTextContents()) expect(name).toBe('أستاذة للاختبار');
    await screenshots(page, 'audit-teacher-ar');
    await page.getByTestId('clear-teacher-filter').click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/audit$/);
  });

  test('audit log: filter by action and actor, read-only', async ({ page }) => {
    // A sign-in with the password writes the admin.login row filtered for below (a minted session does not).
    await login(page, DEMO.admin.email);
    await page.goto('/admin/dashboard');
    await nav(page).getByRole('link', { name: 'سجل التدقيق' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('سجل التدقيق');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await page.getByTestId('filter-action').selectOption('admin.login');
    await settled(page, 'action=admin.login');
    for (const action of await page.getByTestId('audit-action').allTextContents()) expect(action).toBe('دخول مسؤول');
    await page.getByTestId('audit-actor').fill('admin@darsi.test');
    await page.getByRole('button', { name: 'بحث' }).click();
    await settled(page, 'actor=admin%40darsi.test&action=admin.login');
    await expect(page.getByTestId('audit-row').first()).toContainText('admin@darsi.test');
    await expect(page.getByRole('button', { name: /حذف|تعديل/ })).toHaveCount(0);
    await screenshots(page, 'audit-ar');

    // A status change reads in words, with the teacher's name rather than ids.
    await page.goto('/admin/dashboard/audit?action=teacher.status_changed');
    const suspended = page.getByTestId('audit-row').filter({ hasText: 'أستاذ رضا قاسمي' }).first();
    await expect(suspended.getByTestId('audit-details')).toHaveText('التغيير: من نشط إلى موقوف');
    await expect(page.getByTestId('results')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  test('inboxes: search, handled state and a safe CSV export', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await nav(page).getByRole('link', { name: 'صناديق الوارد' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/inbox\/contact$/);
    await expect(page.getByTestId('inbox-entry').first()).toBeVisible();
    await page.getByTestId('inbox-search').fill('الأكاديمية');
    await page.getByRole('button', { name: 'بحث' }).click();
    await settled(page, `q=${encodeURIComponent('الأكاديمية')}`);
    const entry = page.getByTestId('inbox-entry').filter({ hasText: 'سؤال عن خطة الأكاديمية' });
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('entry-state')).toHaveText('بانتظار المعالجة');
    await entry.getByTestId('toggle-handled').click();
    await expect(entry.getByTestId('entry-state')).toHaveText('معالَجة');
    await page.getByTestId('filter-state').selectOption('handled');
    await settled(page, `q=${encodeURIComponent('الأكاديمية')}&state=handled`);
    await expect(page.getByTestId('inbox-entry').filter({ hasText: 'سؤال عن خطة الأكاديمية' })).toBeVisible();
    await screenshots(page, 'inbox-ar');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^darsi-contact-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('id,name,email,phone,subject,message,language,handledAt,createdAt');
    expect(csv).toContain('سؤال عن خطة الأكاديمية');
    // The phone number starts with +: exported as text, never as a formula.
    expect(csv).toContain("'+213555123456");

    // A French message reads left to right inside the Arabic page.
    await page.getByTestId('filter-state').selectOption('');
    await page.getByTestId('inbox-search').fill('Partenariat');
    await page.getByRole('button', { name: 'بحث' }).click();
    await settled(page, 'q=Partenariat');
    const french = page.getByTestId('inbox-entry').filter({ hasText: 'Partenariat école' });
    for (const part of ['entry-subject', 'entry-text']) {
      expect(await french.getByTestId(part).evaluate((el) => getComputedStyle(el).direction), part).toBe('ltr');
    }
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    await page.getByRole('link', { name: 'ملاحظات خارطة الطريق' }).click();
    await expect(page.getByTestId('inbox-entry').filter({ hasText: 'الوضع الليلي' })).toBeVisible();
    await page.getByRole('link', { name: 'مشتركو النشرة البريدية' }).click();
    await expect(page.getByTestId('inbox-entry').filter({ hasText: 'news@example.test' })).toBeVisible();
  });

  test('admins: invite one, who registers once with the link, then revoke them and their session ends', async ({ page, browser }) => {
    await page.goto('/admin/dashboard/admins');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المسؤولون');
    await expect(page.getByTestId('admin-row').filter({ hasText: DEMO.admin.email })).toContainText('أنت');
    const invitee = uniqueAccount('adm-new');
    await page.getByLabel('البريد الإلكتروني').fill(invitee.email);
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    const link = await page.getByTestId('invitation-link').inputValue();
    await expect(page.getByTestId('pending-invitations')).toContainText(invitee.email);

    const other = await otherBrowser(browser);
    await other.page.goto(link);
    await other.page.locator('#name').fill('مسؤولة جديدة');
    await other.page.locator('#password').fill(invitee.password);
    await other.page.locator('form button[type=submit]').click();
    await expect(other.page).toHaveURL(/\/admin\/dashboard$/);
    await expect(other.page.getByTestId('admin-layout')).toBeVisible();

    // The link works once.
    const third = await otherBrowser(browser);
    const again = await third.page.request.post('/api/admin/register', {
      data: { name: 'x', email: invitee.email, password: invitee.password, token: new URL(link).searchParams.get('token') },
      headers: { origin: ORIGIN },
    });
    expect((await again.json()).error.code).toBe('INVITATION_INVALID');
    await third.context.close();

    await page.reload();
    const row = page.getByTestId('admin-row').filter({ hasText: invitee.email });
    await expect(row).toBeVisible();
    await screenshots(page, 'admins-ar');
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByTestId('revoke-admin').click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByText('سُحبت صلاحية المسؤول من مسؤولة جديدة')).toBeVisible();
    await expect(page.getByTestId('admin-row').filter({ hasText: invitee.email })).toHaveCount(0);

    await other.page.goto('/admin/dashboard/teachers');
    await expect(other.page).toHaveURL(/\/admin\/login/);
    await other.context.close();

    // An e-mail that already has an account cannot be invited: said under the field, nothing sent.
    await page.getByLabel('البريد الإلكتروني').fill(DEMO.teacher.email);
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await expect(page.getByTestId('invite-form')).toContainText('لهذا البريد الإلكتروني حساب في دَرسي، فلا يمكن دعوته مسؤولاً.');

    // A pending invitation can be cancelled; its link then stops working.
    const later = uniqueAccount('adm-cancel');
    await page.getByLabel('البريد الإلكتروني').fill(later.email);
    await page.getByRole('button', { name: 'إرسال الدعوة' }).click();
    const cancelledLink = await page.getByTestId('invitation-link').inputValue();
    const pending = page.getByTestId('pending-invitation').filter({ hasText: later.email });
    await pending.getByTestId('cancel-invitation').click();
    await expect(page.getByRole('alertdialog')).toContainText(later.email);
    await page.getByTestId('confirm-action').click();
    await expect(page.getByText('أُلغيت الدعوة')).toBeVisible();
    await expect(page.getByTestId('pending-invitation').filter({ hasText: later.email })).toHaveCount(0);
    const refused = await page.request.post('/api/admin/register', {
      data: { name: 'x', email: later.email, password: later.password, token: new URL(cancelledLink).searchParams.get('token') },
      headers: { origin: ORIGIN },
    });
    expect((await refused.json()).error.code).toBe('INVITATION_INVALID');
  });

  test('an unknown admin address is a not-found page inside the admin frame', async ({ page }) => {
    await page.goto('/admin/dashboard/no-such/screen');
    await expect(page.getByTestId('admin-layout')).toBeVisible();
    await expect(page.getByTestId('not-found')).toContainText('هذه الصفحة غير موجودة في لوحة الإدارة');
    await expect(page).toHaveTitle(/هذه الصفحة غير موجودة في لوحة الإدارة/);
    await screenshots(page, 'not-found-ar');
    await page.getByRole('link', { name: 'العودة إلى لوحة الإدارة' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('admin area (English and French)', () => {
  test('teachers and audit screens read left to right in English, the overview in French', async ({ page }) => {
    await signInAs(page, DEMO.admin.email);
    await page.goto('/admin/dashboard/teachers?lng=en');
    await expectDirection(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teachers');
    await expect(page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Audit log' })).toBeVisible();
    await page.getByTestId('filter-trial').selectOption('ending');
    await expect(page.getByTestId('filter-trial').locator('option:checked')).toHaveText('Ending within 2 days');
    await page.goto('/admin/dashboard/teachers?status=bogus&lng=en');
    await expect(page.getByTestId('error-state')).toContainText('Unknown filter value: status.');
    await screenshots(page, 'teachers-en');
    await page.getByTestId('clear-filters').click();
    await settled(page, '');
    await expect(page.getByTestId('teacher-row').first()).toBeVisible();
    await page.goto('/admin/dashboard/audit?action=teacher.status_changed&lng=en');
    await expect(page.getByTestId('audit-row').filter({ hasText: 'أستاذ رضا قاسمي' }).first().getByTestId('audit-details')).toHaveText(
      'Change: from Active to Suspended',
    );

    await page.goto('/admin/dashboard?lng=fr');
    await expectDirection(page, 'fr');
    await expect(page.getByRole('heading', { name: 'Nouvelles inscriptions par jour' })).toBeVisible();
    await expect(page.getByTestId('stat-teachers-onTrial')).toContainText('En période d’essai');
    await screenshots(page, 'overview-fr');
  });
});
