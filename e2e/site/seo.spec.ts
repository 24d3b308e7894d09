import { expect, test } from '../support/fixtures';
import { SPEC_PUBLIC_PATHS } from './site-data';

test.describe('search engines and the offline worker', () => {
  test('sitemap.xml lists every public route, and each one answers', async ({ request, baseURL }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const paths = new Set(locs.map((l) => new URL(l).pathname));
    expect([...paths].sort()).toEqual([...SPEC_PUBLIC_PATHS].sort());
    for (const path of paths) expect((await request.get(`${baseURL}${path}`)).status(), path).toBe(200);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: ');
  });

  test('the first HTML is complete: title, description, canonical and hreflang, with content readable without scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ar' });
    const page = await context.newPage();
    await page.goto('/payment');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('طرق الدفع');
    await expect(page.getByTestId('payment-methods').getByRole('heading')).toHaveCount(4);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/payment$/);
    await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(4);
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.+/);
    // The pricing toggle is CSS only: it works without the script too.
    await page.goto('/#pricing');
    await page.locator('#pricing').getByText('سنوي', { exact: true }).click();
    await expect(page.locator('[data-plan="institution"] [data-price]:visible')).toHaveText('108.000');
    await context.close();
  });

  test('the main-site worker registers at /service-worker.js and controls the pages', async ({ page }) => {
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(new URL(script!).pathname).toBe('/service-worker.js');
  });

  test('a page seen once opens offline from the worker’s cache', async ({ page, context }) => {
    await page.goto('/roadmap');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأسئلة الشائعة');
    await expect(page.locator('[data-site-header]')).toBeVisible();
    await context.setOffline(false);
  });

  test('a new worker found while an older one controls the page is applied about 3 s after the next load, which reloads', async ({
    page,
    context,
    baseURL,
  }) => {
    const cachesNow = () => page.evaluate(() => caches.keys());
    await page.goto('/about');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const [first] = await cachesNow();
    // A new deployment, for this browser only (the server honours this cookie when NODE_ENV=test).
    await context.addCookies([{ name: 'darsi-test-worker-version', value: 'next', url: baseURL! }]);
    // The hourly check, now: the new worker installs and waits; the page only notes that an update is pending.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('darsi-sw-update-pending'))).toBe('1');
    // Browsers stop idle workers; the waiting one must still know it is an update when it is started again.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    await page.goto('/about');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const loaded = Date.now();
    await page.waitForEvent('load', { timeout: 10_000 });
    const after = Date.now() - loaded;
    expect(after, 'reloaded about 3 s after the load').toBeGreaterThan(2_000);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await expect(page).toHaveURL(/\/about$/);
    expect(await cachesNow()).toEqual([`${first}-next`]);
    expect(await page.evaluate(() => localStorage.getItem('darsi-sw-update-pending'))).toBeNull();
  });
});
