import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { registerTeacherViaApi } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';

const WIDTHS = [375, 1280] as const;

test.describe('auth screens', () => {
  for (const width of WIDTHS) {
    test(`login and register fit a ${width} px screen in Arabic`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await expectDirection(page, 'ar');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Show the error box and the diagnostic log as a user would see them.
      await page.route('**/api/accounts/login', (route) =>
        route.fulfill({ status: 401, json: { error: { code: 'INVALID_CREDENTIALS', message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' } } }),
      );
      await page.locator('#email').fill('someone@example.com');
      await page.locator('#password').fill('not-the-password');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByTestId('login-log')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/auth-login-ar-${width}.png`, fullPage: true });

      await page.goto('/register');
      await page.getByLabel('الاسم الكامل').fill('عبد الرحمن بن محمد الجزائري');
      await page.getByLabel('البريد الإلكتروني').fill('a-very-long-address-for-testing@example-school.dz');
      await expect(page.getByTestId('subdomain-preview')).toBeVisible();
      await expect(page.getByLabel('النطاق الفرعي لمنصتك')).not.toHaveAttribute('data-validity', 'checking');
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/auth-register-ar-${width}.png`, fullPage: true });

      await page.getByLabel('النطاق الفرعي لمنصتك').fill('a'.repeat(63));
      await expectNoHorizontalOverflow(page);
    });
  }

  test('every auth screen has an h1 and no horizontal overflow at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const pages = [
      '/teacher/login',
      '/student/login',
      '/admin/login',
      '/platform/demo/login',
      '/student/register',
      '/platform/demo/register',
      '/forgot-password',
      '/student/forgot-password',
      '/platform/demo/forgot-password',
      '/reset-password?token=abcdefgh12345678',
      '/student/reset-password',
      '/verify',
      '/verify?error=TOKEN_EXPIRED',
      '/admin/register',
      '/admin/register?token=0123456789abcdef0123&email=new-admin@example.com',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      await expectNoHorizontalOverflow(page);
      const name = path.replace(/\?.*/, '').replace(/^\//, '').replace(/\//g, '-');
      await page.screenshot({ path: `${SCREENSHOTS}/auth-${name}${path.includes('?') ? '-q' : ''}-ar-375.png`, fullPage: true });
    }
    await page.goto('/student/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب طالب');
    await page.screenshot({ path: `${SCREENSHOTS}/auth-student-register-ar-375.png`, fullPage: true });
  });

  test('the register screen in French reads left to right and fits 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/register?lng=fr');
    await expectDirection(page, 'fr');
    await page.getByLabel('Nom complet').fill('Amélie Durand');
    await page.getByLabel('Sous-domaine de votre plateforme').fill('ab');
    await expect(page.getByTestId('subdomain-error')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/auth-register-fr-375.png`, fullPage: true });
  });

  test('/verify claims a confirmation only when there is one, and offers a new link otherwise', async ({ page }) => {
    // Nobody signed in and no fresh confirmation: an explanation, not a claim.
    await page.goto('/verify');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تأكيد البريد الإلكتروني');
    await expect(page.getByTestId('verify-unknown')).toContainText('طلب رابط جديد يكون بعد تسجيل الدخول');
    await expect(page.getByRole('link', { name: 'تسجيل دخول الأستاذ' })).toHaveAttribute('href', '/login');
    // Where Better Auth redirects after accepting a link (opened in a browser without the session).
    await page.goto('/verify?confirmed=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تم تأكيد بريدك الإلكتروني');

    // Signed in but not confirmed: the marker is not believed over the server, and a new link can be asked for.
    const account = uniqueAccount('verify-pending');
    await registerTeacherViaApi(page, account);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/verify?confirmed=1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم يتم تأكيد بريدك الإلكتروني بعد');
      await expect(page.getByTestId('verify-pending')).toContainText(account.email);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/auth-verify-pending-ar-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'إعادة إرسال رسالة التأكيد' }).click();
    await expect(page.getByTestId('resend-verification-sent')).toContainText('أرسلنا رسالة تأكيد جديدة إلى');
    await expect(page.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' })).toHaveAttribute('href', '/dashboard');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/auth-verify-resent-ar-1280.png`, fullPage: true });
    await page.context().clearCookies();

    await page.goto('/verify?error=INVALID_TOKEN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تعذر تأكيد بريدك الإلكتروني');
    await expect(page.getByTestId('form-error')).toHaveText('رابط التأكيد غير صالح. يُرجى فتح آخر رابط أُرسل إليك.');
    await page.goto('/verify?error=something_else');
    await expect(page.getByTestId('form-error')).toHaveText('حدث خطأ أثناء تأكيد البريد الإلكتروني. يُرجى المحاولة مرة أخرى لاحقاً.');
  });

  test('/admin/register needs an invitation; an invalid one is refused by the server', async ({ page }) => {
    await page.goto('/admin/register');
    await expect(page.getByTestId('admin-invitation-required')).toBeVisible();
    await expect(page.locator('form')).toHaveCount(0);

    await page.goto('/admin/register?token=0123456789abcdef0123&email=new-admin%40example.com');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue('new-admin@example.com');
    await page.getByLabel('الاسم الكامل').fill('New Admin');
    await page.locator('#password').fill('admin-pass-123');
    await page.getByRole('button', { name: 'إنشاء حساب المسؤول' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('الدعوة غير صالحة أو مستخدمة أو منتهية الصلاحية.');
  });
});
