import { expect, test } from '../support/fixtures';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { createPageViaApi, newTeacher, onSubdomain, publishViaApi } from './support';

/** Issue 11 / decision 059: a page's link is made of its title's own words, and the teacher can change it. */
test.describe('readable page links (Arabic, RTL)', () => {
  test('an Arabic title gives an Arabic link, shown in the dashboard, answered on the subdomain; old links still work', async ({ page }) => {
    const account = await newTeacher(page, 'slug');
    const main = await createPageViaApi(page, 'الصفحة الرئيسية');
    await publishViaApi(page, main.id);
    const offer = await createPageViaApi(page, 'عرض خاص لشهر رمضان');
    await publishViaApi(page, offer.id);

    await page.goto('/dashboard/landing-pages');
    const row = page.getByTestId('landing-row-url').filter({ hasText: 'عرض' });
    await expect(row).toHaveText(`http://${account.subdomain}.localhost:${new URL(page.url()).port}/عرض-خاص-لشهر-رمضان`);

    // The editor shows the address the page opens at, and a custom link in Arabic is accepted.
    await page.goto(`/dashboard/landing-pages/${offer.id}`);
    await page.getByTestId('panel-slug').locator('summary').click();
    await expect(page.getByTestId('field-custom-slug')).toHaveAttribute('placeholder', 'عرض-خاص-لشهر-رمضان');
    await expect(page.getByTestId('slug-preview')).toContainText('/عرض-خاص-لشهر-رمضان');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.getByTestId('slug-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/landing-slug-ar-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/landing-slug-ar-1280.png` });

    // The title link and the first weeks' transliterated one both open the page.
    for (const path of ['/عرض-خاص-لشهر-رمضان', '/aardkhslshhrrmdn']) {
      await page.goto(onSubdomain(account.subdomain, path));
      await expect(page.locator('h1'), path).toHaveText('عرض خاص لشهر رمضان');
    }

    await page.goto(`/dashboard/landing-pages/${offer.id}`);
    await page.getByTestId('panel-slug').locator('summary').click();
    await page.getByTestId('field-custom-slug').fill('رمضان-2026');
    await expect(page.getByTestId('slug-preview')).toContainText('/رمضان-2026');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-dirty')).toHaveCount(0);
    // The new link is part of the draft until the page is published again (decision 119).
    await publishViaApi(page, offer.id);
    await page.goto(onSubdomain(account.subdomain, '/رمضان-2026'));
    await expect(page.locator('h1')).toHaveText('عرض خاص لشهر رمضان');
  });
});

test.describe('readable page links (English)', () => {
  test('refuses a custom link another published page already answers to by its title', async ({ page }) => {
    await newTeacher(page, 'slug-en');
    const first = await createPageViaApi(page, 'Summer school');
    await publishViaApi(page, first.id);
    const second = await createPageViaApi(page, 'Second page');
    await page.goto(`/dashboard/landing-pages/${second.id}?lng=en`);
    await page.getByTestId('panel-slug').locator('summary').click();
    await expect(page.getByTestId('field-custom-slug')).toHaveAttribute('placeholder', 'second-page');
    await expect(page.getByText('Arabic or Latin letters, digits and hyphens.', { exact: false })).toBeVisible();
    await page.getByTestId('field-custom-slug').fill('summer-school');
    await page.getByTestId('editor-save').click();
    await expect(page.getByText('This custom link is already used by another of your pages. Choose another one.')).toBeVisible();
    await expect(page.getByTestId('editor-dirty')).toBeVisible();
  });
});
