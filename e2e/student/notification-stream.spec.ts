import { DEMO, expect, test } from '../support/fixtures';
import { expectDirection } from '../support/page-checks';
import { signInAs } from '../support/sessions';

// Spec §7 (decision 123, amended): a phone holds the bell's live stream only while the page is shown.
test.describe('notification stream on a phone (Arabic)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('closes while the page is hidden and opens again when it is shown', async ({ page }) => {
    // Every EventSource the page makes, so that the test can read whether it is open or closed.
    await page.addInitScript(() => {
      const Native = window.EventSource;
      const opened: EventSource[] = [];
      Object.assign(window, { __streams: opened });
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          opened.push(this);
        }
      };
    });
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const states = () => page.evaluate(() => (window as unknown as { __streams: EventSource[] }).__streams.map((s) => s.readyState));

    await signInAs(page, DEMO.student.email);
    await page.goto('/student/dashboard');
    await expectDirection(page, 'ar');
    await expect(page.getByTestId('student-layout')).toBeVisible();
    await expect.poll(states).toEqual([expect.any(Number)]);
    expect((await states())[0]).not.toBe(2);

    await setHidden(true);
    await expect.poll(states).toEqual([2]);

    await setHidden(false);
    await expect.poll(async () => (await states()).length).toBe(2);
    expect((await states())[1]).not.toBe(2);
  });
});
