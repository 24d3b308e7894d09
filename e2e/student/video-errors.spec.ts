import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { downloadOpenLesson, dropStoredSegment, enrolledVideoStudent } from './video-offline-helpers';

/* What a student meets when playback breaks: the line dropping mid-lesson (online), and the installed app started
   with no network at all (its downloaded lessons), or with a part of a lesson gone from the device. */

const SEGMENTS = /\/seg-\d{4}\.ts$/;

const videoTime = (page: Page, testId: string) => page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe('playback failures (Arabic, 375 px)', () => {
  test.setTimeout(240_000);

  test('the line drops mid-lesson: the player reconnects by itself, then says so with a retry that resumes; offline, the app starts on its downloaded lessons and names a missing part', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { url, lessonId } = await enrolledVideoStudent(page, origin, 24);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url);
    await expectDirection(page, 'ar');
    const player = page.getByTestId('video-player');

    await test.step('online: segments fail mid-play, then come back', async () => {
      // The first two parts (seven seconds) load; from the third on, every part fails as on a dropped line.
      await page.route(SEGMENTS, (route) => (/seg-000[01]\.ts$/.test(route.request().url()) ? route.continue() : route.abort('internetdisconnected')));
      await player.getByTestId('player-start').click();
      await expect.poll(() => videoTime(page, 'lesson-video'), { timeout: 30_000 }).toBeGreaterThan(1);
      // First it tries again by itself (bounded), then it says what happened and what to do.
      await expect(player.getByTestId('player-reconnecting')).toHaveText('انقطع الاتصال. جارٍ إعادة الاتصال…');
      const failure = player.getByTestId('player-refused');
      await expect(failure).toHaveAttribute('data-failure', 'network', { timeout: 40_000 });
      await expect(failure).toContainText('انقطع الاتصال');
      await expect(failure).toContainText('يُستأنف الدرس من حيث توقّف');
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/video-network-lost-ar-375.png` });

      await page.unroute(SEGMENTS);
      await failure.getByTestId('player-retry').click();
      await expect(failure).toHaveCount(0);
      await expect.poll(() => videoTime(page, 'lesson-video'), { timeout: 30_000 }).toBeGreaterThan(9);
    });

    await test.step('offline: a cold start of the installed app reaches the downloaded lessons and plays', async () => {
      await page.reload();
      await downloadOpenLesson(page);
      // The app's worker controls the page and has kept the screens once seen online.
      await page.getByTestId('offline-download').getByTestId('offline-open').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('الدروس دون اتصال');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect(page.getByTestId('offline-lessons')).toContainText('الدوال');

      await context.setOffline(true);
      // The area's guard cannot ask for the session: it opens the downloaded lessons instead of an error page.
      await page.reload();
      await expect(page).toHaveURL(/\/student\/offline$/);
      await expect(page.getByTestId('offline-app')).toContainText('لا يوجد اتصال بالإنترنت');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('الدروس دون اتصال');
      await expect(page.getByTestId('offline-lessons')).toContainText('الدوال');
      await page.getByTestId('offline-play').click();
      const video = page.getByTestId('offline-video');
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        void v.play();
      });
      await expect.poll(() => videoTime(page, 'offline-video'), { timeout: 30_000 }).toBeGreaterThan(1);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}/offline-cold-start-ar-375.png`, fullPage: true });
    });

    await test.step('offline: a part the browser no longer has is named, with how to get it back', async () => {
      await dropStoredSegment(page, lessonId, 1);
      await page.getByTestId('offline-play').click();
      await page.getByTestId('offline-video').evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        void v.play();
      });
      const problem = page.getByTestId('offline-problem');
      await expect(problem).toHaveAttribute('data-problem', 'missing', { timeout: 30_000 });
      await expect(problem).toHaveText('لم يعد جزء من هذا الدرس محفوظًا على هذا الجهاز (ربما حرّر المتصفّح مساحة). يلزم الاتصال بالإنترنت وتنزيله من جديد.');
      await expect(page.getByTestId('offline-download-again')).toHaveAttribute('href', url);
      await context.setOffline(false);
    });
  });
});
