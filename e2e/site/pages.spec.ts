import { expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow } from '../support/page-checks';
import { get, locale, PAGE_CASES } from './site-data';

/*
 * Every public page in Arabic at 375 px: direction, its one h1, a piece of key content, the first heading of a
 * documentation page's Markdown, no horizontal overflow and no serious accessibility violation. The site's own pages
 * are checked in a second language too (English or French, alternately). The documentation pages all share one
 * template and their three languages are rendered and compared by tests/integration/site-pages.test.ts, so in the
 * browser every third of them is checked in a second language (decision 103: this spec was a fifth of the e2e run).
 */
test.describe('every public page', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  let doc = 0;
  PAGE_CASES.forEach((page, i) => {
    const sampled = !page.body || doc++ % 3 === 0;
    const other = i % 2 === 0 ? 'en' : 'fr';
    const languages = sampled ? (['ar', other] as const) : (['ar'] as const);
    test(`${page.path} in ${languages.join(' and ')}`, async ({ page: tab }) => {
      for (const lng of languages) {
        const res = await tab.goto(`${page.path}?lng=${lng}`);
        expect(res?.status()).toBe(200);
        await expectDirection(tab, lng);
        await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.h1(lng));
        await expect(tab.getByText(page.key(lng), { exact: true }).first()).toBeVisible();
        const body = page.body?.(lng);
        if (body && 'h2' in body) await expect(tab.locator('.prose-docs h2').first()).toHaveText(body.h2);
        if (body && 'p' in body) await expect(tab.locator('.prose-docs p').first()).toContainText(body.p);
        await expectNoHorizontalOverflow(tab);
      }
    });
  });
});

test.describe('unknown addresses', () => {
  test('answer 404 with the not-found page in the visitor’s language, and a link home', async ({ page }) => {
    for (const [path, lng] of [
      ['/nope', 'ar'],
      ['/about/x', 'ar'],
      ['/features/unknown?lng=en', 'en'],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expectDirection(page, lng);
      const title = get(locale(lng), 'notFound.title');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(title));
    }
    await expectNoHorizontalOverflow(page);
    await page.getByRole('link', { name: get(locale('en'), 'notFound.home') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(locale('en'), 'hero.title'));
  });
});

test.describe('the overflow check itself', () => {
  test('catches a box pushed past the start edge of a right-to-left page, and ignores what is clipped on purpose', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await page.setContent(`<html dir="rtl" lang="ar"><head><title>overflow check</title></head><body style="margin:0">
      <p style="overflow:hidden"><span style="display:inline-block;width:600px">clipped</span></p>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);right:-40px">sr-only</span>
      <nav aria-hidden="true" style="position:fixed;left:-300px;width:280px">closed drawer</nav>
    </body></html>`);
    await expectNoHorizontalOverflow(page);
    // Past the start (right) edge of a right-to-left page: no scrollbar appears, yet the box is cut off.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div style="margin-inline-start:-60px">cut off</div>'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expect(expectNoHorizontalOverflow(page)).rejects.toThrow(/div/);
  });
});
