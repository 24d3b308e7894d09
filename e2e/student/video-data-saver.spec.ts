import type { Page, Request } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi, signOutViaApi } from '../support/auth';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { callApi, freeVideoCourse } from '../support/video';

const currentTime = (page: Page) => page.getByTestId('lesson-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** A free course whose lesson is a ready video (audio only, 240p, 360p), its teacher's default "low picture", and an enrolled student. */
async function enrolledStudent(page: Page, origin: string) {
  const teacher = uniqueAccount('dsteacher');
  await registerTeacherViaApi(page, teacher, 'أستاذة سعاد');
  // The teacher's default for students who have not chosen on their device.
  const { courseId, lessonId } = await freeVideoCourse(page.request, origin, {
    title: 'العلوم الطبيعية',
    section: 'الوحدة الأولى',
    lesson: 'الخلية',
    seconds: 30,
    settings: { videoDataSaver: 'low' },
  });
  await signOutViaApi(page);
  const student = uniqueAccount('dsstudent');
  const signUp = await page.request.post('/api/accounts/register/student', {
    data: { name: 'ياسين قاسمي', email: student.email, password: student.password, platform: teacher.subdomain },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await callApi(page.request, origin, 'post', `/api/learning/student/courses/${courseId}/enroll-free`, {});
  return `/student/dashboard/courses/${courseId}/lessons/${lessonId}`;
}

/** Which renditions' playlists and segments the page fetched (0 is audio only). */
function watchRenditions(page: Page) {
  const seen = { playlists: new Set<string>(), segments: new Set<string>() };
  const onRequest = (r: Request) => {
    const m = /\/api\/video\/play\/[^/]+\/(\d+)\/(index\.m3u8|seg-\d{4}\.ts)$/.exec(new URL(r.url()).pathname);
    if (m) (m[2] === 'index.m3u8' ? seen.playlists : seen.segments).add(m[1]!);
  };
  page.on('request', onRequest);
  return { seen, stop: () => page.off('request', onRequest) };
}

test.describe('data saver (Arabic, 375 px)', () => {
  test.setTimeout(180_000);

  test("starts from the teacher's default, plays sound only once chosen, shows MB an hour and remembers it", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const url = await enrolledStudent(page, origin);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url);
    await expectDirection(page, 'ar');
    const player = page.getByTestId('video-player');
    const saver = player.getByTestId('data-saver');

    // The teacher's default (low picture) applies once playback starts: the lowest picture only.
    let watch = watchRenditions(page);
    await player.getByTestId('player-start').click();
    await expect(saver).toHaveAttribute('data-mode', 'low');
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect([...watch.seen.segments]).toEqual(['240']);
    watch.stop();

    // The student opens the data saver: the cost of an hour of each quality, from the master playlist.
    await player.getByTestId('data-saver-toggle').click();
    const costs = player.getByTestId('data-saver-costs').locator('li');
    await expect(costs).toHaveCount(3);
    await expect(costs.nth(0)).toContainText('الصوت فقط');
    await expect(costs.nth(0)).toContainText(/\d+ ميغابايت في الساعة/);
    await expect(costs.nth(1)).toContainText('240p');
    await expect(costs.nth(2)).toContainText('360p');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/video-data-saver-ar-375.png` });

    // Sound only: the audio-only playlist and its segments, no picture any more, from the same moment.
    watch = watchRenditions(page);
    const before = await currentTime(page);
    await player.getByTestId('data-saver-audio').check();
    await expect(saver).toHaveAttribute('data-mode', 'audio');
    await player.getByTestId('data-saver-close').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(before + 1);
    expect([...watch.seen.playlists]).toEqual(['0']);
    expect([...watch.seen.segments]).toEqual(['0']);
    watch.stop();
    await expect(player.getByTestId('data-saver-toggle')).toHaveText('توفير البيانات: الصوت فقط');

    // Remembered on this device: after a reload, sound only again, before and after pressing play.
    await page.reload();
    await expect(saver).toHaveAttribute('data-mode', 'audio');
    watch = watchRenditions(page);
    await player.getByTestId('player-start').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect([...watch.seen.segments]).toEqual(['0']);
    watch.stop();

    await page.setViewportSize({ width: 1280, height: 800 });
    await player.getByTestId('data-saver-toggle').click();
    await page.screenshot({ path: `${SCREENSHOTS}/video-data-saver-ar-1280.png` });
  });
});
