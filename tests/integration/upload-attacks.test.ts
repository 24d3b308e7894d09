import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { tusUpload, videoCourse } from './video-helpers';

/*
 * R10 (issue 16, decision 080): hostile uploads on every upload path are refused, or stored and served so that
 * no browser runs them (the stored type, nosniff, a CSP sandbox, and a download for anything but an image).
 */
let t: TTestApp;
let teacher: TTeacher;
let course: Awaited<ReturnType<typeof publishedCourse>>;
let jpeg: Buffer;
let gif: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await registerTeacher(t);
  course = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
  const pixels = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } });
  [jpeg, gif] = await Promise.all([pixels.clone().jpeg().toBuffer(), pixels.clone().gif().toBuffer()]);
});
afterAll(async () => {
  await t.close();
});

const HTML = '<!doctype html><html><body><script>fetch("/api/accounts/session").then(r=>r.text()).then(alert)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
const SCRIPTED_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
  '3 0 obj << /S /JavaScript /JS (app.alert\\(document.cookie\\)) >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');
/** The same document without its script: a scripted PDF is refused at upload (issue 23, decision 109). */
const PLAIN_PDF = SCRIPTED_PDF.replace(' /OpenAction 3 0 R', '').replace(/^3 0 obj.*$/m, '3 0 obj << >> endobj');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

/** Files kept for the teacher on disk: a refused upload must leave none behind. */
function storedFiles(): number {
  const dir = path.join(t.config.dataDir, 'uploads', teacher.id);
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

const lessonUrl = () => `/api/courses/teacher/uploads/lessons/${course.lessonIds[0]}`;
const coverUrl = () => `/api/courses/teacher/uploads/covers/${course.courseId}`;

describe(`hostile uploads on ${DRIVER}`, () => {
  it('are refused when the bytes are not the declared type, on lesson files and covers, leaving no file behind', async () => {
    const before = storedFiles();
    const cases: Array<[string, () => string, Buffer | string, string]> = [
      ['HTML declared as video/mp4', lessonUrl, HTML, 'video/mp4'],
      ['HTML declared as PDF', lessonUrl, HTML, 'application/pdf'],
      ['HTML declared as PNG', lessonUrl, HTML, 'image/png'],
      ['HTML as itself', lessonUrl, HTML, 'text/html'],
      ['SVG with script', lessonUrl, SVG, 'image/svg+xml'],
      ['SVG declared as PNG', coverUrl, SVG, 'image/png'],
      ['GIF/HTML polyglot declared as JPEG', coverUrl, Buffer.concat([gif, Buffer.from(HTML)]), 'image/jpeg'],
      ['GIF (not an accepted kind)', lessonUrl, gif, 'image/gif'],
      ['PNG signature without an image', coverUrl, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'image/png'],
      ['JPEG declared as PNG', coverUrl, jpeg, 'image/png'],
      ['an executable declared as ZIP', lessonUrl, ELF, 'application/zip'],
      ['an executable declared as Word', lessonUrl, ELF, 'application/msword'],
      ['binary declared as text', lessonUrl, ELF, 'text/plain'],
      ['PDF declared as Word (.docx)', lessonUrl, SCRIPTED_PDF, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ];
    const accepted: string[] = [];
    for (const [name, url, bytes, type] of cases) {
      const res = await upload(t, teacher.b, url(), bytes, type, 'x');
      if (res.status !== 415) accepted.push(`${name}: ${res.status}`);
      else expect((await res.json()).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    }
    expect(accepted).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  it('through tus: an HTML page sent as a lesson video is refused by ffprobe and nothing of it is kept', async () => {
    const video = await videoCourse(teacher);
    const { finished } = await tusUpload(t, teacher.b, video.videoLessonId, Buffer.from(HTML), { filename: 'lesson.mp4' });
    expect(finished!.status).toBe(422);
    expect((await finished!.json()).error.code).toBe('VIDEO_INVALID');
    expect((await teacher.b.json(await teacher.b.get(`/api/video/lessons/${video.videoLessonId}/status`))).state).toBe('none');
    const uploads = path.join(t.config.dataDir, 'video-uploads');
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((name) => !name.endsWith('.json')) : []).toEqual([]);
  });

  it('refuse oversize files whether or not they announce their length', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const announced = await upload(t, teacher.b, coverUrl(), big, 'image/jpeg');
    expect([announced.status, (await announced.json()).error.code]).toEqual([413, 'FILE_TOO_LARGE']);
    // Streamed without Content-Length: counted while it arrives.
    const cookie = await teacher.b.jar.getCookieString(`http://${t.config.publicHost}/`);
    const streamed = await t.request(coverUrl(), {
      method: 'PUT',
      headers: { origin: `http://${t.config.publicHost}`, cookie, 'content-type': 'image/jpeg', 'x-forwarded-for': teacher.b.ip },
      body: new Blob([new Uint8Array(big)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('keep a name with ../ or NUL as a plain label, never a path', async () => {
    const res = await upload(t, teacher.b, lessonUrl(), PLAIN_PDF, 'application/pdf', '../../etc/pass\u0000wd.pdf');
    expect(res.status).toBe(200);
    const { file } = await res.json();
    expect(file.name).toBe('....etcpasswd.pdf');
    const served = await teacher.b.get(`/api/courses/teacher/lessons/${course.lessonIds[0]}/file`);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''....etcpasswd.pdf`);
    // The stored file is under a generated name in the teacher's folder.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads', teacher.id)).every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
  });

  it('are served so that no browser runs them: a PDF and an HTML text file are downloads in a sandbox; a scripted PDF is refused', async () => {
    const lessonId = course.lessonIds[0]!;
    await teacher.b.patch(`/api/courses/teacher/lessons/${lessonId}`, { type: 'file', freePreview: true });
    const student = await quickStudent(t, teacher);
    const planId = course.planIds[0]!;
    expect((await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId })).status).toBeLessThan(
      300,
    );
    const urls = [
      [teacher.b, `/api/courses/teacher/lessons/${lessonId}/file`],
      [student.b, `http://${teacher.host}/api/learning/student/lessons/${lessonId}/file`],
      [student.b, `http://${teacher.host}/courses/${course.courseId}/lessons/${lessonId}/file`],
    ] as const;
    const scripted = await upload(t, teacher.b, lessonUrl(), SCRIPTED_PDF, 'application/pdf', 'lesson');
    expect(scripted.status).toBe(415);
    expect((await scripted.json()).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    for (const [bytes, type] of [
      [PLAIN_PDF, 'application/pdf'],
      [HTML, 'text/plain'],
    ] as const) {
      expect((await upload(t, teacher.b, lessonUrl(), bytes, type, 'lesson')).status).toBe(200);
      for (const [client, url] of urls) {
        const res = await client.get(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      }
    }
  });

  it('let an image with HTML appended through only as an image: inline, its own type, nosniff, sandboxed', async () => {
    const res = await upload(t, teacher.b, coverUrl(), Buffer.concat([jpeg, Buffer.from(HTML)]), 'image/jpeg', 'c.jpg');
    expect(res.status).toBe(200);
    const { coverUrl: url } = await teacher.b.json(await teacher.b.get(`/api/courses/teacher/courses/${course.courseId}`));
    const cover = await teacher.b.get(url as string);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(cover.headers.get('x-content-type-options')).toBe('nosniff');
    expect(cover.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(cover.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('on landing images: SVG and HTML are refused, a GIF/HTML polyglot is re-encoded to a plain WebP', async () => {
    const send = async (bytes: Buffer | string, type: string, name: string) => {
      const form = new FormData();
      form.set('kind', 'general');
      form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
      const cookie = await teacher.b.jar.getCookieString(`http://${t.config.publicHost}/`);
      return t.request('/api/landing/images', {
        method: 'POST',
        headers: { origin: `http://${t.config.publicHost}`, cookie, 'x-forwarded-for': teacher.b.ip },
        body: form,
      });
    };
    for (const [bytes, type, name] of [
      [SVG, 'image/svg+xml', 'a.svg'],
      [SVG, 'image/png', 'a.png'],
      [HTML, 'image/jpeg', 'a.jpg'],
    ] as const) {
      const res = await send(bytes, type, name);
      expect([name, res.status, (await res.json()).error.code]).toEqual([name, 400, 'IMAGE_INVALID']);
    }
    const res = await send(Buffer.concat([gif, Buffer.from(HTML)]), 'image/gif', 'poly.gif');
    expect(res.status).toBe(201);
    const { image } = await res.json();
    const served = await t.request(image.url as string);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await served.arrayBuffer());
    expect((await sharp(body).metadata()).format).toBe('webp');
    expect(body.includes('<script')).toBe(false);
  });
});
