import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi } from '../support/auth';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { makeTestVideo } from '../support/video';

async function post(request: APIRequestContext, origin: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** A new teacher with an empty course of one section, on the course editor. */
async function editorOfNewCourse(page: Page, origin: string, name: string, lng = '') {
  await registerTeacherViaApi(page, uniqueAccount('video'), name);
  const course = await post(page.request, origin, '/api/courses/teacher/courses', { title: 'الفيزياء — الموجات', kind: 'regular' });
  await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم 1' });
  await page.goto(`/teacher/courses/${course.id}${lng}`);
  return course.id;
}

/** Records every state the processing panel shows, however briefly (a short video is prepared in seconds). */
async function recordProcessingStates(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { videoStates: Set<string> }).videoStates = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="video-processing"]')) seen.add(el.getAttribute('data-state') ?? '');
      if (document.querySelector('[data-testid="video-ready"]')) seen.add('ready');
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

test.describe('lesson video upload (Arabic)', () => {
  // A transcode waits its turn behind the other tests' videos (one at a time per server, under nice).
  test.setTimeout(300_000);

  test('a teacher uploads a video, watches the upload and the processing, and gets a ready lesson', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const video = makeTestVideo();
    await page.setViewportSize({ width: 375, height: 812 });
    const courseId = await editorOfNewCourse(page, origin, 'أستاذة نور');
    await expectDirection(page, 'ar');
    await page.getByTestId('add-lesson').click();
    const dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-title').fill('مقدمة الموجات');
    await dialog.locator('#lesson-type').selectOption('video');
    // Before anything is sent, the teacher sees the free space of the plan.
    await expect(dialog.getByTestId('video-storage')).toContainText('المساحة الحرة');
    await expect(dialog.getByTestId('lesson-video-choose')).toHaveText('اختيار ملف');
    await recordProcessingStates(page);

    // A slow line (20 kB/s up: about 20 s for this video), so that the upload lasts long enough to be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 20 * 1024 });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-video-choose').click()]);
    await chooser.setFiles(video);

    const progress = dialog.getByTestId('video-upload-progress');
    await expect(progress).toBeVisible();
    const bar = progress.getByRole('progressbar', { name: 'رفع الفيديو' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    // Speed and time left appear once a second of progress has been measured.
    await expect(progress.getByTestId('video-upload-speed')).toBeVisible({ timeout: 15_000 });
    // 20 kB/s reads in kilobytes per second, not as "0 MB/s".
    await expect(progress.getByTestId('video-upload-speed')).toHaveText(/^\d+([.,]\d)? كيلوبايت\/ث$/);
    await expect(progress.getByTestId('video-upload-left')).toContainText('بقيت');
    // Saving would close the dialog and stop the upload: it waits.
    await expect(dialog.getByTestId('lesson-save')).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/video-upload-progress-ar-375.png` });

    // Pause, then resume: the upload goes on from where it stopped.
    await progress.getByTestId('video-upload-pause').click();
    await expect(progress).toHaveAttribute('data-phase', 'paused');
    const pausedAt = Number(await bar.getAttribute('aria-valuenow'));
    await progress.getByTestId('video-upload-resume').click();
    await expect(progress.getByTestId('video-upload-resumed')).toBeVisible();
    await expect(progress).toHaveAttribute('data-phase', 'uploading');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The server prepares the encrypted renditions; the bar follows, then the result is shown.
    const ready = dialog.getByTestId('video-ready');
    await expect(ready).toBeVisible({ timeout: 200_000 });
    const states = await page.evaluate(() => [...(window as unknown as { videoStates: Set<string> }).videoStates]);
    expect(
      states.some((s) => s === 'queued' || s === 'processing'),
      states.join(),
    ).toBe(true);
    expect(pausedAt).toBeLessThan(100);
    await expect(ready).toContainText('الفيديو جاهز لطلابك.');
    await expect(ready).toContainText('0:04');
    await expect(ready).toContainText('360p');
    await expect(ready.getByRole('img', { name: 'صورة مصغّرة للفيديو' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/video-upload-ready-ar-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/video-upload-ready-ar-1280.png` });

    // Saved and closed: the outline shows the lesson's video as ready.
    await dialog.getByTestId('lesson-save').click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('lesson-row').filter({ hasText: 'مقدمة الموجات' });
    await expect(row.getByTestId('video-state')).toHaveAttribute('data-state', 'ready');
    await expect(row).toContainText('الفيديو جاهز');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await row.screenshot({ path: `${SCREENSHOTS}/video-outline-row-ar-375.png` });
    const course = (await (await page.request.get(`/api/courses/teacher/courses/${courseId}`)).json()) as {
      sections: Array<{ lessons: Array<{ type: string }> }>;
    };
    expect(course.sections[0]!.lessons.map((l) => l.type)).toEqual(['video']);
  });

  test('an upload cut off by closing the dialog resumes where it stopped when the same file is picked again', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const video = makeTestVideo();
    await editorOfNewCourse(page, origin, 'أستاذ يوسف');
    await page.getByTestId('add-lesson').click();
    let dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-title').fill('الانعكاس');
    await dialog.locator('#lesson-type').selectOption('video');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 30 * 1024 });
    let [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-video-choose').click()]);
    await chooser.setFiles(video);
    const bar = dialog.getByTestId('video-upload-progress').getByRole('progressbar');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    await expect(dialog.getByTestId('video-upload-resumed')).toHaveCount(0);
    // The teacher closes the dialog in the middle (as a closed tab would): the lesson exists, its video does not yet.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/video/uploads')) calls.push(r.method());
    });
    await page.getByRole('button', { name: 'تعديل الدرس «الانعكاس»' }).click();
    dialog = page.getByTestId('lesson-dialog');
    [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-video-choose').click()]);
    await chooser.setFiles(video);
    // It goes on from the server's offset instead of starting again.
    await expect(dialog.getByTestId('video-upload-resumed')).toBeVisible();
    await expect(dialog.getByTestId('video-ready')).toBeVisible({ timeout: 200_000 });
    // tus: the offset is asked for (HEAD) and the rest sent (PATCH); no new upload is created (POST).
    expect(calls[0]).toBe('HEAD');
    expect(calls).toContain('PATCH');
    expect(calls).not.toContain('POST');

    // Deleting the video (after a confirmation) leaves the lesson without one, ready for another file.
    await dialog.getByTestId('video-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
    await expect(dialog.getByTestId('video-ready')).toHaveCount(0);
    await expect(dialog.getByTestId('lesson-video-choose')).toBeVisible();
    await expect(dialog.getByTestId('video-delete')).toHaveCount(0);
  });

  test('a video larger than the free space is refused before anything is sent', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const video = makeTestVideo();
    // The plan's usage as the server would send it for a nearly full plan: 100 kB left.
    await page.route('**/api/courses/teacher/usage', async (route) => {
      const usage = (await (await route.fetch()).json()) as { storage: { usedBytes: number; limitBytes: number } };
      await route.fulfill({ json: { ...usage, storage: { usedBytes: usage.storage.limitBytes - 100 * 1024, limitBytes: usage.storage.limitBytes } } });
    });
    await editorOfNewCourse(page, origin, 'أستاذة مريم');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/video/uploads')) uploads.push(r.method());
    });
    await page.getByTestId('add-lesson').click();
    const dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-title').fill('التداخل');
    await dialog.locator('#lesson-type').selectOption('video');
    await expect(dialog.getByTestId('video-storage')).toContainText('100 كيلوبايت');
    // The help page on lesson videos is one click away.
    const help = dialog.getByTestId('video-help');
    await expect(help).toHaveText('كيف يُستأنف الرفع، وما تمنعه الحماية وما لا تمنعه');
    expect((await page.request.get((await help.getAttribute('href'))!)).status()).toBe(200);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-video-choose').click()]);
    await chooser.setFiles(video);
    await expect(dialog.getByTestId('video-too-big')).toContainText('أكبر من المساحة الحرة');
    await expect(dialog.getByTestId('video-upload-progress')).toHaveCount(0);
    expect(uploads).toEqual([]);
  });
});

test.describe('lesson video upload (English)', () => {
  test('a file that is not a video is refused with a translated message, and another can be chosen', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-fake-'));
    const fake = path.join(dir, 'lesson.mp4');
    fs.writeFileSync(fake, `%PDF-1.4\n${'not a video '.repeat(2000)}`);
    await editorOfNewCourse(page, origin, 'Samir', '?lng=en');
    await expectDirection(page, 'en');
    await page.getByTestId('add-lesson').click();
    const dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-title').fill('Waves');
    await dialog.locator('#lesson-type').selectOption('video');
    await expect(dialog.getByTestId('video-storage')).toContainText('Free space');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-video-choose').click()]);
    await chooser.setFiles(fake);
    const refusal = dialog.getByTestId('video-upload-progress').getByRole('alert');
    const failed = dialog.getByTestId('video-failed');
    // The server refuses it after ffprobe, on the upload's last request or once it is checked.
    await expect(refusal.or(failed)).toBeVisible({ timeout: 30_000 });
    await expect(refusal.or(failed)).toContainText('This file is not a video');
    await expect(dialog.getByTestId('video-upload-resume')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/video-upload-refused-en-1280.png` });
  });
});
