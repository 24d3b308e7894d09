import sharp from 'sharp';
import { expect, test } from '../support/fixtures';
import { ORIGIN } from '../support/auth';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { createPageViaApi, editable, newTeacher, onSubdomain, savePageViaApi } from './support';

test.describe('the landing page editor (Arabic)', () => {
  test('creates a page, edits it with a live preview, reorders and hides sections, saves and publishes', async ({ page }) => {
    const account = await newTeacher(page, 'edit');
    await page.goto('/dashboard/landing-pages');
    await expect(page.locator('h1')).toHaveText('صفحات الهبوط');
    await page.getByTestId('landing-new').click();
    await page.getByTestId('landing-new-title').fill('دروس الفيزياء مع ليلى');
    await page.getByTestId('landing-create').click();
    await expect(page).toHaveURL(/\/dashboard\/landing-pages\/[0-9a-f-]{36}$/);
    const preview = page.frameLocator('[data-testid="landing-preview"]');
    await expect(page.getByTestId('landing-preview')).toHaveAttribute('data-ready', 'true');
    await expect(preview.locator('h1')).toHaveText('دروس الفيزياء مع ليلى');

    // Live preview follows the form.
    await page.getByTestId('panel-hero').locator('summary').click();
    await page.getByTestId('field-title').fill('فيزياء البكالوريا');
    await expect(preview.locator('h1')).toHaveText('فيزياء البكالوريا');
    await expect(page.getByTestId('editor-dirty')).toBeVisible();

    // The hero background reaches the preview through the hero-background-changed event.
    await page.getByTestId('field-hero-bg-type').selectOption('color');
    await page.getByTestId('field-hero-bg-color').fill('#aa0000');
    await expect(preview.locator('#hero')).toHaveCSS('background-color', 'rgb(170, 0, 0)');

    // Drag FAQ above features; hide pricing. Hero stays first and cannot be hidden.
    // A mouse drag by the handle (dnd-kit), in small steps: FAQ's handle onto features' handle (both on screen).
    await page.getByTestId('section-drag-features').scrollIntoViewIfNeeded();
    await page.getByTestId('section-drag-faq').scrollIntoViewIfNeeded();
    const from = (await page.getByTestId('section-drag-faq').boundingBox())!;
    const to = (await page.getByTestId('section-drag-features').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await page.getByTestId('section-visible-pricing').uncheck();
    await expect(page.getByTestId('section-visible-hero')).toBeDisabled();
    await expect(page.getByTestId('section-visible-hero')).toBeChecked();
    const order = await page.locator('[data-section-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-section-row')));
    expect(order.slice(0, 3)).toEqual(['hero', 'faq', 'features']);
    await expect(preview.locator('main [data-section]').nth(1)).toHaveAttribute('data-section', 'faq');
    await expect(preview.locator('#pricing')).toHaveCount(0);

    // A FAQ item, a custom navbar link and a pixel, through the forms.
    await page.getByTestId('panel-faq').locator('summary').click();
    await page.getByTestId('faq-add').click();
    await page.getByTestId('faq-question-2').fill('هل توجد حصص مباشرة؟');
    await page.getByTestId('faq-answer-2').fill('نعم، كل أسبوع.');
    await expect(preview.locator('.lp-faq__item summary').nth(2)).toHaveText('هل توجد حصص مباشرة؟');
    await page.getByTestId('panel-slug').locator('summary').click();
    await page.getByTestId('field-custom-slug').fill('physique');

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-editor-ar-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/landing-editor-ar-1280.png` });

    // Saving and publishing are separate.
    await expect(page.getByTestId('editor-publish')).toBeDisabled();
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-dirty')).toHaveCount(0);
    await page.getByTestId('editor-publish').click();
    await expect(page.getByTestId('status-published')).toHaveText('منشورة');
    await expect(page.getByTestId('status-main')).toBeVisible();

    await page.goto(onSubdomain(account.subdomain));
    await expect(page.locator('h1')).toHaveText('فيزياء البكالوريا');
    await expect(page.locator('#hero')).toHaveCSS('background-color', 'rgb(170, 0, 0)');
    const ids = await page.locator('main [data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));
    expect(ids.slice(0, 3)).toEqual(['hero', 'faq', 'features']);
    expect(ids).not.toContain('pricing');
    await page.goto(onSubdomain(account.subdomain, '/physique'));
    await expect(page.locator('h1')).toHaveText('فيزياء البكالوريا');
  });

  test('Arabic: "save draft" on a published page keeps the live page until "publish changes" (decision 025)', async ({ page, browser }) => {
    // Three visitors' browsers besides the editor: more than the default 45 s on a busy machine.
    test.setTimeout(120_000);
    const account = await newTeacher(page, 'pubdraft');
    const created = await createPageViaApi(page, 'صفحة المسودة');
    await page.request.post(`/api/landing/pages/${created.id}/publish`, { headers: { origin: ORIGIN } });
    // A new visitor each time: a returning one may first be served by the page's offline worker (decision 028).
    const live = async () => {
      const visitor = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.19' } });
      const v = await visitor.newPage();
      await v.goto(onSubdomain(account.subdomain));
      const title = await v.locator('h1').innerText();
      await visitor.close();
      return title;
    };
    expect(await live()).toBe('صفحة المسودة');

    await page.goto(`/dashboard/landing-pages/${created.id}`);
    await page.getByTestId('panel-hero').locator('summary').click();
    await page.getByTestId('field-title').fill('صفحة المسودة الجديدة');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-draft-pending')).toContainText('مسودة محفوظة لم تُنشر بعد');
    // The preview beside the form shows the draft; visitors still see the published page, even after a while.
    await expect(page.frameLocator('iframe').first().locator('h1')).toHaveText('صفحة المسودة الجديدة');
    expect(await live()).toBe('صفحة المسودة');
    // Reopened, the editor shows the draft, not the live page.
    await page.reload();
    await expect(page.getByTestId('field-title')).toHaveValue('صفحة المسودة الجديدة');
    await page.screenshot({ path: `${SCREENSHOTS}/landing-draft-pending-ar-1280.png` });

    await page.getByTestId('editor-publish-draft').click();
    await expect(page.getByTestId('editor-draft-pending')).toHaveCount(0);
    await expect(page.getByTestId('status-published')).toHaveText('منشورة');
    expect(await live()).toBe('صفحة المسودة الجديدة');
  });

  test('keeps unsaved changes in this browser, restores them, and warns before leaving', async ({ page }) => {
    await newTeacher(page, 'draft');
    const created = await createPageViaApi(page, 'صفحة المسودة');
    await page.goto(`/dashboard/landing-pages/${created.id}`);
    await page.getByTestId('panel-hero').locator('summary').click();
    await page.getByTestId('field-subtitle').fill('نص لم يُحفظ بعد');
    await page.waitForTimeout(600); // the draft is written 300 ms after the last change
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toContainText('استعدنا تغييرات غير محفوظة من زيارتك السابقة.');
    await page.getByTestId('panel-hero').locator('summary').click();
    await expect(page.getByTestId('field-subtitle')).toHaveValue('نص لم يُحفظ بعد');
    // The restored draft is written back 300 ms later: that write must not overwrite the one made below.
    await page.waitForTimeout(600);

    // A draft whose shape is wrong is not merged.
    await page.evaluate((id) => {
      const key = `darsi.landing.draft.${id}`;
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      stored.fields.faq = 'not a list';
      stored.fields.features = [{ id: 'x', icon: 'star', title: 'ميزة من المسودة' }];
      stored.fields.theme_colors = { primary: 'javascript:alert(1)', secondary: '#000000' };
      localStorage.setItem(key, JSON.stringify(stored));
    }, created.id);
    await page.reload();
    await page.getByTestId('panel-features').locator('summary').click();
    await expect(page.getByTestId('feature-title-0')).toHaveValue('ميزة من المسودة');
    await page.getByTestId('panel-theme').locator('summary').click();
    await expect(page.getByTestId('field-theme-primary')).toHaveValue('#2563eb');
    await page.getByTestId('panel-faq').locator('summary').click();
    await expect(page.getByTestId('faq-item')).toHaveCount(2);

    // A contact hint's sample number stays one left-to-right run inside the Arabic sentence.
    await page.getByTestId('panel-contact-actions').locator('summary').click();
    await page.getByTestId('contact-actions-add').click();
    await expect(page.getByTestId('contact-action-value-0').locator('xpath=..').locator('bdi[dir="ltr"]')).toHaveText('+213 555 12 34 56');
    await page.waitForTimeout(600);

    // The page is saved elsewhere meanwhile (another device): the restored draft is now older than that save.
    await savePageViaApi(page, created.id, { ...editable(created), description: 'حُفظ من جهاز آخر' });
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toContainText('لكن الصفحة حُفظت بعدها');

    // Leaving inside the app asks first.
    await page.getByRole('link', { name: 'الرسائل' }).first().click();
    await expect(page.getByTestId('leave-dialog')).toBeVisible();
    await page.getByTestId('leave-stay').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/landing-pages/${created.id}$`));
    await page.getByRole('link', { name: 'الرسائل' }).first().click();
    await page.getByTestId('leave-confirm').click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
  });

  test('uploads a photo (resized to WebP) and refuses an SVG with script', async ({ page }) => {
    await newTeacher(page, 'upload');
    const created = await createPageViaApi(page, 'صفحة الصور');
    await page.goto(`/dashboard/landing-pages/${created.id}`);
    await page.getByTestId('panel-about-me').locator('summary').click();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2266aa' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('field-about-photo-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByTestId('field-about-photo-url')).toHaveValue(/^\/landing-assets\/uploads\/[0-9a-f-]{36}\.webp$/);
    await expect(page.getByTestId('landing-preview')).toHaveAttribute('data-ready', 'true');
    await expect(page.frameLocator('[data-testid="landing-preview"]').locator('.lp-about__photo img')).toBeVisible();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await page.getByTestId('field-about-photo-file').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: svg });
    await expect(page.getByTestId('field-about-photo-error')).toHaveText('هذا الملف ليس صورة مدعومة. الصيغ المقبولة: JPEG أو PNG أو WebP أو GIF أو AVIF.');
  });

  test('lists pages to duplicate, delete and make main; shows a clear error for an unsafe link', async ({ page }) => {
    await newTeacher(page, 'list');
    const first = await createPageViaApi(page, 'الصفحة الأولى');
    const second = await createPageViaApi(page, 'الصفحة الثانية');
    await page.goto('/dashboard/landing-pages');
    const row = (id: string) => page.locator(`[data-page-id="${id}"]`);
    await row(first.id).getByTestId('landing-toggle-publish').click();
    await expect(row(first.id).getByTestId('status-main')).toBeVisible();
    await row(second.id).getByTestId('landing-toggle-publish').click();
    await expect(row(second.id).getByTestId('status-published')).toHaveText('منشورة');
    await row(second.id).getByTestId('landing-set-main').click();
    await expect(row(second.id).getByTestId('status-main')).toBeVisible();
    await expect(row(first.id).getByTestId('status-main')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-list-ar-1280.png` });

    await row(first.id).getByTestId('landing-duplicate').click();
    await expect(page).toHaveURL(/\/dashboard\/landing-pages\/[0-9a-f-]{36}$/);
    await expect(page.locator('h1')).toHaveText('الصفحة الأولى (نسخة)');

    // A javascript: link in the navbar is refused with the field's message.
    await page.getByTestId('panel-navbar').locator('summary').click();
    await page.getByTestId('navbar-custom').check();
    await page.getByTestId('navbar-url-0').fill('javascript:alert(1)');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-errors')).toBeVisible();
    await expect(page.getByText('الرابط غير صالح: يجب أن يبدأ بـ https:// أو mailto: أو tel: أو أن يكون رابطاً داخلياً')).toBeVisible();
    await page.getByTestId('navbar-url-0').fill('#faq');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-dirty')).toHaveCount(0);

    await page.goto('/dashboard/landing-pages');
    await expect(page.getByTestId('landing-row')).toHaveCount(3);
    await row(first.id).getByTestId('landing-delete').click();
    await row(first.id).getByTestId('landing-delete-confirm').click();
    await expect(page.getByTestId('landing-row')).toHaveCount(2);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-list-ar-375.png` });
  });

  test('contact requests reach the messages page, where they are marked handled', async ({ page, browser }) => {
    const account = await newTeacher(page, 'msg');
    const created = await createPageViaApi(page, 'صفحة التواصل');
    await page.request.post(`/api/landing/pages/${created.id}/publish`, { headers: { origin: ORIGIN } });
    const visitor = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.9' } });
    const v = await visitor.newPage();
    await v.goto(onSubdomain(account.subdomain));
    const form = v.locator('form[data-contact-form]');
    await form.locator('[name=name]').fill('والد الطالب');
    await form.locator('[name=email]').fill('parent@example.test');
    await form.locator('[name=subject]').fill('تسجيل ابني');
    await form.locator('[name=message]').fill('أريد تسجيل ابني في الدورة.');
    await form.locator('button[type=submit]').click();
    await expect(form.locator('[data-contact-status]')).toHaveText('تم إرسال رسالتك بنجاح! سنرد عليك في أقرب وقت ممكن.');
    await visitor.close();

    // On a phone: the list, its toast and the filters must fit the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    // The landing pages' visitors have their own tab, apart from the students' conversations (issue 26).
    await page.goto('/dashboard/messages?tab=visitors');
    const message = page.getByTestId('message-row').filter({ hasText: 'تسجيل ابني' });
    await expect(message).toContainText('parent@example.test');
    await message.getByTestId('message-toggle-handled').click();
    await expect(page.getByTestId('message-row').filter({ hasText: 'تسجيل ابني' })).toHaveCount(0);
    await page.getByTestId('messages-filter-handled').click();
    await expect(page.getByTestId('message-row').filter({ hasText: 'تسجيل ابني' })).toContainText('معالجة');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-messages-ar-375.png` });
  });
});

test.describe('the editor in French', () => {
  test.use({ locale: 'fr-FR' });
  test('creates a page from the French starter content', async ({ page }) => {
    await newTeacher(page, 'fr');
    await page.goto('/dashboard/landing-pages/new?lng=fr');
    await expect(page.locator('h1')).toHaveText("Nouvelle page d'atterrissage");
    await page.getByTestId('landing-new-title').fill('Cours de maths');
    await page.getByTestId('landing-create').click();
    await expect(page.getByTestId('editor-save')).toHaveText('Enregistrer le brouillon');
    await expect(page.frameLocator('[data-testid="landing-preview"]').getByTestId('hero-cta')).toHaveText('Inscrivez-vous');
  });
});
