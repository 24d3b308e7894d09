import { suggestSubdomain } from '../../src/shared/subdomain-suggest';
import { ORIGIN, isSignedIn, mailedLink, registerTeacherViaApi, signOutViaApi, submitLogin } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

const HOST = new URL(ORIGIN).host;

test.describe('teacher registration', () => {
  test('Arabic: live subdomain rules, sign-up, e-mail confirmation and logging in again', async ({ page }) => {
    const account = uniqueAccount('ar-teacher');
    await page.goto('/register');
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب أستاذ');
    await expect(page).toHaveTitle(/إنشاء حساب أستاذ/);
    await expect(page.getByTestId('teacher-register').getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');

    const subdomain = page.getByLabel('النطاق الفرعي لمنصتك');
    const message = page.getByTestId('subdomain-error');
    const preview = page.getByTestId('subdomain-preview');
    const checklist = page.getByTestId('subdomain-checklist');
    await expect(subdomain).toHaveAttribute('data-validity', 'unknown');
    await expect(checklist.locator('li')).toHaveCount(4);
    await expect(checklist.locator('li[data-state=pending]')).toHaveCount(4);

    // Typing the Arabic name suggests a transliterated subdomain, shown in the live preview.
    const name = 'أحمد بن علي';
    await page.getByLabel('الاسم الكامل').fill(name);
    const suggested = suggestSubdomain(name);
    expect(suggested).toMatch(/^[a-z0-9-]{3,}$/);
    await expect(subdomain).toHaveValue(suggested);
    await expect(preview).toHaveText(`${suggested}.${HOST}`);

    // Typing strips what a subdomain cannot hold, and says which rule the dropped keys broke (§5, word for word)
    // and what became of the typed text until the next clean keystroke, as a change the field made, not as an
    // error: the kept value is valid, so no red error contradicts "available" and the ticked rules (issue 11).
    // From then on the name no longer drives the subdomain.
    const CHARS = 'يجب أن يحتوي على أحرف إنجليزية صغيرة وأرقام وشرطات فقط';
    const adjusted = page.getByTestId('subdomain-adjusted');
    await subdomain.fill('My_Site!2');
    await expect(subdomain).toHaveValue('mysite2');
    await expect(adjusted).toContainText(CHARS);
    await expect(adjusted).toContainText('My_Site!2');
    await expect(adjusted).toContainText('mysite2');
    await expect(message).toHaveCount(0);
    await expect(page.getByText('النطاق الفرعي متاح', { exact: true })).toBeVisible();
    await expect(checklist.locator('li[data-state=met]')).toHaveCount(4);
    await subdomain.press('3');
    await expect(subdomain).toHaveValue('mysite23');
    await expect(adjusted).toHaveCount(0);
    await subdomain.pressSequentially('é');
    await expect(subdomain).toHaveValue('mysite23');
    await expect(adjusted).toContainText(CHARS);
    await expect(message).toHaveCount(0);
    await expect(subdomain).toHaveAttribute('aria-describedby', /subdomain-adjusted/);
    await page.screenshot({ path: `${SCREENSHOTS}/auth-register-stripped-ar-1280.png`, fullPage: true });
    await page.getByLabel('الاسم الكامل').fill('سارة');
    await expect(subdomain).toHaveValue('mysite23');
    // "Prof Sara!" (issue 11): kept as "profsara", said so, and nothing red beside "available".
    await subdomain.fill('Prof Sara!');
    await expect(subdomain).toHaveValue('profsara');
    await expect(adjusted).toContainText('profsara');
    await expect(message).toHaveCount(0);

    // The other §5 messages, word for word.
    await subdomain.fill('ab');
    await expect(message).toHaveText('يجب أن يكون طول النطاق 3 أحرف على الأقل');
    await expect(subdomain).toHaveAttribute('data-validity', 'invalid');
    await expect(checklist.locator('li[data-rule=length]')).toHaveAttribute('data-state', 'unmet');
    await subdomain.fill('-abc');
    await expect(message).toHaveText('النطاق الفرعي غير صالح');
    await expect(checklist.locator('li[data-rule=edges]')).toHaveAttribute('data-state', 'unmet');
    await subdomain.fill('admin');
    await expect(message).toHaveText('النطاق الفرعي غير صالح');
    await subdomain.fill('demo');
    await expect(message).toHaveText('النطاق الفرعي مستخدم بالفعل');
    await expect(checklist.locator('li[data-rule=available]')).toHaveAttribute('data-state', 'unmet');
    await subdomain.fill('a'.repeat(80));
    await expect(subdomain).toHaveValue('a'.repeat(63));
    // The kept 63 letters are valid: the rule the cut broke is said as a change, not as an error.
    await expect(adjusted).toContainText('يجب أن لا يتجاوز طول النطاق 63 حرفاً');
    await expect(message).toHaveCount(0);

    await subdomain.fill(account.subdomain);
    await expect(subdomain).toHaveAttribute('data-validity', 'valid');
    await expect(message).toHaveCount(0);
    await expect(page.getByText('النطاق الفرعي متاح')).toBeVisible();
    await expect(checklist.locator('li[data-state=met]')).toHaveCount(4);
    await expect(preview).toHaveText(`${account.subdomain}.${HOST}`);

    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveAttribute('type', 'email');
    const password = page.locator('#password');
    await password.fill(account.password);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'إخفاء كلمة المرور' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Until the address is confirmed the dashboard says so and can send the link again.
    const reminder = page.getByTestId('verify-reminder');
    await expect(reminder).toContainText('تأكيد بريدك الإلكتروني');
    await mailedLink(account.email, '/api/auth/verify-email');
    await reminder.getByRole('button', { name: 'إعادة إرسال رسالة التأكيد' }).click();
    await expect(reminder.getByTestId('resend-verification-sent')).toContainText('أرسلنا رسالة تأكيد جديدة إلى');
    await expect(reminder.getByTestId('resend-verification-sent')).toContainText(account.email);

    // The confirmation e-mail's link lands on /verify, which now says so.
    const link = await mailedLink(account.email, '/api/auth/verify-email');
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify\?confirmed=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تم تأكيد بريدك الإلكتروني');
    await page.getByRole('link', { name: 'الذهاب إلى لوحة التحكم' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);

    // Log out, then back in at /login, watching the diagnostic log while the dashboard loads.
    await signOutViaApi(page);
    expect(await isSignedIn(page)).toBe(false);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول الأستاذ');
    await page.route('**/api/accounts/session', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await submitLogin(page, account.email, account.password);
    const log = page.getByTestId('login-log');
    await expect(log.locator('li[data-step=clearingLocal]')).toBeVisible();
    await expect(log).toContainText('إرسال البريد الإلكتروني وكلمة المرور إلى الخادم');
    await expect(log).toContainText('الخادم: تم التحقق من البريد الإلكتروني وكلمة المرور');
    await expect(log).toContainText('الخادم: تم العثور على حساب أستاذ نشط');
    await expect(log).not.toContainText(account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.unroute('**/api/accounts/session');
    expect(await isSignedIn(page)).toBe(true);
  });

  test('French: the same story, left to right', async ({ page }) => {
    const account = uniqueAccount('fr-teacher');
    await page.goto('/register?lng=fr');
    await expectDirection(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte enseignant');

    const subdomain = page.getByLabel('Sous-domaine de votre plateforme');
    await page.getByLabel('Nom complet').fill('Amélie Durand');
    await expect(subdomain).toHaveValue(suggestSubdomain('Amélie Durand'));
    await expect(page.getByTestId('subdomain-preview')).toHaveText(`${suggestSubdomain('Amélie Durand')}.${HOST}`);
    await subdomain.fill('ab');
    await expect(page.getByTestId('subdomain-error')).toHaveText('Le sous-domaine doit comporter au moins 3 caractères');
    await subdomain.fill('demo');
    await expect(page.getByTestId('subdomain-error')).toHaveText('Le sous-domaine est déjà pris');
    await subdomain.fill(account.subdomain);
    await expect(subdomain).toHaveAttribute('data-validity', 'valid');
    await expect(page.getByText('Ce sous-domaine est disponible')).toBeVisible();

    await page.getByLabel('E-mail').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(page.locator('#password')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const link = await mailedLink(account.email, '/api/auth/verify-email');
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify\?confirmed=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre e-mail est confirmé');
    await expectDirection(page, 'fr');

    await signOutViaApi(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion enseignant');
    await submitLogin(page, account.email, 'wrong-password-1');
    await expect(page.getByTestId('form-error')).toHaveText('L’e-mail ou le mot de passe est incorrect.');
    await expect(page.getByTestId('login-log').locator('li[data-step=failed]')).toHaveText(/^Échec de la connexion \(code : \W?INVALID_CREDENTIALS\W?\)$/);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a taken e-mail and a subdomain taken while the form was open get the §8 messages', async ({ page }) => {
    const first = uniqueAccount('taken-a');
    const second = uniqueAccount('taken-b');
    const racer = uniqueAccount('taken-c');
    await registerTeacherViaApi(page, first);
    await page.context().clearCookies();

    await page.goto('/register');
    await page.getByLabel('الاسم الكامل').fill('Taken Email');
    // The name's suggested subdomain lands after its tables load: typing the subdomain during that moment let the
    // suggestion and the typed text meet in the field on a loaded machine ("taken-emailtaken-b-…").
    await expect(page.getByLabel('النطاق الفرعي لمنصتك')).toHaveValue('taken-email');
    await page.getByLabel('النطاق الفرعي لمنصتك').fill(second.subdomain);
    await page.getByLabel('البريد الإلكتروني').fill(first.email.toUpperCase());
    await page.locator('#password').fill(second.password);
    await expect(page.getByLabel('النطاق الفرعي لمنصتك')).toHaveAttribute('data-validity', 'valid');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('هذا البريد الإلكتروني مسجل بالفعل. يرجى تسجيل الدخول أو استخدام بريد إلكتروني آخر.');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);

    // Someone else takes the subdomain after the live check said it was free. The check is pinned to its
    // earlier answer so that only the server can notice, whatever the timing of a busy machine.
    await page.route('**/api/accounts/subdomain-availability*', (route) => route.fulfill({ json: { available: true } }));
    await page.getByLabel('البريد الإلكتروني').fill(second.email);
    await registerTeacherViaApi(page, { ...racer, subdomain: second.subdomain });
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('عنوان URL هذا مستخدم بالفعل. يرجى اختيار عنوان آخر.');
    await expect(page.getByTestId('subdomain-error')).toHaveText('النطاق الفرعي مستخدم بالفعل');
    await expect(page.getByTestId('subdomain-checklist').locator('li[data-rule=available]')).toHaveAttribute('data-state', 'unmet');
    expect(await isSignedIn(page)).toBe(false);
  });

  test('a subdomain typed while the name suggestion is still loading is kept', async ({ page }) => {
    // The suggestion needs a lazily loaded chunk; hold it back until the teacher has typed a subdomain.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/subdomain-suggest-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/register');
    await page.getByLabel('الاسم الكامل').fill('Slow Chunk');
    await page.getByLabel('النطاق الفرعي لمنصتك').fill('my-own-name');
    const loaded = page.waitForResponse('**/assets/subdomain-suggest-*.js');
    release();
    await loaded;
    // Let the module run and the pending suggestion settle before looking.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await expect(page.getByTestId('subdomain-preview')).toContainText('my-own-name.');
    await expect(page.getByLabel('النطاق الفرعي لمنصتك')).toHaveValue('my-own-name');
  });

  test('required fields and the password length are checked before sending, in Arabic', async ({ page }) => {
    await page.goto('/teacher/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب أستاذ');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByTestId('name-error')).toHaveText('هذا الحقل مطلوب');
    await expect(page.getByTestId('email-error')).toHaveText('هذا الحقل مطلوب');
    await expect(page.getByTestId('subdomain-error')).toHaveText('يجب أن يكون طول النطاق 3 أحرف على الأقل');
    await expect(page.getByTestId('password-error')).toHaveText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل');
    await page.getByLabel('البريد الإلكتروني').fill('not-an-email');
    await page.locator('#password').fill('short');
    await expect(page.getByTestId('email-error')).toHaveText('يُرجى إدخال بريد إلكتروني صالح');
    await expect(page.getByTestId('password-error')).toHaveText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل');
  });
});
