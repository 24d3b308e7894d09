import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, latestMail, linkIn, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { teacherWithCards as cardsTeacher } from './cards-support';

/*
 * Decision 137: codes wait for the teacher (here: two cards past their five wrong tries); the teacher's
 * e-mail link opens a page that lists them, and one button confirms them all; the link works once.
 */

const teacherWithCards = (request: APIRequestContext, origin: string) =>
  cardsTeacher(request, origin, { prefix: 'waitmail', name: 'أستاذة الانتظار', course: 'الفيزياء', lesson: 'الحركة', price: 1500, count: 2 });

/** A student of the platform, from an address of their own, who types `codes` on `card`; the answers' statuses. */
async function student(browser: Browser, origin: string, subdomain: string, name: string) {
  const context = await browser.newContext({
    locale: 'ar',
    extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const account = uniqueAccount('waitstudent');
  expect(
    (
      await context.request.post('/api/accounts/register/student', {
        data: { name, email: account.email, password: account.password, platform: subdomain },
        headers: { origin },
      })
    ).status(),
  ).toBe(201);
  const redeem = async (card: string, code: string) =>
    (await context.request.post('/api/codes/student/redeem', { data: { card, code, platform: subdomain }, headers: { origin } })).json();
  return { context, redeem };
}

test('the waiting-codes e-mail opens a page that confirms all of them with one tap, once (Arabic, 375 px)', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const { email, subdomain, cards } = await teacherWithCards(page.request, origin);
  // Five wrong tries on each card (decision 105's per-card limit): then even its right code waits for the teacher.
  for (const [i, c] of cards.entries()) {
    const guesser = await student(browser, origin, subdomain, `مخمّن ${i + 1}`);
    for (let k = 1; k <= 5; k += 1)
      expect((await guesser.redeem(c.card, String((Number(c.code) + k * 7919) % 1_000_000).padStart(6, '0'))).error.code).toBe('CODE_WRONG');
    await guesser.context.close();
  }
  for (const [i, c] of cards.entries()) {
    const buyer = await student(browser, origin, subdomain, `مشترية ${i + 1}`);
    expect(await buyer.redeem(c.card, c.code)).toEqual({ pending: true });
    await buyer.context.close();
  }

  // The sign-up's verification e-mail comes first; the waiting-codes one follows once the burst settles.
  let mail = '';
  for (let i = 0; i < 60 && !mail.includes('/teacher/codes/waiting#'); i += 1) {
    mail = await latestMail(email);
    if (!mail.includes('/teacher/codes/waiting#')) await page.waitForTimeout(1_000);
  }
  const link = linkIn(mail, '/teacher/codes/waiting#');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(link);
  await expectDirection(page, 'ar');
  // The token leaves the address bar at once; opening the page confirmed nothing.
  await expect(page).toHaveURL(/\/teacher\/codes\/waiting$/);
  await expect(page.getByTestId('waiting-code')).toHaveCount(2);
  await expect(page.getByTestId('waiting-code').first()).toContainText('مشترية 1');
  await expect(page.getByTestId('waiting-confirm-all')).toHaveText('تأكيد الرمزين المنتظرين');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/courses-waiting-mail-375.png`, fullPage: true });
  await page.getByTestId('waiting-confirm-all').click();
  await expect(page.getByTestId('waiting-done')).toContainText('تأكّد رمزان: سُجّل الطالبان');

  await page.goto('/teacher/codes');
  await expect(page.getByTestId('code-requests')).toHaveCount(0);
  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('waiting-error')).toHaveText('سبق استعمال رابط التأكيد هذا. ما بقي من الرموز المنتظرة موجود في صفحة رموز التفعيل.');
});
