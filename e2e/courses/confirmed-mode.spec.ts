import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { teacherWithCards as cardsTeacher } from './cards-support';

/** A teacher of their own with a published course and `count` live cards. */
async function teacherWithCards(request: APIRequestContext, origin: string, count = 1) {
  const t = { prefix: 'confirm', name: 'أستاذة التأكيد', course: 'العلوم الطبيعية', lesson: 'الخلية', price: 2000, count };
  const { subdomain, cards } = await cardsTeacher(request, origin, t);
  return { subdomain, codes: cards.map((c) => c.code) };
}

/** A student of that platform, signed up through the API from an address of their own. */
async function student(browser: Browser, origin: string, subdomain: string, n: number) {
  const ip = `10.77.${n}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const account = uniqueAccount(`guess${n}`);
  const res = await context.request.post('/api/accounts/register/student', {
    data: { name: `طالب ${n}`, email: account.email, password: account.password, platform: subdomain },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return context;
}

test('after 20 wrong codes a day, a code waits for the teacher, who confirms it (Arabic)', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const { subdomain, codes } = await teacherWithCards(page.request, origin);
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => !codes.includes(c)).slice(0, 4);
  for (let n = 1; n <= 5; n += 1) {
    const guesser = await student(browser, origin, subdomain, n);
    for (const code of wrong)
      expect((await guesser.request.post('/api/codes/student/redeem', { data: { code, platform: subdomain }, headers: { origin } })).status()).toBe(400);
    await guesser.close();
  }

  // Teacher-confirmed mode: the student with a real card is told the teacher will confirm.
  const buyer = await student(browser, origin, subdomain, 6);
  const s = await buyer.newPage();
  await s.setViewportSize({ width: 375, height: 812 });
  await s.goto(`/platform/${subdomain}/student/dashboard/subscriptions`);
  await expectDirection(s, 'ar');
  await s.locator('#redeem-code').fill(codes[0]!);
  await s.getByTestId('redeem-submit').click();
  await expect(s.getByTestId('redeem-pending')).toHaveText('تم إرسال الرمز إلى أستاذك ليؤكده. ستظهر الدورة في اشتراكاتك بعد التأكيد.');
  // The code stays in sight while the teacher decides.
  await expect(s.getByTestId('my-code-request')).toHaveCount(1);
  await expect(s.getByTestId('my-code-request')).toContainText(`رمز ينتهي بـ ${codes[0]!.slice(-2)}`);
  await expect(s.getByTestId('my-code-request')).toContainText('بانتظار التأكيد');
  await expectNoHorizontalOverflow(s);
  await s.screenshot({ path: `${SCREENSHOTS}/courses-my-code-requests-375.png`, fullPage: true });
  await expectNoHorizontalOverflow(s);

  // The teacher sees who typed it and which card it is, and confirms.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/teacher/codes');
  // One live card: the guessing bound (decisions 031, 084) allows the full 20 immediate wrong answers a day.
  await expect(page.getByTestId('code-safety')).toHaveAttribute('data-wrong-per-day', '20');
  await expect(page.getByTestId('code-safety')).toContainText('البطاقات القابلة للتفعيل الآن: 1. يتلقى الطلاب على منصتك ردًا فوريًا حتى 20 رمزاً خاطئاً في اليوم');
  // The day's budget is spent: the page says the platform is under attack (decision 084), with the way out.
  await expect(page.getByTestId('code-safety')).toHaveAttribute('data-under-attack', 'true');
  await expect(page.getByTestId('under-attack')).toContainText('منصتك تتلقى رموزاً خاطئة كثيرة: 20 اليوم');
  const request = page.getByTestId('code-request');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('طالب 6');
  await expect(request).toContainText('البطاقة رقم 1 · العلوم الطبيعية · غير مستخدم');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/courses-code-requests-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/courses-code-requests-1280.png`, fullPage: true });
  await request.getByTestId('confirm-request').click();
  await expect(page.getByTestId('code-requests')).toHaveCount(0);
  await page.getByTestId('reopen-guessing').click();
  await expect(page.getByText('عاد الرد الفوري على منصتك.')).toBeVisible();
  await expect(page.getByTestId('code-safety')).toHaveAttribute('data-under-attack', 'false');

  await s.reload();
  await expect(s.getByTestId('list-active').getByTestId('subscription')).toContainText('العلوم الطبيعية');
  await expect(s.getByTestId('my-code-request')).toHaveAttribute('data-status', 'confirmed');
  await expect(s.getByTestId('my-code-request')).toContainText('تم التأكيد');
  await buyer.close();
});

test('with more than 33 cards live, the page says every code waits for the teacher, and how to change that (Arabic)', async ({ page, baseURL }) => {
  await teacherWithCards(page.request, new URL(baseURL!).origin, 34);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/teacher/codes');
  const safety = page.getByTestId('code-safety');
  await expect(safety).toHaveAttribute('data-wrong-per-day', '0');
  await expect(safety).toContainText('أكثر من 33 بطاقة قابلة للتفعيل الآن، لذلك ينتظر كل رمز يُكتب على منصتك تأكيدك');
  await expect(safety).toContainText('«لا تعمل الرموز إلا بعد تعليمها كمباعة»');
  await expectDirection(page, 'ar');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/courses-code-safety-closed-375.png`, fullPage: true });
});
