import type { Locator, Page } from '@playwright/test';
import { expect, latestMail, linkIn, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

const originOf = (baseURL: string) => ({ origin: new URL(baseURL).origin });

/** A fresh teacher (signed in by the registration), so the demo accounts stay as they are. */
async function freshTeacher(page: Page, baseURL: string, name = 'أستاذة ليلى') {
  const account = uniqueAccount('set');
  const res = await page.request.post('/api/accounts/register/teacher', {
    data: { name, email: account.email, subdomain: account.subdomain, password: account.password },
    headers: originOf(baseURL),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, name };
}

async function login(page: Page, baseURL: string, email: string, password: string) {
  return page.request.post('/api/accounts/login', { data: { email, password }, headers: originOf(baseURL) });
}

/** Visible text without the Unicode isolates that keep e-mails readable inside Arabic sentences. */
const plainText = async (locator: Locator) => (await locator.textContent())?.replace(/[\u2066-\u2069]/g, '');

const primary = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());

test.describe('teacher settings (Arabic)', () => {
  test('changing the name updates the top bar', async ({ page, baseURL }) => {
    await freshTeacher(page, baseURL!);
    await page.goto('/teacher/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإعدادات');
    await expect(page).toHaveTitle(/الإعدادات/);
    await expect(page.getByTestId('top-bar-name')).toHaveText('أستاذة ليلى');
    const name = page.getByLabel('الاسم الكامل');
    await name.fill('');
    await page.getByRole('button', { name: 'حفظ الاسم' }).click();
    await expect(page.getByText('هذا الحقل مطلوب')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('أستاذة ليلى بن يوسف');
    await page.getByRole('button', { name: 'حفظ الاسم' }).click();
    await expect(page.getByText('تم حفظ اسمك.')).toBeVisible();
    await expect(page.getByTestId('top-bar-name')).toHaveText('أستاذة ليلى بن يوسف');
    await page.reload();
    await expect(page.getByTestId('top-bar-name')).toHaveText('أستاذة ليلى بن يوسف');
    await page.goto('/teacher/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرحباً، أستاذة ليلى بن يوسف');
  });

  test('choosing English switches the interface to left-to-right and keeps it, with e-mails in English', async ({ page, baseURL }) => {
    const teacher = await freshTeacher(page, baseURL!, 'Leila Haddad');
    await page.goto('/teacher/settings');
    await expectDirection(page, 'ar');
    await page.getByRole('radio', { name: 'English' }).check();
    await expectDirection(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByText('The language has been saved.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    // Saved on the account, so that e-mails are written in it.
    const session = await (await page.request.get('/api/accounts/session')).json();
    expect(session.session.user.language).toBe('en');

    await page.reload();
    await expectDirection(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    // The sidebar moves to the left in English.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${teacher.name}`);
    await expect(page.getByTestId('plan-summary')).toHaveText('5 days left in your free trial of the Independent plan');
    expect((await page.getByTestId('sidebar-nav').boundingBox())!.x).toBeLessThan(10);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-overview-en-1280.png`, fullPage: true });

    // An e-mail sent now comes in English.
    await page.goto('/teacher/settings');
    const newEmail = uniqueAccount('new').email;
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Change the e-mail' }).click();
    await expect
      .poll(() => plainText(page.getByTestId('email-sent')))
      .toBe(`We sent a confirmation link to ${newEmail}. Your address will change once you open it.`);
    const mail = await latestMail(newEmail);
    expect(mail).toContain('verify-email');
    expect(mail).not.toMatch(/[\u0600-\u06FF]/);

    // And back to Arabic from the top bar's switcher.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-ar').click();
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإعدادات');
    await expect.poll(async () => (await (await page.request.get('/api/accounts/session')).json()).session.user.language).toBe('ar');
  });

  test('asking for a new e-mail explains where the confirmation link went', async ({ page, baseURL }) => {
    const teacher = await freshTeacher(page, baseURL!);
    await page.goto('/teacher/settings');
    const field = page.getByLabel('البريد الإلكتروني الجديد');
    const submit = page.getByRole('button', { name: 'تغيير البريد الإلكتروني' });
    await field.fill('not-an-email');
    await submit.click();
    await expect(page.getByText('يُرجى إدخال بريد إلكتروني صالح')).toBeVisible();
    await field.fill(teacher.email);
    await submit.click();
    await expect(page.getByText('هذا هو بريدك الإلكتروني الحالي.')).toBeVisible();
    await field.fill('teacher@darsi.test');
    await submit.click();
    await expect(page.getByText('هذا البريد الإلكتروني مسجل بالفعل', { exact: false })).toBeVisible();

    // An address never confirmed: the link goes to the new address.
    const first = uniqueAccount('new').email;
    await field.fill(first);
    await submit.click();
    await expect.poll(() => plainText(page.getByTestId('email-sent'))).toBe(`أرسلنا رابط تأكيد إلى ${first}. سيتغير عنوانك بعد فتح الرابط.`);
    await expect(field).toHaveValue('');
    expect(linkIn(await latestMail(first), 'verify-email')).toContain('token=');
    await expect(page.getByTestId('current-email')).toHaveText(teacher.email);

    // Once the account is confirmed, the link goes to the current address instead.
    await page.goto(linkIn(await latestMail(teacher.email), 'verify-email'));
    await page.goto('/teacher/settings');
    const second = uniqueAccount('new').email;
    await field.fill(second);
    await submit.click();
    await expect
      .poll(() => plainText(page.getByTestId('email-sent')))
      .toBe(`أرسلنا رابط تأكيد إلى ${teacher.email}. سيتغير عنوانك إلى ${second} بعد فتح الرابط.`);
    await expect.poll(() => latestMail(teacher.email)).toContain(second);
    expect(await latestMail(teacher.email)).toContain('تأكيد تغيير البريد الإلكتروني');
    await expect(page.getByTestId('current-email')).toHaveText(teacher.email);
  });

  test('the primary colour previews, saves and persists', async ({ page, baseURL }) => {
    await freshTeacher(page, baseURL!);
    await page.goto('/teacher/settings');
    expect(await primary(page)).toBe('#2563eb');
    await page.getByTitle('أخضر').click();
    // Only the preview follows until it is saved.
    const preview = page.getByTestId('color-preview');
    await expect(preview).toHaveAttribute('style', /--primary:\s*#16a34a/);
    expect(await primary(page)).toBe('#2563eb');
    await page.getByRole('button', { name: 'حفظ اللون' }).click();
    await expect(page.getByText('تم حفظ اللون.')).toBeVisible();
    expect(await primary(page)).toBe('#16a34a');
    await page.reload();
    expect(await primary(page)).toBe('#16a34a');
    await expect(page.getByRole('radio', { name: 'أخضر' })).toBeChecked();

    await page.getByLabel('لون مخصص').fill('#aa3300');
    await expect(page.getByTestId('color-value')).toHaveText('#aa3300');
    await page.getByRole('button', { name: 'حفظ اللون' }).click();
    await expect.poll(() => primary(page)).toBe('#aa3300');
    expect(await page.evaluate(() => localStorage.getItem('primaryColor'))).toBe('#aa3300');
  });

  test('changing the password checks the current one, signs out the other sessions, and the new one works', async ({ page, browser, context, baseURL }) => {
    const teacher = await freshTeacher(page, baseURL!);
    // Another device signed in as the same teacher.
    const other = await browser.newContext({ baseURL });
    await other.addCookies(await context.cookies());
    const otherPage = await other.newPage();
    await otherPage.goto('/teacher/dashboard');
    await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/teacher/settings');
    const current = page.getByLabel('كلمة المرور الحالية');
    const next = page.getByLabel('كلمة المرور الجديدة', { exact: true });
    const confirm = page.getByLabel('تأكيد كلمة المرور الجديدة');
    const submit = page.getByRole('button', { name: 'تغيير كلمة المرور' });

    // Show/hide.
    await current.fill('wrong-password-1');
    await expect(current).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'إظهار كلمة المرور' }).first().click();
    await expect(current).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'إخفاء كلمة المرور' }).click();
    await expect(current).toHaveAttribute('type', 'password');

    await next.fill('short');
    await confirm.fill('other');
    await submit.click();
    await expect(page.getByText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل')).toBeVisible();
    await expect(page.getByText('كلمتا المرور غير متطابقتين')).toBeVisible();

    await next.fill('brand-new-pass-42');
    await confirm.fill('brand-new-pass-42');
    await submit.click();
    await expect(page.getByTestId('current-password-error')).toHaveText('كلمة المرور الحالية غير صحيحة.');
    await expect(current).toBeFocused();

    await current.fill(teacher.password);
    await submit.click();
    await expect(page.getByTestId('password-changed')).toHaveText('تم تغيير كلمة المرور وتسجيل خروجك من جلساتك الأخرى. يبقى هذا الجهاز متصلاً.');
    await expect(page.getByText('تم تغيير كلمة المرور.')).toBeVisible();
    await expect(current).toHaveValue('');

    // This device stays signed in; the other one does not.
    await page.goto('/teacher/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحباً، ${teacher.name}`);
    await otherPage.goto('/teacher/dashboard');
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
    await other.close();

    // The old password no longer works; the new one does.
    expect((await login(page, baseURL!, teacher.email, teacher.password)).status()).toBe(401);
    expect((await login(page, baseURL!, teacher.email, 'brand-new-pass-42')).status()).toBe(200);
  });

  test('signing out everywhere ends the sessions of every device', async ({ page, browser, context, baseURL }) => {
    await freshTeacher(page, baseURL!);
    const other = await browser.newContext({ baseURL });
    await other.addCookies(await context.cookies());
    const otherPage = await other.newPage();
    await otherPage.goto('/teacher/dashboard');
    await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/teacher/settings');
    await page.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('ستنتهي جميع جلساتك');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/teacher-sign-out-everywhere-ar-375.png` });
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة' }).click();
    await page.getByRole('button', { name: 'نعم، تسجيل الخروج من كل الأجهزة' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await otherPage.goto('/teacher/dashboard');
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fteacher%2Fdashboard$/);
    await other.close();
    await page.goto('/teacher/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteacher%2Fdashboard$/);
  });
});
