import { registerTeacherViaApi } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

const TEACHER_NAME = 'أستاذ أحمد بن علي';

/**
 * Every sidebar entry and the URL it opens. The h1 is checked for the pages of this frame; the other
 * sections belong to their own features (or still show the placeholder), so only their single h1 is.
 */
const SECTIONS: Array<{ nav: string; url: string; h1?: string }> = [
  { nav: 'الدورات', url: '/teacher/courses' },
  { nav: 'الطلاب', url: '/teacher/students' },
  { nav: 'الجلسات المباشرة', url: '/teacher/live-sessions' },
  { nav: 'التحليلات', url: '/teacher/analytics' },
  { nav: 'صفحات الهبوط', url: '/dashboard/landing-pages' },
  { nav: 'الإيرادات', url: '/dashboard/revenue' },
  { nav: 'الرسائل', url: '/dashboard/messages' },
  { nav: 'الإشعارات', url: '/teacher/notifications' },
  { nav: 'الاقتراحات', url: '/dashboard/feedback' },
  { nav: 'الملف الشخصي', url: '/teacher/profile', h1: 'الملف الشخصي' },
  { nav: 'الإعدادات', url: '/teacher/settings', h1: 'الإعدادات' },
  { nav: 'نظرة عامة', url: '/teacher/dashboard', h1: `مرحباً، ${TEACHER_NAME}` },
];

test.describe('teacher dashboard (Arabic)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, DEMO.teacher.email);
  });

  test('the overview shows the name, the platform link, the paid plan and the students', async ({ page, context, baseURL }) => {
    const { host, port } = new URL(baseURL!);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    await page.goto('/teacher/dashboard');
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${TEACHER_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/لوحة التحكم/);
    await expect(page.getByTestId('top-bar-name')).toHaveText(TEACHER_NAME);
    await expect(page.getByTestId('platform-url')).toHaveText(`demo.localhost:${port}`);
    // The demo teacher paid an annual plan: the card speaks of it, not of the trial (issue 24).
    await expect(page.getByTestId('plan-summary')).toHaveText(/^خطة «الأكاديمية» مدفوعة حتى \d{1,2} \S+ \d{4}\.$/);
    await expect(page.getByTestId('student-count')).toHaveText(/^\d+$/);

    const topLink = page.getByTestId('top-bar-platform-link');
    await expect(topLink).toHaveAttribute('href', `http://demo.${host}`);
    await expect(topLink).toHaveAttribute('target', '_blank');
    await expect(topLink).toHaveAttribute('rel', /noopener/);

    await page.getByTestId('copy-platform-url').click();
    await expect(page.getByText('تم النسخ إلى الحافظة')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://demo.${host}`);

    // The sidebar sits on the start side: the right in Arabic.
    const sidebar = page.getByTestId('sidebar-nav');
    const box = await sidebar.boundingBox();
    expect(box!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    await expect(sidebar.getByRole('link', { name: 'نظرة عامة' })).toHaveAttribute('aria-current', 'page');

    // /dashboard is the same overview.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${TEACHER_NAME}`);
    await expect(sidebar.getByRole('link', { name: 'نظرة عامة' })).toHaveAttribute('aria-current', 'page');
  });

  test('the sidebar opens every section inside the layout and marks it', async ({ page }) => {
    // Every section's screen is a lazy chunk loaded for the first time here: with the sidebar now at 13 sections and the direct visits after them,
    // a loaded two-core machine took over the default 45 s (seen twice, at load 20-25).
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/teacher/dashboard');
    const sidebar = page.getByTestId('sidebar-nav');
    for (const section of SECTIONS) {
      await sidebar.getByRole('link', { name: section.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.url}$`));
      if (section.h1) await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.h1);
      else await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByTestId('teacher-layout')).toBeVisible();
      await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(sidebar.getByRole('link', { name: section.nav, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    // Direct visits too, including the quiz manager (part of the courses section).
    await page.goto('/teacher/dashboard/courses/quizzes/some-course');
    await expect(page.getByTestId('teacher-layout')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'الدورات', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto('/dashboard/landing-pages/new');
    await expect(page.getByTestId('teacher-layout')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'صفحات الهبوط', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto('/dashboard/no-such-section');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${TEACHER_NAME}`);
    // Bare /teacher is the dashboard, not an empty frame.
    await page.goto('/teacher');
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${TEACHER_NAME}`);
    // /teacher/{x} is a platform only when x is a registered subdomain (spec §2.5); otherwise the dashboard (§2.4).
    await page.goto('/teacher/demo');
    await expect(page).toHaveURL(/\/platform\/demo$/);
    await page.goto('/teacher/no-such-platform-here');
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
    await page.goto('/teacher/admin');
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  });

  test('the sidebar and the top bar work with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/teacher/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'الانتقال إلى المحتوى الرئيسي' })).toBeFocused();
    // Tab along the sidebar until the settings link, then follow it.
    const settings = page.getByTestId('sidebar-nav').getByRole('link', { name: 'الإعدادات' });
    for (let i = 0; i < 20 && !(await settings.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/teacher\/settings$/);
  });

  test('on a phone the sidebar is a drawer that locks the scroll and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/teacher/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('sidebar-nav')).toBeHidden();
    const menu = page.getByRole('button', { name: 'فتح القائمة' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).not.toBe('hidden');

    await menu.click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    // The rest of the page is hidden from assistive technology while the drawer is open.
    await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toHaveCount(0);
    await expect.poll(overflow).toBe('hidden');
    // It slides from the right in Arabic.
    const box = await drawer.boundingBox();
    expect(Math.round(box!.x + box!.width)).toBe(375);
    await expect(drawer.getByRole('link', { name: /demo\.localhost/ })).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-drawer-ar-375.png` });
    await expectNoHorizontalOverflow(page);

    await drawer.getByRole('link', { name: 'الطلاب' }).click();
    await expect(page).toHaveURL(/\/teacher\/students$/);
    await expect(drawer).toBeHidden();
    await expect.poll(overflow).not.toBe('hidden');

    // The close button, then Escape, close it too, and the focus returns to the menu button.
    await menu.click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'إغلاق القائمة' }).click();
    await expect(drawer).toBeHidden();
    await menu.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });

  for (const width of [375, 1280]) {
    test(`every teacher page is readable at ${width} px without horizontal overflow`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, shot] of [
        ['/teacher/dashboard', 'overview'],
        ['/teacher/profile', 'profile'],
        ['/teacher/settings', 'settings'],
        ['/teacher/courses', 'courses'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId('overview-loading')).toHaveCount(0);
        await expect(page.getByText('جارٍ التحميل…')).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `${SCREENSHOTS}/teacher-${shot}-ar-${width}.png`, fullPage: true });
      }
    });
  }

  test('a new teacher with the longest subdomain sees the e-mail reminder, without overflow at 375 px', async ({ page }) => {
    const account = uniqueAccount('long');
    await page.context().clearCookies();
    await registerTeacherViaApi(page, { ...account, subdomain: `${account.subdomain}-${'x'.repeat(63)}`.slice(0, 63) }, 'محمد الأمين');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/teacher/dashboard');
    await expect(page.getByTestId('verify-reminder')).toContainText('أرسلنا رابط تأكيد إلى');
    await expect(page.getByTestId('platform-url')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-overview-unverified-ar-375.png`, fullPage: true });
  });

  test('the profile shows the account and platform details', async ({ page, baseURL }) => {
    const { port } = new URL(baseURL!);
    await page.goto('/teacher/profile');
    await expect(page).toHaveTitle(/الملف الشخصي/);
    await expect(page.getByTestId('profile-name')).toHaveText(TEACHER_NAME);
    await expect(page.getByTestId('profile-email')).toHaveText(DEMO.teacher.email);
    await expect(page.getByTestId('profile-subdomain')).toHaveText('demo');
    await expect(page.getByTestId('profile-platform-link')).toHaveText(`demo.localhost:${port}`);
    await expect(page.getByTestId('profile-member-since')).toHaveText(/\d{4}/);
    await expect(page.getByLabel('الاسم الكامل')).toHaveValue(TEACHER_NAME);
    await expect(page.getByRole('button', { name: 'حفظ الاسم' })).toBeDisabled();
  });

  test('a failed overview shows an error with a retry that recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/api/accounts/teacher/overview', async (route) => {
      if (!fail) return route.continue();
      // Held back a moment so that the loading skeleton can be seen.
      await new Promise((r) => setTimeout(r, 300));
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'حدث خطأ غير متوقع. يُرجى المحاولة مرة أخرى.' } }),
      });
    });
    await page.goto('/teacher/dashboard');
    await expect(page.getByTestId('overview-loading')).toBeVisible();
    const error = page.getByTestId('error-state');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText('حدث خطأ غير متوقع. يُرجى المحاولة مرة أخرى.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${TEACHER_NAME}`);
    fail = false;
    await error.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await expect(page.getByTestId('platform-url')).toBeVisible();
    await expect(error).toHaveCount(0);
  });

  test('signing out ends the session and goes to the login page', async ({ page }) => {
    await page.goto('/teacher/dashboard');
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/teacher/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteacher%2Fdashboard$/);
  });
});
