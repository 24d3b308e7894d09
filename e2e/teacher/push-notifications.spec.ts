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
  const subscription = (endpoint: string) => ({
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    Object.assign(window, { e2eServerKeyBytes: (options?.applicationServerKey as Uint8Array).byteLength });
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(KEY, endpoint);
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
});
