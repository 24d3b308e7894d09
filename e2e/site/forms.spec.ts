import { expect, latestMail, linkIn, test } from '../support/fixtures';
import { get, locale } from './site-data';

const ar = locale('ar');
const en = locale('en');
const fr = locale('fr');
const arErrors = locale('ar', 'errors');

test.describe('contact form', () => {
  test('Arabic: empty fields get their own messages, then a filled form shows the exact success message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form[data-site-form="contact"]');
    await form.getByRole('button', { name: get(ar, 'contact.submit') }).click();
    const required = get(arErrors, 'fields.required');
    for (const field of ['name', 'email', 'subject', 'message']) {
      await expect(form.locator(`[data-error-for="${field}"]`)).toHaveText(required);
    }
    await expect(form.getByLabel(get(ar, 'contact.name'))).toBeFocused();
    await expect(form.getByLabel(get(ar, 'contact.name'))).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel(get(ar, 'contact.name')).fill('سارة بن علي');
    await form.getByLabel(get(ar, 'contact.email')).fill('not-an-email');
    await form.getByRole('button', { name: get(ar, 'contact.submit') }).click();
    await expect(form.locator('[data-error-for="email"]')).toHaveText(get(arErrors, 'fields.email'));

    await form.getByLabel(get(ar, 'contact.email')).fill('sara@example.test');
    await form.getByLabel(new RegExp(get(ar, 'contact.phone'))).fill('+213 555 12 34 56');
    await form.getByLabel(get(ar, 'contact.subject')).fill('سؤال عن خطة الأكاديمية');
    await form.getByLabel(get(ar, 'contact.message')).fill('هل يمكن الدفع عند الاستلام؟');
    await form.getByRole('button', { name: get(ar, 'contact.submit') }).click();
    await expect(form.getByRole('status')).toHaveText('تم إرسال رسالتك بنجاح! سنرد عليك في أقرب وقت ممكن.');
    await expect(form.locator('[data-error-for]:visible')).toHaveCount(0);
    await expect(form.getByLabel(get(ar, 'contact.name'))).toHaveValue('');
  });

  test('English: a field error from the server and the exact failure message when sending fails', async ({ page }) => {
    await page.goto('/?lng=en#contact');
    const form = page.locator('form[data-site-form="contact"]');
    await form.getByLabel('Full name').fill('Sara');
    await form.getByLabel('E-mail').fill('sara@example.test');
    await form.getByLabel(/Phone/).fill('call me maybe');
    await form.getByLabel('Subject').fill('Plans');
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send the message' }).click();
    await expect(form.locator('[data-error-for="phone"]')).toHaveText(get(locale('en', 'errors'), 'fields.phone'));
    await expect(form.getByRole('status')).toHaveText('An error occurred while sending the message. Please try again.');

    await form.getByLabel(/Phone/).fill('');
    await page.route('**/api/site/contact', (route) => route.abort('connectionfailed'));
    await form.getByRole('button', { name: 'Send the message' }).click();
    await expect(form.getByRole('status')).toHaveText('An error occurred while sending the message. Please try again.');
    await page.unroute('**/api/site/contact');
    await form.getByRole('button', { name: 'Send the message' }).click();
    await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully! We will respond to you as soon as possible.');
  });

  test('too many messages from one visitor get the rate-limit message', async ({ page }) => {
    await page.goto('/contact?lng=en');
    const form = page.locator('form[data-site-form="contact"]');
    const status = form.getByRole('status');
    for (let i = 0; i < 6; i += 1) {
      await form.getByLabel('Full name').fill(`Sara ${i}`);
      await form.getByLabel('E-mail').fill(`sara${i}@example.test`);
      await form.getByLabel('Subject').fill('Plans');
      await form.getByLabel('Message').fill('Hello');
      await form.getByRole('button', { name: 'Send the message' }).click();
      await expect(status).not.toBeEmpty();
      if (i < 5) {
        await expect(status).toHaveText(get(en, 'contact.success'));
        await page.evaluate(() => {
          const el = document.querySelector('form[data-site-form="contact"] [data-form-status]');
          if (el) el.textContent = '';
        });
      }
    }
    await expect(status).toHaveText(/Too many attempts. Try again in \d+ minutes\./);
  });

  test('without JavaScript the form still sends and the page shows the outcome', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr', extraHTTPHeaders: { 'x-forwarded-for': '10.201.1.9' } });
    const page = await context.newPage();
    await page.goto('/contact');
    const form = page.locator('form[data-site-form="contact"]');
    await form.getByLabel('Nom complet').fill('Samia');
    await form.getByLabel('E-mail').fill('samia@example.test');
    await form.getByLabel('Objet').fill('Offres');
    await form.getByLabel('Message').fill('Bonjour');
    await form.getByRole('button', { name: get(fr, 'contact.submit') }).click();
    await expect(page).toHaveURL(/\/contact\?form=contact&status=sent#contact-form$/);
    await expect(page.locator('form[data-site-form="contact"] [data-form-status]')).toHaveText(get(fr, 'contact.success'));
    await context.close();
  });
});

test.describe('roadmap feedback', () => {
  test('Arabic: empty feedback gets the exact message of §5; sent feedback gets the thanks', async ({ page }) => {
    await page.goto('/roadmap');
    const form = page.locator('form[data-site-form="feedback"]');
    await form.getByRole('button', { name: get(ar, 'feedback.submit') }).click();
    await expect(form.locator('[data-error-for="text"]')).toHaveText('يرجى كتابة ملاحظاتك أو اقتراحك قبل الإرسال');
    await form.getByLabel(get(ar, 'feedback.category')).selectOption('feature');
    await form.getByLabel(get(ar, 'feedback.text')).fill('أريد نظام امتحانات');
    await form.getByRole('button', { name: get(ar, 'feedback.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(get(ar, 'feedback.success'));
  });

  test('English: the empty-feedback message, and the exact failure message', async ({ page }) => {
    await page.goto('/roadmap?lng=en#feedback');
    const form = page.locator('form[data-site-form="feedback"]');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.locator('[data-error-for="text"]')).toHaveText('please write your feedback or suggestion before sending');
    await form.getByLabel('Your feedback or suggestion').fill('Please add quizzes');
    await page.route('**/api/site/feedback', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }),
    );
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText('An error occurred while sending your feedback. Please try again later.');
  });
});

test.describe('newsletter', () => {
  test('subscribes from the footer, and reports an invalid address', async ({ page }) => {
    await page.goto('/?lng=en');
    const form = page.locator('form[data-site-form="newsletter"]');
    await form.getByLabel('Your e-mail').fill('reader@');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.locator('[data-error-for="email"]')).toHaveText('Enter a valid e-mail address');
    await form.getByLabel('Your e-mail').fill(`reader-${Date.now()}@example.test`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText('Operation completed successfully');
    await page.route('**/api/site/newsletter', (route) => route.abort('connectionfailed'));
    await form.getByLabel('Your e-mail').fill('again@example.test');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText('An error occurred');
  });

  test('without JavaScript the page comes back to the newsletter box and shows the outcome', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': '10.201.2.7' } });
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    const form = page.locator('form[data-site-form="newsletter"]');
    await form.getByLabel(get(ar, 'newsletter.email')).fill(`nojs-${Date.now()}@example.test`);
    await form.getByRole('button', { name: get(ar, 'newsletter.submit') }).click();
    await expect(page).toHaveURL(/\/about\?form=newsletter&status=sent#newsletter$/);
    // The anchor exists, so the browser scrolled the box (and its message) into view.
    await expect(page.locator('#newsletter')).toBeInViewport();
    await expect(form.locator('[data-form-status]')).toHaveText(get(ar, 'newsletter.success'));
    await expect(form.locator('[data-form-status]')).toBeInViewport();
    await context.close();
  });

  test('unsubscribing: the footer link, the address, then the link mailed to it, one click to confirm', async ({ page }) => {
    const email = `leaving-${Date.now()}@example.test`;
    await page.goto('/?lng=en');
    const form = page.locator('form[data-site-form="newsletter"]');
    await form.getByLabel('Your e-mail').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText('Operation completed successfully');
    await page
      .locator('#newsletter')
      .getByRole('link', { name: get(en, 'newsletter.unsubscribe') })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(en, 'newsletterPage.unsubscribe.title'));
    const request = page.locator('form[data-site-form="unsubscribe"]');
    await request.getByLabel('Your e-mail').fill(email);
    await request.getByRole('button', { name: get(en, 'newsletterPage.unsubscribe.submit') }).click();
    await expect(request.getByRole('status')).toHaveText(get(en, 'newsletterPage.unsubscribe.sent'));
    const mail = await latestMail(email);
    expect(mail).toContain('Unsubscribe from the Darsi newsletter');
    await page.goto(linkIn(mail, '/newsletter/unsubscribe?token='));
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: get(en, 'newsletterPage.unsubscribe.button') }).click();
    await expect(page.getByRole('status')).toHaveText(get(en, 'newsletterPage.unsubscribe.done'));
    await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?done=1$/);
  });
});
