import { expect, test } from '@playwright/test';
import { expectDirection, SCREENSHOTS } from '../support/page-checks';

// The web app's own screens (here /login). The server-rendered public site has its own tests in e2e/site.
test.describe('languages', () => {
  test('switching ar → en → fr changes the text and the direction, and is remembered', async ({ page, context }) => {
    await page.goto('/login');
    await expectDirection(page, 'ar');
    const switcher = page.getByTestId('language-switcher');

    await switcher.click();
    await page.getByTestId('language-option-en').click();
    await expectDirection(page, 'en');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);

    await switcher.click();
    await page.getByTestId('language-option-fr').click();
    await expectDirection(page, 'fr');
    await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/login-fr.png`, fullPage: true });

    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('fr');

    // The server reads the cookie, so the first HTML of the next visit is already French.
    await page.reload();
    await expectDirection(page, 'fr');
    const html = await (await page.request.get('/login')).text();
    expect(html).toContain('<html lang="fr" dir="ltr">');

    await switcher.click();
    await page.getByTestId('language-option-ar').click();
    await expectDirection(page, 'ar');
  });

  test('the menu closes on an outside click without changing anything', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switcher').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectDirection(page, 'ar');
  });

  test('?lng=fr wins over everything stored', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/register?lng=fr');
    await expectDirection(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte enseignant');
  });

  test.describe('with an English browser', () => {
    // The default locale of these tests is ar, where falling back to the browser language looks the same.
    test.use({ locale: 'en-US' });

    test('an unknown ?lng falls back to Arabic, not to the browser language, and is not remembered', async ({ page, context }) => {
      await page.goto('/register?lng=de');
      await expectDirection(page, 'ar');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إنشاء حساب أستاذ');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
      expect((await context.cookies()).find((c) => c.name === 'i18next')).toBeUndefined();
    });

    test('the browser language is used and stored as a language Darsi has, never as en-US', async ({ page, context }) => {
      await page.goto('/register');
      await expectDirection(page, 'en');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
      expect((await context.cookies()).find((c) => c.name === 'i18next')?.value).toBe('en');
    });
  });

  test('a failed change reverts the selection and says so', async ({ page }) => {
    // A screen that needs the two first namespaces only (common, errors).
    await page.goto('/inactive');
    let calls = 0;
    await page.route('**/locales/en/*.json', (route) => {
      calls += 1;
      return route.fulfill({ status: 404, body: 'missing' });
    });
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.getByText('تعذر تغيير اللغة. يُرجى إعادة المحاولة.')).toBeVisible();
    await expectDirection(page, 'ar');
    await expect(page.getByTestId('language-switcher')).toContainText('العربية');
    // 4xx is final: no retries.
    expect(calls).toBe(2);
  });

  test('a 5xx translation read is retried five times with a doubling wait', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/inactive');
    const times: number[] = [];
    await page.route('**/locales/fr/common.json', (route) => {
      times.push(Date.now());
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-fr').click();
    await expect(page.getByText('تعذر تغيير اللغة. يُرجى إعادة المحاولة.')).toBeVisible({ timeout: 30_000 });
    expect(times).toHaveLength(6);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 350, 700, 1400, 2800, 5600 ms, give or take scheduling.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(350 * 2 ** i - 50));
  });
});
