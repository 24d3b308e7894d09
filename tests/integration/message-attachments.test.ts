import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickStudent, registerTeacher, upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .withMetadata({ exif: { IFD0: { Artist: 'secret author' } } })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe(`attachments in conversations on ${DRIVER}`, () => {
  it('takes an image or a PDF through the receipts’ checks, serves them only to the pair, safely', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const caption = encodeURIComponent('<img src=x onerror=alert(1)> صورة التمرين');
    const sent = await upload(t, student.b, `/api/messages/student/conversations/${teacher.id}/attachment?caption=${caption}`, png, 'image/png', 'x.png');
    expect(sent.status).toBe(201);

    const thread = await teacher.b.json(await teacher.b.get(`/api/messages/teacher/conversations/${student.id}`));
    const [message] = thread.messages as Array<{ id: string; body: string; attachment: { mime: string; size: number } | null }>;
    // The caption is kept as typed (rendered as text), the image re-encoded to WebP (its metadata gone).
    expect(message).toMatchObject({ body: '<img src=x onerror=alert(1)> صورة التمرين', attachment: { mime: 'image/webp' } });
    const file = await teacher.b.get(`/api/messages/teacher/conversations/${student.id}/messages/${message!.id}/attachment`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect(bytes.toString('latin1')).not.toContain('secret author');
    // The student sees it too; another teacher, or the same message through another pair, does not.
    expect((await student.b.get(`/api/messages/student/conversations/${teacher.id}/messages/${message!.id}/attachment`)).status).toBe(200);
    expect((await other.b.get(`/api/messages/teacher/conversations/${student.id}/messages/${message!.id}/attachment`)).status).toBe(404);
    expect((await upload(t, other.b, `/api/messages/teacher/conversations/${student.id}/attachment`, png, 'image/png')).status).toBe(404);

    // What a receipt may not be, a message may not carry either.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    const jsPdf = '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n';
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [html, 'image/png'],
      [jsPdf, 'application/pdf'],
    ] as const) {
      const res = await upload(t, teacher.b, `/api/messages/teacher/conversations/${student.id}/attachment`, bytes, type);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('RECEIPT_INVALID');
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    expect((await upload(t, teacher.b, `/api/messages/teacher/conversations/${student.id}/attachment`, big, 'image/png')).status).toBe(413);

    const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    expect((await upload(t, teacher.b, `/api/messages/teacher/conversations/${student.id}/attachment`, pdf, 'application/pdf')).status).toBe(201);
    const mine = await student.b.json(await student.b.get(`/api/messages/student/conversations/${teacher.id}`));
    const [newest] = mine.messages as Array<{ id: string; attachment: { mime: string } | null }>;
    expect(newest!.attachment).toMatchObject({ mime: 'application/pdf' });
    const download = await student.b.get(`/api/messages/student/conversations/${teacher.id}/messages/${newest!.id}/attachment`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});
