import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { registerTeacherViaApi } from '../support/auth';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

async function post(request: APIRequestContext, origin: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

test.describe('course editor (Arabic)', () => {
  test('reorders lessons and sections by drag and drop, and schedules a lesson on the Algiers clock', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const account = uniqueAccount('editor');
    await registerTeacherViaApi(page, account, 'أستاذة ليلى');
    const course = await post(page.request, origin, '/api/courses/teacher/courses', { title: 'العلوم الطبيعية', kind: 'scheduled' });
    const first = await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم أ' });
    const second = await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم ب' });
    for (const title of ['الخلية', 'الوراثة']) {
      await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: first.id, title, type: 'text', bodyHtml: '<p>نص</p>' });
    }
    await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: second.id, title: 'المناعة', type: 'link', url: 'https://example.com' });

    await page.goto(`/teacher/courses/${course.id}`);
    const rows = page.getByTestId('lesson-row');
    await expect(rows).toHaveText([/الخلية/, /الوراثة/, /المناعة/]);

    // Drag "الوراثة" above "الخلية".
    await rows.filter({ hasText: 'الوراثة' }).dragTo(rows.filter({ hasText: 'الخلية' }));
    await expect(rows).toHaveText([/الوراثة/, /الخلية/, /المناعة/]);
    // Drag "المناعة" into the first section, above "الخلية".
    await rows.filter({ hasText: 'المناعة' }).dragTo(rows.filter({ hasText: 'الخلية' }));
    await expect(page.getByTestId('section').first().getByTestId('lesson-row')).toHaveText([/الوراثة/, /المناعة/, /الخلية/]);
    // Drag the second section above the first.
    const sections = page.getByTestId('section');
    await sections.nth(1).locator('input').first().hover();
    await sections.nth(1).dragTo(sections.nth(0), { sourcePosition: { x: 10, y: 10 }, targetPosition: { x: 10, y: 10 } });
    await expect(sections.first().locator('input').first()).toHaveValue('القسم ب');

    // The order is the server's: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('section').first().locator('input').first()).toHaveValue('القسم ب');
    await expect(page.getByTestId('section').nth(1).getByTestId('lesson-row')).toHaveText([/الوراثة/, /المناعة/, /الخلية/]);

    // The move buttons do the same from a keyboard.
    await page.getByRole('button', { name: 'نقل الدرس «الخلية» للأعلى' }).click();
    await expect(page.getByTestId('section').nth(1).getByTestId('lesson-row')).toHaveText([/الوراثة/, /الخلية/, /المناعة/]);

    // A scheduled course asks for a release date-time, in Algeria's time.
    await page.getByRole('button', { name: 'تعديل الدرس «الخلية»' }).click();
    const dialog = page.getByTestId('lesson-dialog');
    await expect(dialog.getByText('بتوقيت الجزائر.', { exact: false })).toBeVisible();
    await dialog.locator('#lesson-release').fill('2031-03-01T18:30');
    await dialog.getByTestId('lesson-save').click();
    await expect(page.getByTestId('lesson-row').filter({ hasText: 'الخلية' })).toContainText('يُنشر في');
    const saved = await (await page.request.get(`/api/courses/teacher/courses/${course.id}`)).json();
    const lesson = saved.sections.flatMap((s: { lessons: Array<{ title: string; releaseAt: string }> }) => s.lessons).find((l: { title: string }) => l.title === 'الخلية');
    expect(lesson.releaseAt).toBe('2031-03-01T17:30:00.000Z');

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/courses-outline-375.png`, fullPage: true });
  });

  test('shows how much of a lesson file has been sent while it uploads', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await registerTeacherViaApi(page, uniqueAccount('upload'), 'أستاذ سمير');
    const course = await post(page.request, origin, '/api/courses/teacher/courses', { title: 'الفيزياء', kind: 'regular' });
    await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'القسم 1' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/teacher/courses/${course.id}`);
    await page.getByTestId('add-lesson').click();
    const dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-title').fill('ملخص المقدمة');
    await dialog.locator('#lesson-type').selectOption('file');
    const size = 3 * 1024 * 1024;
    // The picker speaks the page's language (a native file input would show the browser's words): its
    // button opens the file chooser, and the chosen file's name is shown. (Videos have their own resumable
    // uploader: e2e/teacher/video-upload.spec.ts.)
    await expect(dialog.getByTestId('lesson-file-choose')).toHaveText('اختر ملفاً');
    await expect(dialog.getByTestId('lesson-file-name')).toHaveText('لم تختر أي ملف بعد');
    await expect(dialog.getByLabel('الملف المرفق')).toHaveAttribute('type', 'file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-file-choose').click()]);
    await chooser.setFiles({ name: 'intro.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 32)]) });
    await expect(dialog.getByTestId('lesson-file-name')).toHaveText('intro.pdf');
    await expect(dialog.getByTestId('lesson-file-choose')).toHaveText('اختر ملفاً آخر');
    // A slow line (1 MB/s up), so that the upload lasts long enough to be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await dialog.getByTestId('lesson-save').click();
    const bar = dialog.getByTestId('upload-progress').getByRole('progressbar', { name: 'جارٍ رفع الملف' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/courses-upload-progress-375.png` });
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    const saved = await (await page.request.get(`/api/courses/teacher/courses/${course.id}`)).json();
    expect(saved.sections[0].lessons[0].file).toEqual({ name: 'intro.pdf', type: 'application/pdf', size });
  });

  test('the lesson file picker follows the page language, not the browser (English)', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await registerTeacherViaApi(page, uniqueAccount('picker'), 'Samir');
    const course = await post(page.request, origin, '/api/courses/teacher/courses', { title: 'Physics', kind: 'regular' });
    await post(page.request, origin, `/api/courses/teacher/courses/${course.id}/sections`, { title: 'Part 1' });
    await page.goto(`/teacher/courses/${course.id}?lng=en`);
    await page.getByTestId('add-lesson').click();
    const dialog = page.getByTestId('lesson-dialog');
    await dialog.locator('#lesson-type').selectOption('file');
    await expect(dialog.getByTestId('lesson-file-choose')).toHaveText('Choose a file');
    await expect(dialog.getByTestId('lesson-file-name')).toHaveText('No file chosen yet');
    // The input stays for assistive technology, under its label; keyboard focus goes to the button.
    await expect(dialog.getByLabel('Attachment')).toHaveAttribute('tabindex', '-1');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId('lesson-file-choose').press('Enter')]);
    await chooser.setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await expect(dialog.getByTestId('lesson-file-name')).toHaveText('notes.pdf');
  });
});
