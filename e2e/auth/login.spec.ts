import { ORIGIN, isSignedIn, registerTeacherViaApi, signOutViaApi, submitLogin } from '../support/auth';
import { DEMO, DEMO_PASSWORD, expect, test, uniqueAccount } from '../support/fixtures';

const WRONG = 'البريد الإلكتروني أو كلمة المرور غير صحيحة.';

test.describe('login', () => {
  test('a wrong password shows the server error; the sixth failure in a row asks to wait', async ({ page }) => {
    const account = uniqueAccount('locked');
    await registerTeacherViaApi(page, account);
    await signOutViaApi(page);

    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submitLogin(page, account.email, `wrong-password-${attempt}`);
      await expect(page.getByTestId('form-error')).toHaveText(WRONG);
      await expect(page.getByTestId('login-log').locator('li[data-step=failed]')).toContainText('INVALID_CREDENTIALS');
    }
    await submitLogin(page, account.email, account.password);
    await expect(page.getByTestId('form-error')).toContainText('دقيقة');
    await expect(page.getByTestId('form-error')).toHaveText(/^محاولات كثيرة\. يُرجى المحاولة مرة أخرى بعد \d+ دقيقة\.$/);
    await expect(page).toHaveURL(/\/login$/);
    expect(await isSignedIn(page)).toBe(false);
  });

  test('the login screen loads without TanStack Query, which the signed-in areas bring (decision 005)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الأستاذ');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.includes('/login-page-'))).toHaveLength(1);
    expect(scripts.filter((s) => s.includes('/query-client-'))).toEqual([]);
  });

  test('the login screen: labels, autocomplete, show/hide and the teacher links', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الأستاذ');
    await expect(page).toHaveTitle('تسجيل دخول الأستاذ | دَرسي');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveAttribute('autocomplete', 'email');
    await expect(page.locator('#password')).toHaveAttribute('autocomplete', 'current-password');
    await page.locator('#password').fill('secret-value');
    await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
    await expect(page.locator('#password')).toHaveAttribute('type', 'text');
    await expect(page.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/register');
    await expect(page.getByTestId('login-log')).toHaveCount(0);

    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByTestId('email-error')).toHaveText('هذا الحقل مطلوب');
  });

  test('each portal links to its own screens; the admin portal has no sign-up', async ({ page }) => {
    await page.goto('/student/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الطالب');
    await expect(page.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/student/forgot-password');
    await expect(page.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/student/register');

    await page.goto('/platform/demo/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول إلى منصة demo');
    await expect(page.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/platform/demo/forgot-password');
    await expect(page.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/platform/demo/register');

    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('دخول المسؤولين');
    await expect(page.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveCount(0);
  });

  test('the guard keeps the origin: /teacher/settings → login → back to /teacher/settings', async ({ page }) => {
    await page.goto('/teacher/settings');
    await expect(page).toHaveURL('/login?redirectTo=%2Fteacher%2Fsettings');
    await submitLogin(page, DEMO.teacher.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/teacher\/settings$/);
  });

  test('a student is never sent into the teacher area; visiting /dashboard signs them out', async ({ page }) => {
    // A redirectTo into the teacher area does not fit a student: they land on their own dashboard.
    await page.goto('/login?redirectTo=%2Fdashboard');
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    expect(await isSignedIn(page)).toBe(true);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    expect(await isSignedIn(page)).toBe(false);
  });

  test('a redirectTo to another site is ignored: the student goes to their teacher platform (spec §7.4)', async ({ page }) => {
    await page.goto('/student/login?redirectTo=%2F%2Fevil.example%2Fstudent');
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(`${ORIGIN}/platform/demo/student/dashboard`);
  });

  test('a student logging in at the main-domain /login lands on their teacher platform', async ({ page }) => {
    await page.goto('/login');
    const answer = page.waitForResponse('**/api/accounts/login');
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    expect((await (await answer).json()).steps).toContain('foundTeacherPlatform');
    await expect(page).toHaveURL(`${ORIGIN}/platform/demo/student/dashboard`);
    await expect(page.getByTestId('current-platform')).toHaveText('أنت على منصة أستاذ أحمد بن علي');
  });

  test('a student logging in on a teacher platform lands in that platform', async ({ page }) => {
    await page.goto('/platform/demo/login');
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/platform\/demo\/student\/dashboard$/);
  });

  test('the admin logs in at /admin/login', async ({ page }) => {
    await page.goto('/admin/login');
    await submitLogin(page, DEMO.admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('with browser storage disabled, login stops with an alert and sends nothing', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('storage disabled', 'SecurityError');
      };
    });
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/accounts/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الأستاذ');
    const dialogs: Array<{ type: string; message: string }> = [];
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
    await submitLogin(page, DEMO.teacher.email, DEMO_PASSWORD);
    await expect.poll(() => dialogs).toEqual([{ type: 'alert', message: 'يرجى تفعيل تخزين البيانات في المتصفح للوصول إلى لوحة التحكم' }]);
    await expect(page.getByTestId('login-log').locator('li[data-step=storageBlocked]')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(loginCalls).toBe(0);
  });

  test('login keeps the language and colour preferences while clearing the cached auth status', async ({ page }) => {
    await page.goto('/student/login?lng=en');
    await page.evaluate(() => {
      localStorage.setItem('primaryColor', '#16a34a');
      localStorage.setItem('teacher_auth_status', '{"isAuthenticated":true}');
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student log in');
    await page.route('**/api/accounts/login', (route) => route.abort());
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    await expect(page.getByTestId('form-error')).toHaveText('Could not reach the server. Check your connection and try again.');
    const stored = await page.evaluate(() => ({
      color: localStorage.getItem('primaryColor'),
      lng: localStorage.getItem('i18nextLng'),
      status: localStorage.getItem('teacher_auth_status'),
    }));
    expect(stored).toEqual({ color: '#16a34a', lng: 'en', status: null });
  });
});
