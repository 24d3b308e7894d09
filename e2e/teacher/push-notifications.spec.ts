import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

type TPushStatus = { publicKey: string; devices: number; worker: string };

/*
 * Headless Chromium has no push service: PushManager.subscribe fails there with "Registration failed - permission
 * denied" whatever the permission (checked by hand). The browser's PushManager is therefore replaced by one that
 * hands out a subscription on a real push service's address (kept in localStorage, like the browser keeps its
 * own); the page, the permission request, the service worker's registration and the server are the real ones.
 * What reaches a device is tested against a push service stand-in (tests/integration/notification-push.test.ts).
 */
function fakePushManager() {
  const KEY = 'e2e-push-endpoint';
  // The server key the subscription was made with, as the browser keeps it (options.applicationServerKey).
  const SERVER_KEY = 'e2e-push-server-key';
  const subscription = (endpoint: string) => ({
    endpoint,
    options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(localStorage.getItem(SERVER_KEY) ?? ''), (c) => c.charCodeAt(0)).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const bytes = options?.applicationServerKey as Uint8Array;
    Object.assign(window, { e2eServerKeyBytes: bytes.byteLength });
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(KEY, endpoint);
    localStorage.setItem(SERVER_KEY, btoa(String.fromCharCode(...bytes)));
    return subscription(endpoint) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const endpoint = localStorage.getItem(KEY);
    return (endpoint ? subscription(endpoint) : null) as unknown as PushSubscription | null;
  };
}

// Decision 210: the notification settings turn web push on for this device, and choose it per kind.
test.describe('web push settings (Arabic)', () => {
  test('the device switch subscribes this browser and unsubscribes it; push is chosen per kind; the iPhone note is shown', async ({ page, context }) => {
    await registerTeacherViaApi(page, uniqueAccount('push'), 'أستاذة الإشعارات');
    await context.grantPermissions(['notifications'], { origin: ORIGIN });
    await page.addInitScript(fakePushManager);
    const status = async () => (await (await page.request.get('/api/notifications/push')).json()) as TPushStatus;

    await page.goto('/teacher/notifications');
    await expectDirection(page, 'ar');
    const settings = page.getByTestId('push-settings');
    await expect(settings.getByTestId('push-ios')).toContainText('الشاشة الرئيسية', { timeout: 30_000 });
    const toggle = settings.getByRole('checkbox', { name: 'تفعيل الإشعارات على هذا الجهاز' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect(page.getByText('فُعّلت الإشعارات على هذا الجهاز')).toBeVisible();
    await expect(settings.getByText('جهاز واحد مفعّل')).toBeVisible();
    expect((await status()).devices).toBe(1);
    // The VAPID public key reached subscribe() as the 65 bytes of a P-256 point.
    expect(await page.evaluate(() => (window as unknown as { e2eServerKeyBytes: number }).e2eServerKeyBytes)).toBe(65);
    // The page's worker is the main site's, and it now holds the subscription.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(`${ORIGIN}/service-worker.js`);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-push-ar.png`, fullPage: true });

    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('أُوقفت الإشعارات على هذا الجهاز')).toBeVisible();
    await expect.poll(async () => (await status()).devices).toBe(0);

    // Per kind: messages not pushed, the rest unchanged.
    const row = page.getByTestId('notification-settings').getByRole('listitem').filter({ hasText: 'الرسائل' });
    await row.getByRole('checkbox', { name: 'على الأجهزة' }).click();
    await expect
      .poll(async () => {
        const prefs = (await (await page.request.get('/api/notifications/preferences')).json()) as { preferences: Array<{ kind: string; push: boolean }> };
        return prefs.preferences.filter((p) => !p.push).map((p) => p.kind);
      })
      .toEqual(['message']);
  });

  test('a subscription made with a replaced server key, or dropped by the server, is renewed quietly at the next start', async ({ page, context }) => {
    await registerTeacherViaApi(page, uniqueAccount('push-renew'), 'أستاذة الأجهزة');
    await context.grantPermissions(['notifications'], { origin: ORIGIN });
    await page.addInitScript(fakePushManager);
    const stored = () => page.evaluate(() => ({ endpoint: localStorage.getItem('e2e-push-endpoint'), key: localStorage.getItem('e2e-push-server-key') }));
    const owner = async (endpoint: string) =>
      ((await (await page.request.get(`/api/notifications/push?endpoint=${encodeURIComponent(endpoint)}`)).json()) as TPushStatus & { endpoint: string })
        .endpoint;

    await page.goto('/teacher/notifications');
    await expectDirection(page, 'ar');
    const toggle = page.getByTestId('push-settings').getByRole('checkbox', { name: 'تفعيل الإشعارات على هذا الجهاز' });
    await toggle.click();
    await expect(page.getByText('فُعّلت الإشعارات على هذا الجهاز')).toBeVisible();
    const first = await stored();
    const { publicKey } = (await (await page.request.get('/api/notifications/push')).json()) as TPushStatus;
    expect(Buffer.from(first.key ?? '', 'base64').toString('base64url')).toBe(publicKey);
    expect(await owner(first.endpoint ?? '')).toBe('mine');

    // The browser's subscription was made with the key pair the operator replaced (decision 228).
    await page.evaluate(() => localStorage.setItem('e2e-push-server-key', btoa(String.fromCharCode(4, ...Array<number>(64).fill(9)))));
    await page.reload();
    await expect.poll(async () => (await stored()).endpoint, { timeout: 15_000 }).not.toBe(first.endpoint);
    const renewed = await stored();
    expect(Buffer.from(renewed.key ?? '', 'base64').toString('base64url')).toBe(publicKey);
    await expect.poll(() => owner(renewed.endpoint ?? '')).toBe('mine');
    expect(await owner(first.endpoint ?? '')).toBe('none');
    expect(((await (await page.request.get('/api/notifications/push')).json()) as TPushStatus).devices).toBe(1);
    await expect(toggle).toBeChecked();
    // No second permission prompt: the permission was already granted, and nothing was shown.
    await expect(page.getByText('فُعّلت الإشعارات على هذا الجهاز')).toHaveCount(0);

    // The server dropped the device (its push service said it was gone): registered again at the next start.
    expect(
      (await page.request.post('/api/notifications/push/unsubscribe', { data: { endpoint: renewed.endpoint }, headers: { origin: ORIGIN } })).status(),
    ).toBe(200);
    expect(await owner(renewed.endpoint ?? '')).toBe('none');
    await page.goto('/teacher');
    await expect.poll(async () => (await stored()).endpoint, { timeout: 15_000 }).not.toBe(renewed.endpoint);
    const again = await stored();
    await expect.poll(() => owner(again.endpoint ?? '')).toBe('mine');
    expect(((await (await page.request.get('/api/notifications/push')).json()) as TPushStatus).devices).toBe(1);
  });
});
