import { expect, test } from '../support/fixtures';
import { SCREENSHOTS } from '../support/page-checks';
import { createPageViaApi, editable, newTeacher, onSubdomain, publishViaApi, savePageViaApi } from './support';

test.describe('the landing page offline worker', () => {
  test('keeps the page for offline viewing and announces a newer copy with the update banner', async ({ page, context }) => {
    const account = await newTeacher(page, 'sw');
    const created = await createPageViaApi(page, 'صفحة بلا اتصال');
    await publishViaApi(page, created.id);
    const url = onSubdomain(account.subdomain);

    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.reload(); // this visit goes through the worker, which keeps a copy
    await expect(page.locator('h1')).toHaveText('صفحة بلا اتصال');

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('h1')).toHaveText('صفحة بلا اتصال');
    await context.setOffline(false);

    // The teacher changes the page: the next visit is answered at once from the kept copy, and the
    // worker, having fetched the new one behind it, shows the banner.
    const changed = await savePageViaApi(page, created.id, { ...editable(created), title: 'صفحة محدثة' });
    expect(changed.title).toBe('صفحة محدثة');
    // A save is the page's draft (decision 119): publishing it is the change visitors get.
    await publishViaApi(page, created.id);
    await page.reload();
    await expect(page.locator('h1')).toHaveText('صفحة بلا اتصال');
    const banner = page.locator('[data-update-banner]');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('تم العثور على تحديث جديد');
    await page.screenshot({ path: `${SCREENSHOTS}/landing-update-banner-ar.png` });
    await banner.getByRole('button', { name: 'تحديث الآن' }).click();
    await expect(page.locator('h1')).toHaveText('صفحة محدثة');
    await expect(banner).toBeHidden();
  });

  test('on the main domain, /landing/{id} keeps the main site worker and shows no false update banner', async ({ page }) => {
    await newTeacher(page, 'sw3');
    const created = await createPageViaApi(page, 'صفحة على النطاق الرئيسي');
    await publishViaApi(page, created.id);
    const siteWorker = () => page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r?.active?.scriptURL ?? ''));

    // The main site registers its own worker for /.
    await page.goto('/');
    await expect.poll(siteWorker).toContain('/service-worker.js');

    await page.goto(`/landing/${created.id}`);
    await expect(page.locator('h1')).toHaveText('صفحة على النطاق الرئيسي');
    // The landing worker takes /landing/ only, and is installed and active beside the site's.
    await expect
      .poll(() =>
        page.evaluate(() => navigator.serviceWorker.getRegistration(window.location.href).then((r) => `${r?.scope ?? ''} ${r?.active?.scriptURL ?? ''}`)),
      )
      .toMatch(/\/landing\/ .*\/landing-page-sw\.js$/);
    await expect(page.locator('[data-update-banner]')).toBeHidden();
    expect(await siteWorker()).toContain('/service-worker.js');

    // Back on the site, its worker still controls the page.
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain('/service-worker.js');
    await page.goto(`/landing/${created.id}`);
    await expect(page.locator('h1')).toHaveText('صفحة على النطاق الرئيسي');
    await page.waitForTimeout(300); // a registration flip would show the banner right after load
    await expect(page.locator('[data-update-banner]')).toBeHidden();
    expect(await siteWorker()).toContain('/service-worker.js');
  });

  test('a new worker version waits until "update now" sends SKIP_WAITING', async ({ page }) => {
    const account = await newTeacher(page, 'sw2');
    const created = await createPageViaApi(page, 'نسخة العامل');
    await publishViaApi(page, created.id);
    await page.goto(onSubdomain(account.subdomain));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const skipWaitingSent = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        }),
    );
    // A new version of the worker arrives (a script at another address for the same scope is one):
    // it installs and waits, since this page is controlled by the current one.
    await page.evaluate(() => navigator.serviceWorker.register('/landing-page-sw.js?next=1', { scope: '/' }).then(() => undefined));
    const banner = page.locator('[data-update-banner]');
    await expect(banner).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'تحديث الآن' }).click();
    expect(await skipWaitingSent).toBe(true);
    await reloaded;
    await expect(page.locator('h1')).toHaveText('نسخة العامل');
    // The worker that was waiting is the one in charge now.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('next=1');
  });
});
