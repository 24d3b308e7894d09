import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { visit } from './landing-helpers';

let t: TTestApp;
let a: TTeacher;
let other: TTeacher;
let course: Awaited<ReturnType<typeof publishedCourse>>;

type TStudent = Awaited<ReturnType<typeof quickStudent>>;

/** The text of every page of a PDF, as pdf.js extracts it. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return parts.join('\n').normalize('NFKC');
}

async function enrolledStudent(name: string): Promise<TStudent> {
  const s = await quickStudent(t, { id: a.id, host: a.host });
  await t.database.db.update(students).set({ name }).where(eq(students.id, s.id));
  expect((await s.b.post(`/api/learning/student/courses/${course.courseId}/enroll-free`)).status).toBe(201);
  return s;
}

const completeAll = async (s: TStudent, lessonIds: string[]) => {
  for (const id of lessonIds) expect((await s.b.post(`/api/learning/student/lessons/${id}/complete`)).status).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  a = await registerTeacher(t);
  other = await registerTeacher(t);
  course = await publishedCourse(a, { title: 'Algebra <b>one</b>', kind: 'regular', lessons: 2, plans: [{ type: 'free', priceDzd: 0 }] });
});
afterAll(async () => {
  await t.close();
});

describe(`certificates (${DRIVER})`, () => {
  it('are not given before every lesson is completed, then issued by the completion of the last one', async () => {
    const s = await enrolledStudent('Amina Benali');
    await completeAll(s, [course.lessonIds[0]!]);
    const early = await s.b.post(`/api/certificates/student/courses/${course.courseId}`);
    expect(early.status).toBe(409);
    expect((await s.b.json(early)).error.code).toBe('COURSE_NOT_COMPLETED');
    expect((await s.b.json(await s.b.get('/api/certificates/student'))).certificates).toEqual([]);
    await completeAll(s, [course.lessonIds[1]!]);
    const list = (await s.b.json(await s.b.get('/api/certificates/student'))).certificates as Array<Record<string, string>>;
    expect(list).toHaveLength(1);
    expect(list[0]!.courseId).toBe(course.courseId);
    expect(list[0]!.verifyUrl).toBe(`http://${t.config.publicHost}/certificates/${list[0]!.id}`);
    // A claim answers the same certificate: one per student and course.
    const claimed = await s.b.json(await s.b.post(`/api/certificates/student/courses/${course.courseId}`));
    expect(claimed.id).toBe(list[0]!.id);
  });

  it('prints the student’s name, the course and the teacher in a PDF, in the student’s language', async () => {
    const s = await enrolledStudent('Karim Haddad');
    await completeAll(s, course.lessonIds);
    const [cert] = (await s.b.json(await s.b.get('/api/certificates/student'))).certificates as Array<{ id: string; pdfUrl: string }>;
    const res = await s.b.get(`${cert!.pdfUrl}?lng=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain('Karim Haddad');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Algebra <b>one</b>');
    expect(text).toContain(cert!.id);
    // Someone else's certificate is not theirs to download.
    const stranger = await quickStudent(t, { id: a.id, host: a.host });
    expect((await stranger.b.get(cert!.pdfUrl)).status).toBe(404);
  }, 60_000);

  it('prints an Arabic name in an Arabic certificate', async () => {
    const s = await enrolledStudent('أمينة بن علي');
    await completeAll(s, course.lessonIds);
    const [cert] = (await s.b.json(await s.b.get('/api/certificates/student'))).certificates as Array<{ pdfUrl: string }>;
    const res = await s.b.get(`${cert!.pdfUrl}?lng=ar`);
    expect(res.status).toBe(200);
    const text = (await pdfText(await res.arrayBuffer())).replace(/\s+/g, '');
    // pdf.js gives right-to-left text in visual order: each word must be there whole, in one order or the other.
    for (const word of ['أمينة', 'علي', 'إتمام']) {
      const visual = [...word].reverse().join('');
      expect(text.includes(word) || text.includes(visual), word).toBe(true);
    }
  }, 60_000);

  it('can be checked by anyone at /certificates/{id}: name, course, teacher, date, nothing else; a forged id is a 404 page', async () => {
    const s = await enrolledStudent('Nour <script>x()</script>');
    await completeAll(s, course.lessonIds);
    const [cert] = (await s.b.json(await s.b.get('/api/certificates/student'))).certificates as Array<{ id: string }>;
    const res = await visit(t, t.config.publicHost, `/certificates/${cert!.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="certificate-check"');
    expect(html).toContain('Nour &lt;script&gt;x()&lt;/script&gt;');
    expect(html).not.toContain('<script>x()</script>');
    expect(html).toContain('Algebra &lt;b&gt;one&lt;/b&gt;');
    expect(html).not.toContain(s.email);
    // One character changed (the last one, to a different hex digit: a fixed '0' was the real id 1 time in 16).
    const changed = `${cert!.id.slice(0, -1)}${cert!.id.endsWith('0') ? '1' : '0'}`;
    for (const forged of [randomUUID(), 'not-an-id', changed]) {
      const missing = await visit(t, t.config.publicHost, `/certificates/${forged}`);
      expect(missing.status, forged).toBe(404);
      expect(await missing.text()).toContain('data-testid="certificate-missing"');
    }
  });

  it('are refused when the teacher turned them off for the course, and issued once they are on again', async () => {
    const off = await a.b.put(`/api/certificates/teacher/courses/${course.courseId}`, { enabled: false });
    expect((await a.b.json(off)).enabled).toBe(false);
    const s = await enrolledStudent('Samir Off');
    await completeAll(s, course.lessonIds);
    expect((await s.b.json(await s.b.get('/api/certificates/student'))).certificates).toEqual([]);
    const refused = await s.b.post(`/api/certificates/student/courses/${course.courseId}`);
    expect(refused.status).toBe(403);
    expect((await s.b.json(refused)).error.code).toBe('CERTIFICATES_OFF');
    await a.b.put(`/api/certificates/teacher/courses/${course.courseId}`, { enabled: true });
    expect((await s.b.json(await s.b.get('/api/certificates/student'))).certificates).toHaveLength(1);
  });

  it('are not given to a student who is not enrolled', async () => {
    const s = await quickStudent(t, { id: a.id, host: a.host });
    expect((await s.b.post(`/api/certificates/student/courses/${course.courseId}`)).status).toBe(404);
  });

  it('let the teacher add a PNG or JPEG signature to their own course only', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const url = `/api/certificates/teacher/uploads/signatures/${course.courseId}`;
    const saved = await upload(t, a.b, url, png, 'image/png', 'sign.png');
    expect(saved.status).toBe(200);
    const settings = await saved.json();
    expect(settings.signatureUrl).toMatch(new RegExp(`^/api/certificates/teacher/courses/${course.courseId}/signature`));
    expect((await a.b.get(settings.signatureUrl as string)).headers.get('content-type')).toBe('image/png');
    // An HTML page named .png, a WebP, another teacher's course: refused.
    expect((await upload(t, a.b, url, '<html>x</html>', 'image/png')).status).toBe(415);
    expect((await upload(t, a.b, url, png, 'image/webp')).status).toBe(415);
    expect((await upload(t, other.b, url, png, 'image/png')).status).toBe(404);
    expect((await other.b.get(`/api/certificates/teacher/courses/${course.courseId}`)).status).toBe(404);
    // The signature is printed: the PDF embeds an image.
    const s = await enrolledStudent('Signed Student');
    await completeAll(s, course.lessonIds);
    const [cert] = (await s.b.json(await s.b.get('/api/certificates/student'))).certificates as Array<{ pdfUrl: string }>;
    const pdf = Buffer.from(await (await s.b.get(cert!.pdfUrl)).arrayBuffer()).toString('latin1');
    expect(pdf).toMatch(/\/Subtype\s*\/Image/);
    expect((await a.b.delete(`/api/certificates/teacher/courses/${course.courseId}/signature`)).status).toBe(200);
  }, 60_000);
});
