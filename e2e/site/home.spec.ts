import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { get, locale } from './site-data';

const ar = locale('ar');
const en = locale('en');
const header = (page: Page) => page.locator('[data-site-header]');
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

test.describe('home page', () => {
  test('shows every section of spec §2.1 in order, in Arabic, right to left', async ({ page }) => {
    await page.goto('/');
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(ar, 'hero.title'));
    const titles = ['features.title', 'journey.title', 'testimonials.title', 'pricing.title', 'faq.title', 'contact.title', 'showcase.title'].map((k) =>
      get(ar, k),
    );
    const h2 = await page.locator('main h2').allTextContents();
    const positions = titles.map((title) => h2.indexOf(title));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(h2),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.getByRole('link', { name: get(ar, 'nav.login') }).first()).toHaveAttribute('href', '/login');
    await expect(page.getByText(get(ar, 'details.hoursValue')).first()).toBeVisible();
  });

  test('screenshots of the Arabic home at 375 and 1280 px, without horizontal overflow', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/site-home-ar-${width}.png`, fullPage: true });
    }
  });

  test('the navbar hides when scrolling down past 100 px, shows when scrolling up, and takes its scrolled style after 10 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(header(page)).not.toHaveAttribute('data-scrolled');
    await scrollTo(page, 40);
    await expect(header(page)).toHaveAttribute('data-scrolled');
    await expect(header(page)).not.toHaveAttribute('data-hidden');
    await scrollTo(page, 90);
    await expect(header(page)).not.toHaveAttribute('data-hidden');
    await scrollTo(page, 600);
    await expect(header(page)).toHaveAttribute('data-hidden');
    await expect(header(page)).not.toBeInViewport();
    // A movement under 10 px changes nothing.
    await scrollTo(page, 595);
    await page.waitForTimeout(200);
    await expect(header(page)).toHaveAttribute('data-hidden');
    await scrollTo(page, 500);
    await expect(header(page)).not.toHaveAttribute('data-hidden');
    await expect(header(page)).toBeInViewport();
    await scrollTo(page, 0);
    await expect(header(page)).not.toHaveAttribute('data-scrolled');
  });

  test('desktop: the features dropdown opens, links to every feature page and closes on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?lng=en');
    const desktop = page.getByRole('navigation', { name: get(en, 'a11y.mainNav') });
    await desktop.getByText(get(en, 'nav.features'), { exact: true }).click();
    for (const area of ['courses', 'students', 'marketing', 'payments', 'tiktokAds']) {
      await expect(desktop.getByRole('link', { name: new RegExp(get(en, `areas.${area}.title`)) })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(desktop.getByRole('link', { name: new RegExp(get(en, 'areas.courses.title')) })).toBeHidden();
    await desktop.getByText(get(en, 'nav.features'), { exact: true }).click();
    await desktop.getByRole('link', { name: get(en, 'nav.allFeatures') }).click();
    await expect(page).toHaveURL(/\/features$/);
  });

  test('mobile: the drawer locks the page scroll while open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/');
    await scrollTo(page, 300);
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByRole('navigation', { name: get(ar, 'a11y.mobileNav') });
    await expect(drawer).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-scroll-lock');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(100, 30);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await expect(drawer.getByRole('link', { name: get(ar, 'nav.login') })).toBeVisible();
    await drawer.getByRole('button', { name: get(ar, 'a11y.closeMenu') }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-scroll-lock');
    await page.getByTestId('menu-toggle').click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).not.toHaveAttribute('data-scroll-lock');
  });

  test('pricing: the toggle switches the three plans between monthly and annual figures', async ({ page }) => {
    await page.goto('/?lng=en#pricing');
    const price = (plan: string) => page.locator(`[data-plan="${plan}"] [data-price]:visible`);
    const expectFigures = async (figures: string[]) => {
      for (const [i, plan] of ['independent', 'academy', 'institution'].entries()) await expect(price(plan)).toHaveText(figures[i]!);
    };
    await expectFigures(['3,000', '5,900', '12,000']);
    await expect(page.locator('[data-plan="academy"]').getByTestId('popular-badge')).toHaveText('Most popular');
    await expect(page.getByTestId('popular-badge')).toHaveCount(1);
    await page.locator('#pricing').getByText('Annual', { exact: true }).click();
    await expectFigures(['30,600', '53,100', '108,000']);
    await expect(page.locator('[data-plan="independent"] [data-save]')).toHaveText('Save 15%');
    await expect(page.locator('[data-plan="academy"] [data-save]')).toHaveText('Save 25%');
    await expect(page.locator('[data-plan="institution"] [data-save]')).toHaveText('Save 25%');
    await expect(page.getByTestId('limits-academy')).toContainText('Up to 350 students');
    await page.locator('#pricing').getByText('Monthly', { exact: true }).click();
    await expectFigures(['3,000', '5,900', '12,000']);
    await expect(page.locator('[data-save]:visible')).toHaveCount(0);
  });

  test('pricing in Arabic, keyboard only', async ({ page }) => {
    await page.goto('/#pricing');
    await page.locator('#billing-monthly').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#billing-annual')).toBeChecked();
    await expect(page.locator('[data-plan="academy"] [data-price]:visible')).toHaveText('53.100');
  });

  test('the showcase carousel goes 1 → 4, wraps both ways, and moves on a swipe over 50 px', async ({ page }) => {
    await page.goto('/#showcase');
    const carousel = page.locator('[data-carousel]');
    const active = page.locator('[data-slide][data-active]');
    await expect(carousel).toHaveAttribute('data-enhanced');
    await expect(carousel).toHaveAttribute('data-index', '1');
    await expect(page.locator('[data-slide]:visible')).toHaveCount(1);
    const next = page.getByRole('button', { name: get(ar, 'a11y.next') });
    // A feature still on the roadmap carries its "coming soon" badge in the heading.
    const titles = (ar.showcase as { items: Array<{ title: string; soon?: string }> }).items.map((i) =>
      i.soon ? `${i.title} ${get(ar, 'status.comingSoon')}` : i.title,
    );
    for (const n of [2, 3, 4]) {
      await next.click();
      await expect(carousel).toHaveAttribute('data-index', String(n));
      await expect(active.getByRole('heading')).toHaveText(titles[n - 1]!);
    }
    await expect(page.getByTestId('demo-prices')).toContainText('3.000');
    await expect(page.getByTestId('demo-prices')).toContainText('5.000');
    await expect(page.getByTestId('demo-prices')).toContainText('8.000');
    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await page.getByRole('button', { name: get(ar, 'a11y.previous') }).click();
    await expect(carousel).toHaveAttribute('data-index', '4');

    // Swipes: in Arabic, dragging towards the right moves forward.
    await active.scrollIntoViewIfNeeded();
    const box = (await active.boundingBox())!;
    const drag = async (dx: number) => {
      const y = box.y + 20;
      const x = box.x + box.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y);
      await page.mouse.move(x + dx, y);
      await page.mouse.up();
    };
    await drag(120);
    await expect(carousel).toHaveAttribute('data-index', '1');
    await drag(-120);
    await expect(carousel).toHaveAttribute('data-index', '4');
    await drag(40);
    await expect(carousel).toHaveAttribute('data-index', '4');
    await page.getByRole('button', { name: get(ar, 'a11y.goTo').replace('{{n}}', '2') }).click();
    await expect(carousel).toHaveAttribute('data-index', '2');
  });

  test('the showcase moves on by itself every 6 s, waits under the pointer, and stays still for reduced motion', async ({ page }) => {
    await page.clock.install();
    await page.goto('/#showcase');
    const carousel = page.locator('[data-carousel]');
    await expect(carousel).toHaveAttribute('data-rotating');
    await page.clock.runFor(6_000);
    await expect(carousel).toHaveAttribute('data-index', '2');
    await page.locator('[data-slide][data-active]').hover();
    await page.clock.runFor(18_000);
    await expect(carousel).toHaveAttribute('data-index', '2');
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_000);
    await expect(carousel).toHaveAttribute('data-index', '3');
    await page.getByRole('button', { name: get(ar, 'a11y.pause') }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(18_000);
    await expect(carousel).toHaveAttribute('data-index', '3');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(carousel).toHaveAttribute('data-enhanced');
    await expect(carousel).not.toHaveAttribute('data-rotating');
    await page.clock.runFor(18_000);
    await expect(carousel).toHaveAttribute('data-index', '1');
  });

  test('the carousel swipes the other way in English', async ({ page }) => {
    await page.goto('/?lng=en#showcase');
    const carousel = page.locator('[data-carousel]');
    await page.locator('[data-slide][data-active]').scrollIntoViewIfNeeded();
    const box = (await page.locator('[data-slide][data-active]').boundingBox())!;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(x - 120, box.y + 20);
    await page.mouse.up();
    await expect(carousel).toHaveAttribute('data-index', '2');
  });

  test('a section named in the address is scrolled to; otherwise the page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/#faq');
    await expect(page.locator('#faq-title')).toBeInViewport();
    await page.goto('/');
    await scrollTo(page, 1500);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // From another page, the navbar's pricing link lands on the pricing section.
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: get(ar, 'a11y.mainNav') })
      .getByRole('link', { name: get(ar, 'nav.pricing') })
      .click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing-title')).toBeInViewport();
  });

  test('the footer: days since the launch, contact details and hours, social links, back to top', async ({ page }) => {
    await page.goto('/?lng=en');
    const days = await page.evaluate(() => {
      const now = new Date();
      return Math.floor((Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - Date.UTC(2023, 6, 15)) / 86_400_000);
    });
    await expect(page.locator('[data-launch-banner]')).toHaveText(`${new Intl.NumberFormat('en').format(days)} days since Darsi launched on 15 July 2023`);
    await expect(page.getByTestId('working-hours')).toContainText('Sunday to Thursday, 9:00 to 17:00');
    await expect(page.getByRole('list', { name: get(en, 'a11y.social') }).getByRole('link')).toHaveCount(5);
    await expect(page.locator('footer').getByRole('textbox', { name: get(en, 'newsletter.email') })).toBeVisible();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: get(en, 'a11y.backToTop') }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Alt+Shift+D shows the hidden colour panel, which tries primary colours live', async ({ page }) => {
    await page.goto('/');
    const panel = page.locator('[data-debug-panel]');
    await expect(panel).toBeHidden();
    await page.keyboard.press('Alt+Shift+KeyD');
    await expect(panel).toBeVisible();
    const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
    const cta = page.getByRole('link', { name: get(ar, 'hero.primary') });
    const ctaColour = () => cta.evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await ctaColour();
    await panel.getByRole('button', { name: get(ar, 'debug.use').replace('{{color}}', '#059669') }).click();
    expect(await primary()).toBe('#059669');
    expect(await ctaColour()).not.toBe(before);
    await panel.getByRole('button', { name: get(ar, 'debug.save') }).click();
    await page.reload();
    expect(await primary()).toBe('#059669');
    await page.keyboard.press('Alt+Shift+KeyD');
    await page.getByRole('button', { name: get(ar, 'debug.reset') }).click();
    expect(await primary()).toBe('#2563eb');
    await page.keyboard.press('Alt+Shift+KeyD');
    await expect(panel).toBeHidden();
  });
});

test.describe('language switcher on the public site', () => {
  test('ar → en → fr changes the text and the direction, and is remembered', async ({ page, context }) => {
    await page.goto('/features');
    await expectDirection(page, 'ar');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page).toHaveURL(/\/features\?lng=en$/);
    await expectDirection(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(en, 'featurePages.overview.title'));
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-fr').click();
    await expectDirection(page, 'fr');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    expect((await context.cookies()).find((c) => c.name === 'i18next')?.value).toBe('fr');
    // The server reads the cookie: the plain address is now French.
    await page.goto('/about');
    await expectDirection(page, 'fr');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-ar').click();
    await expectDirection(page, 'ar');
  });

  test('the menu closes on an outside click', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-switcher').click();
    await expect(page.getByTestId('language-option-fr')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByTestId('language-option-fr')).toBeHidden();
  });

  test('a failed change keeps the current language and says so', async ({ page }) => {
    await page.goto('/about');
    await page.route('**/about?lng=en', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.getByText(get(ar, 'language.changeFailed'))).toBeVisible();
    await expectDirection(page, 'ar');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId('language-switcher')).toContainText('العربية');
  });
});
