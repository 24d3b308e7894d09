import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { enrolledVideoStudent } from './video-offline-helpers';

/* Offline lessons (issue 30, decision 192): download in the app, play with the network cut, refuse after the licence ends. */

const DAY = 86_400_000;

/** The first stored segment's first byte, read from the browser's IndexedDB as the app stored it. */
function firstStoredByte(page: Page, lessonId: string) {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('darsi-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('files').objectStore('files').get(`seg:${id}:0`);
          get.onsuccess = () => resolve(new Uint8Array(get.result as ArrayBuffer)[0]!);
          get.onerror = () => reject(get.error);
        };
      }),
    lessonId,
  );
}

test.describe('offline lessons (Arabic, 375 px)', () => {
  test.setTimeout(240_000);

  test('downloads a lesson (size first, resumes after a dropped connection), plays it offline with the watermark, refuses once the licence has expired', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { url, lessonId } = await enrolledVideoStudent(page, origin);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url);
    await expectDirection(page, 'ar');
    const panel = page.getByTestId('offline-download');
    await panel.getByTestId('offline-prepare').click();
    // The size (and the licence's end) before anything is downloaded; the lowest picture is offered first.
    await expect(panel.getByTestId('offline-size')).toContainText('ميغابايت');
    await expect(panel.getByTestId('offline-quality')).toHaveValue('240');
    await page.screenshot({ path: `${SCREENSHOTS}/offline-download-ar-375.png`, fullPage: true });
    await expectNoHorizontalOverflow(page);

    // The connection drops at the third part: what is stored stays, and the download resumes from there.
    let dropped = false;
    await page.route('**/api/video/offline/**/seg-0002.ts', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort('internetdisconnected');
    });
    await panel.getByTestId('offline-start').click();
    await expect(panel).toHaveAttribute('data-state', 'paused');
    await expect(panel.getByTestId('offline-progress')).toHaveAttribute('value', '2');
    await panel.getByTestId('offline-resume').click();
    await expect(panel).toHaveAttribute('data-state', 'done');
    // Stored as downloaded: encrypted (an MPEG-TS segment in the clear starts with 0x47).
    expect(await firstStoredByte(page, lessonId)).not.toBe(0x47);

    await panel.getByTestId('offline-open').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الدروس دون اتصال');
    await context.setOffline(true);
    await page.getByTestId('offline-play').click();
    const video = page.getByTestId('offline-video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
    // The same moving watermark as online: a canvas over the picture.
    await expect(page.getByTestId('offline-player').locator('canvas')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/offline-play-ar-375.png`, fullPage: true });
    await expectNoHorizontalOverflow(page);

    // Eight days later (the course's licence lasts seven), still offline: a clear refusal, nothing plays.
    await page.clock.setSystemTime(new Date(Date.now() + 8 * DAY));
    await page.getByTestId('offline-play').click();
    await expect(page.getByTestId('offline-refused')).toHaveText('انتهى ترخيص هذا الدرس. يلزم الاتصال بالإنترنت وفتح هذه الصفحة لتجديده.');
    await expect(page.getByTestId('offline-video')).toHaveCount(0);
    await context.setOffline(false);
  });
});
