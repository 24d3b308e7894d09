import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { createPageViaApi, editable, newTeacher, onSubdomain, publishViaApi, savePageViaApi } from './support';

test.describe('a teacher landing page on its subdomain (Arabic, RTL)', () => {
  test('shows the demo main page complete, with sections in order, and no overflow at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(onSubdomain(DEMO.teacher.subdomain));
    await expectDirection(page, 'ar');
    await expect(page).toHaveTitle('أكاديمية الأستاذ أحمد للرياضيات | دَرسي');
    await expect(page.locator('h1')).toHaveText('أكاديمية الأستاذ أحمد للرياضيات');
    const ids = await page.locator('main [data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));
    expect(ids).toEqual(['hero', 'features', 'about-me', 'course-content', 'pricing', 'testimonials', 'faq', 'contact-actions', 'contact-form']);
    await expect(page.getByTestId('nav-register').last()).toHaveAttribute('href', '/student/register');
    await expect(page.getByTestId('landing-footer').getByRole('link', { name: 'التسجيل' })).toHaveAttribute('href', '/register');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-viewer-ar-375.png` });
    await page.screenshot({ path: `${SCREENSHOTS}/landing-viewer-ar-375-full.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-viewer-ar-1280.png` });
  });

  test('is readable without JavaScript: content, FAQ answers and the form are in the HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ar' });
    const page = await context.newPage();
    await page.goto(onSubdomain(DEMO.teacher.subdomain, '/bac-2026'));
    await expect(page.locator('h1')).toHaveText('دورة البكالوريا المكثفة');
    await page.locator('.lp-faq__item summary').first().click();
    await expect(page.locator('.lp-faq__item p').first()).toBeVisible();
    await expect(page.locator('form[data-contact-form] input[name="email"]')).toBeVisible();
    await context.close();
  });

  test('the mobile menu opens, locks the page scroll, and closes on a link; the active section is tracked', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(onSubdomain(DEMO.teacher.subdomain));
    await expect(page.locator('html')).toHaveClass(/lp-js/);
    const toggle = page.getByTestId('menu-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await page.screenshot({ path: `${SCREENSHOTS}/landing-menu-ar-375.png` });
    await page.locator('.lp-menu__links').getByRole('link', { name: 'الأسئلة الشائعة' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#faq')).toBeInViewport();
    await expect(page.locator('.lp-menu__links a[href="#faq"]')).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  });

  test('counts a view about 2 s after load, and sends the contact form in place', async ({ page }) => {
    const viewCall = page.waitForRequest((r) => r.url().includes('/views') && r.method() === 'POST');
    const started = Date.now();
    await page.goto(onSubdomain(DEMO.teacher.subdomain, '/bac-2026'));
    await viewCall;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    const form = page.locator('form[data-contact-form]');
    await form.locator('[name=name]').fill('زائر الاختبار');
    await form.locator('[name=email]').fill('visitor@example.test');
    await form.locator('[name=subject]').fill('سؤال عن الدورة');
    await form.locator('[name=message]').fill('متى يبدأ التسجيل؟');
    await form.getByRole('button', { name: 'إرسال' }).click();
    await expect(form.locator('[data-contact-status]')).toHaveText('تم إرسال رسالتك بنجاح! سنرد عليك في أقرب وقت ممكن.');
    await expect(form.locator('[name=name]')).toHaveValue('');
  });

  test('a broken image shows its placeholder', async ({ page }) => {
    await newTeacher(page, 'img');
    const created = await createPageViaApi(page, 'صفحة بصورة مكسورة');
    const saved = await savePageViaApi(page, created.id, { ...editable(created), hero_image_url: 'https://localhost:1/missing.png' });
    await publishViaApi(page, saved.id);
    const sub = new URL(saved.url).hostname.split('.')[0]!;
    await page.goto(onSubdomain(sub));
    await expect(page.locator('.lp-hero__image')).toHaveClass(/lp-img--broken/);
    await expect(page.locator('.lp-hero__image .lp-img__placeholder')).toBeVisible();
  });

  test('an unmatched path on .localhost shows the Arabic debug 404 with its reload button', async ({ page }) => {
    await page.goto(onSubdomain(DEMO.teacher.subdomain, '/no-such-page'));
    await expect(page.getByTestId('landing-debug-404')).toBeVisible();
    await expect(page.locator('h1')).toHaveText('الصفحة غير موجودة');
    await expect(page.getByTestId('landing-debug-path')).toHaveText('/no-such-page');
    await page.getByTestId('landing-debug-reload').click();
    await expect(page).toHaveURL(/refresh-subdomain=1/);
    await expect(page.getByTestId('landing-debug-404')).toBeVisible();
  });

  test('an unknown subdomain goes to /404; the viewer errors show their message with reload and home', async ({ page }) => {
    await page.goto(onSubdomain('no-teacher-here'));
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/landing/123');
    await expect(page.getByTestId('landing-error')).toContainText('حدث خطأ');
    await expect(page.getByTestId('landing-error-message')).toHaveText('معرف الصفحة غير صالح');
    await page.getByTestId('landing-error-home').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the /t/ and /teacher/ routes lead to the platform, and the lesson preview route exists', async ({ page }) => {
    await page.goto(`/teacher/${DEMO.teacher.subdomain}`);
    await expect(page).toHaveURL(new RegExp(`/platform/${DEMO.teacher.subdomain}$`));
    await page.goto(`/t/${DEMO.teacher.subdomain}/student/dashboard/courses`);
    await expect(page).toHaveURL(/\/student\/(dashboard|login)/);
    // The lesson preview is the teacher's: a visitor is sent to log in and brought back.
    await page.goto(`/t/${DEMO.teacher.subdomain}/preview/courses/c1/lessons/l1`);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ft%2Fdemo%2Fpreview%2Fcourses%2Fc1%2Flessons%2Fl1$/);
  });

  test('can be framed in embedded mode only', async ({ page }) => {
    // Another site frames the teacher's page twice: embedded, and as a plain visit.
    const embedded = onSubdomain(DEMO.teacher.subdomain, '/?embedded=true');
    const live = onSubdomain(DEMO.teacher.subdomain, '/');
    const html = `<!doctype html><iframe id="embedded" src="${embedded}"></iframe><iframe id="live" src="${live}"></iframe>`;
    const embedder = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((r) => embedder.listen(0, '127.0.0.1', r));
    try {
      await page.goto(`http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`);
      await expect(page.frameLocator('#embedded').locator('h1')).toHaveText('أكاديمية الأستاذ أحمد للرياضيات');
      // The plain page refuses to be framed (frame-ancestors 'none'): Chromium shows its error page instead.
      await expect(page.frameLocator('#live').locator('body')).toContainText('refused to connect');
      await expect(page.frameLocator('#live').locator('.lp-hero')).toHaveCount(0);
    } finally {
      embedder.close();
    }
  });
});

test.describe('a landing page in English', () => {
  test.use({ locale: 'en-US' });
  test('shows the chrome in English, left to right, without overflow', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(onSubdomain(DEMO.teacher.subdomain, '/?lng=en'));
    await expectDirection(page, 'en');
    await expect(page.getByTestId('nav-login').first()).toHaveText('Log in');
    await expect(page.locator('#faq h2')).toHaveText('Frequently asked questions');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-viewer-en-375.png` });
  });
});
