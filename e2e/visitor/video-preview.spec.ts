import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi, signOutViaApi } from '../support/auth';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { callApi, makeTestVideo, uploadVideoViaTus, waitForVideoReady } from '../support/video';

/*
 * Issues 12 + 15 (decision 075): a visitor without an account plays a course's free preview video in the
 * protected player, watermarked as a free preview of the teacher's platform.
 */

const TEACHER_NAME = 'أستاذة نادية';
const LESSON = 'مدخل إلى الكيمياء';

const currentTime = (page: Page) => page.getByTestId('lesson-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** A published course whose first lesson is a ready video marked as a free preview; then signed out. */
async function previewCourse(page: Page, origin: string) {
  const teacher = uniqueAccount('pteacher');
  await registerTeacherViaApi(page, teacher, TEACHER_NAME);
  const course = await callApi(page.request, origin, 'post', '/api/courses/teacher/courses', { title: 'الكيمياء للبكالوريا', kind: 'regular' });
  const section = await callApi(page.request, origin, 'post', `/api/courses/teacher/courses/${course.id}/sections`, { title: 'البداية' });
  const lesson = await callApi(page.request, origin, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, {
    sectionId: section.id,
    title: LESSON,
    type: 'video',
  });
  await callApi(page.request, origin, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, {
    sectionId: section.id,
    title: 'درس مدفوع',
    type: 'text',
    bodyHtml: '<p>نص</p>',
  });
  await uploadVideoViaTus(page.request, origin, lesson.id, makeTestVideo(12));
  await waitForVideoReady(page.request, lesson.id);
  await callApi(page.request, origin, 'patch', `/api/courses/teacher/lessons/${lesson.id}`, { freePreview: true });
  await callApi(page.request, origin, 'put', `/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'monthly', priceDzd: 2500 }] });
  await callApi(page.request, origin, 'patch', `/api/courses/teacher/courses/${course.id}`, { status: 'published' });
  await signOutViaApi(page);
  return { subdomain: teacher.subdomain, courseId: course.id, lessonId: lesson.id };
}

async function expectOverPicture(mark: Locator, video: Locator) {
  const [box, picture] = [await mark.boundingBox(), await video.boundingBox()];
  expect(box && picture).toBeTruthy();
  expect(
    box!.x < picture!.x + picture!.width && box!.x + box!.width > picture!.x && box!.y < picture!.y + picture!.height && box!.y + box!.height > picture!.y,
  ).toBe(true);
}

test.describe('free video previews without an account', () => {
  test.setTimeout(180_000);

  test('Arabic: a visitor opens the course page, its free preview, and the video plays with a preview watermark', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const c = await previewCourse(page, origin);
    // No account from here on: the player would refuse a signed-in-only call.

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/platform/${c.subdomain}/courses/${c.courseId}`);
    await expectDirection(page, 'ar');
    await page.getByTestId('public-lesson-preview').click();
    await expect(page.getByTestId('preview-video')).toBeVisible();
    await page.getByTestId('preview-video-watch').click();
    await expect(page).toHaveURL(new RegExp(`/platform/${c.subdomain}/preview/courses/${c.courseId}/lessons/${c.lessonId}$`));
    await expectDirection(page, 'ar');
    await expect(page.getByTestId('lesson-title')).toHaveText(LESSON);
    await expect(page.getByTestId('preview-teacher')).toHaveText(TEACHER_NAME);

    const player = page.getByTestId('video-player');
    const video = page.getByTestId('lesson-video');
    await expect(video).toHaveAttribute('controlslist', /nodownload/);
    await expect(video).toHaveAttribute('poster', /preview-thumbnail\.jpg/);
    await player.getByTestId('player-start').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);

    const mark = player.getByTestId('video-watermark');
    await expect(mark).toHaveAttribute('data-lines', /معاينة مجانية/);
    await expect(mark).toHaveAttribute('data-lines', new RegExp(TEACHER_NAME));
    await expectOverPicture(mark, video);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/video-preview-ar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/video-preview-ar-1280.png`, fullPage: true });

    // Back to the teacher's course page.
    await page.getByTestId('preview-back').click();
    await expect(page).toHaveURL(new RegExp(`/platform/${c.subdomain}/courses/${c.courseId}$`));
  });

  test('English: the preview plays left to right, watermarked "Free preview"', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const c = await previewCourse(page, origin);
    await page.goto(`/platform/${c.subdomain}/preview/courses/${c.courseId}/lessons/${c.lessonId}?lng=en`);
    await expectDirection(page, 'en');
    await page.getByTestId('player-start').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(page.getByTestId('video-watermark')).toHaveAttribute('data-lines', /Free preview/);
    await expect(page.getByTestId('preview-note')).toContainText('free preview');
  });
});
