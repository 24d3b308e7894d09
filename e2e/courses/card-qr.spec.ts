import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { teacherWithCards as cardsTeacher } from './cards-support';

/*
 * Cash cards with a card number and a QR code (decisions 105 and 106): a student scans a card, registers on
 * the teacher's platform and one tap opens the course; another types the card number and the code; a
 * signed-in student (in French) scans and redeems at once.
 */

const PORT = process.env.E2E_PORT ?? 4173;

async function teacherWithCards(request: APIRequestContext, origin: string) {
  const t = { prefix: 'qr', name: 'أستاذة البطاقات', course: 'العلوم الطبيعية', lesson: 'الخلية', price: 1500, count: 3 };
  const { subdomain, cards } = await cardsTeacher(request, origin, t);
  return { subdomain, cards, host: `http://${subdomain}.localhost:${PORT}` };
}

const context = (browser: Browser, locale: string) =>
  browser.newContext({
    locale,
    viewport: { width: 375, height: 812 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });

test('cards by QR code and by card number (Arabic, 375 px), and a signed-in student scanning in French', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const { subdomain, cards, host } = await teacherWithCards(page.request, origin);
  expect(cards[0]!.link.startsWith(`${host}/redeem#`)).toBe(true);

  // 1. Scan → register on the platform → one tap → the course.
  const a = await context(browser, 'ar');
  const s = await a.newPage();
  await s.goto(cards[0]!.link);
  await expectDirection(s, 'ar');
  await expect(s.getByTestId('card-link')).toContainText('تمّ مسح رمز QR لبطاقة تفعيل');
  // The token left the address bar as soon as it was kept.
  expect(new URL(s.url()).hash).toBe('');
  await expectNoHorizontalOverflow(s);
  await s.screenshot({ path: `${SCREENSHOTS}/cards-qr-scan-375.png`, fullPage: true });
  await s.getByTestId('card-link-register').click();
  const account = uniqueAccount('qrstudent');
  await s.getByLabel('الاسم الكامل').fill('ليلى الماسحة');
  await s.getByLabel('البريد الإلكتروني').fill(account.email);
  await s.locator('#password').fill(account.password);
  await s.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(s).toHaveURL(/\/student\/dashboard\/redeem$/);
  await expect(s.getByTestId('redeem-link')).toContainText('بطاقتك جاهزة للتفعيل');
  await s.screenshot({ path: `${SCREENSHOTS}/cards-qr-ready-375.png`, fullPage: true });
  await s.getByTestId('redeem-link-submit').click();
  await expect(s).toHaveURL(/\/student\/dashboard\/courses\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await expect(s.getByRole('heading', { level: 1 })).toHaveText('العلوم الطبيعية');
  await a.close();

  // 2. Card number and code, typed in Arabic digits with a space.
  const b = await context(browser, 'ar');
  const buyer = uniqueAccount('cardnumber');
  expect(
    (
      await b.request.post('/api/accounts/register/student', {
        data: { name: 'يوسف', email: buyer.email, password: buyer.password, platform: subdomain },
        headers: { origin },
      })
    ).status(),
  ).toBe(201);
  const t = await b.newPage();
  await t.goto(`/platform/${subdomain}/student/dashboard/subscriptions`);
  await expectDirection(t, 'ar');
  await expect(t.getByText('مطبوع على البطاقة بجانب «رقم البطاقة»', { exact: false })).toBeVisible();
  const arabic = (x: string) => x.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
  await t.locator('#redeem-card').fill(arabic(cards[1]!.card));
  await expect(t.locator('#redeem-card')).toHaveAttribute('inputmode', 'numeric');
  await t.locator('#redeem-code').fill(arabic(cards[1]!.code).replace(/^(...)/, '$1 '));
  await expectNoHorizontalOverflow(t);
  await t.screenshot({ path: `${SCREENSHOTS}/cards-number-375.png`, fullPage: true });
  await t.getByTestId('redeem-submit').click();
  await expect(t).toHaveURL(/\/student\/dashboard\/courses\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await expect(t.getByRole('heading', { level: 1 })).toHaveText('العلوم الطبيعية');
  await b.close();

  // 3. In French, already signed in on the platform: the scan leads straight to the one tap.
  const c = await context(browser, 'fr');
  const fr = uniqueAccount('qrfr');
  const u = await c.newPage();
  // Signed up on the teacher's own host (the API client cannot resolve *.localhost; the browser can).
  await u.goto(`${host}/student/register`);
  const status = await u.evaluate(
    async (body) =>
      (await fetch('/api/accounts/register/student', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { name: 'Amine', email: fr.email, password: fr.password, platform: subdomain },
  );
  expect(status).toBe(201);
  await u.goto(cards[2]!.link);
  await expect(u).toHaveURL(/\/student\/dashboard\/redeem$/);
  await expectDirection(u, 'fr');
  await u.getByRole('button', { name: 'Activer la carte' }).click();
  await expect(u).toHaveURL(/\/student\/dashboard\/courses\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await c.close();
});
