import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonVideos, teachers } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { visit } from './landing-helpers';

let t: TTestApp;
let a: TTeacher;
let other: TTeacher;
let paid: Awaited<ReturnType<typeof publishedCourse>>;
let free: Awaited<ReturnType<typeof publishedCourse>>;
let draftId: string;
let archived: Awaited<ReturnType<typeof publishedCourse>>;
let foreign: Awaited<ReturnType<typeof publishedCourse>>;

const page = async (host: string, path: string) => {
  const res = await visit(t, host, path);
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
};
const main = () => t.config.publicHost;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  a = await registerTeacher(t);
  other = await registerTeacher(t);
  await a.b.put('/api/accounts/teacher/contact', { phone: '0555 12 34 56', whatsapp: '0661 22 33 44', emailShown: false });
  paid = await publishedCourse(a, {
    title: 'الرياضيات <script>alert(1)</script>',
    lessons: 3,
    plans: [
      { type: 'monthly', priceDzd: 2500 },
      { type: 'yearly', priceDzd: 20000 },
    ],
  });
  await a.b.patch(`/api/courses/teacher/courses/${paid.courseId}`, { description: 'وصف <img src=x onerror=alert(2)> الدورة' });
  // The first lesson is a free preview; the second stays for subscribers.
  await a.b.patch(`/api/courses/teacher/lessons/${paid.lessonIds[0]}`, { freePreview: true });
  free = await publishedCourse(a, { title: 'دورة مجانية', kind: 'regular', lessons: 1, plans: [{ type: 'free', priceDzd: 0 }] });
  draftId = (await a.b.json(await a.b.post('/api/courses/teacher/courses', { title: 'مسودة', kind: 'organized' }))).id as string;
  archived = await publishedCourse(a, { title: 'دورة مؤرشفة' });
  await a.b.patch(`/api/courses/teacher/courses/${archived.courseId}`, { status: 'archived' });
  foreign = await publishedCourse(other, { title: 'دورة أستاذ آخر' });
});
afterAll(async () => {
  await t.close();
});

describe(`public course pages (${DRIVER})`, () => {
  it('shows a published course on the teacher’s host and on /platform/{subdomain}: outline, previews, plans, ways in', async () => {
    for (const [host, base] of [
      [a.host, ''],
      [main(), `/platform/${a.subdomain}`],
    ] as const) {
      const { status, html, headers } = await page(host, `${base}/courses/${paid.courseId}`);
      expect(status, host).toBe(200);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
      expect(html.match(/data-testid="public-lesson"/g)).toHaveLength(3);
      expect(html.match(/data-preview="true"/g)).toHaveLength(1);
      expect(html).toContain(`href="${base}/courses/${paid.courseId}/lessons/${paid.lessonIds[0]}"`);
      expect(html).not.toContain(`/lessons/${paid.lessonIds[1]}"`);
      expect(html).toContain('<span>شهري</span><strong>2.500 دج</strong>');
      expect(html).toContain('<span>سنوي</span><strong>20.000 دج</strong>');
      // Code after sign-up, back to the course in the student area; the teacher's contact for a card.
      expect(html).toContain(`href="${base}/register?redirectTo=${encodeURIComponent(`${base}/student/dashboard/courses/${paid.courseId}`)}"`);
      expect(html).toContain('href="tel:+213555123456"');
      expect(html).toContain('href="https://wa.me/213661223344"');
      // One canonical address on the teacher's host, with Open Graph and the price.
      expect(html).toContain(`<link rel="canonical" href="http://${a.host}/courses/${paid.courseId}"/>`);
      expect(html).toContain('<meta property="og:title" content="الرياضيات &lt;script&gt;alert(1)&lt;/script&gt; — ');
      expect(html).toContain('<meta property="product:price:amount" content="2500"/>');
      expect(html).toContain('<meta property="product:price:currency" content="DZD"/>');
    }
  });

  it('escapes course titles and descriptions', async () => {
    const { html } = await page(a.host, `/courses/${paid.courseId}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x onerror=alert(2)>');
    expect(html).toContain('الرياضيات &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('وصف &lt;img src=x onerror=alert(2)&gt; الدورة');
  });

  it('offers free enrollment for a free course', async () => {
    const { html } = await page(a.host, `/courses/${free.courseId}`);
    expect(html).toContain('data-testid="course-register"');
    expect(html).toContain('الالتحاق مجانًا');
    expect(html).not.toContain('data-testid="public-plans"');
  });

  it('answers a draft, an archived, another teacher’s or an unknown course with the unavailable page (404)', async () => {
    const ids = [draftId, archived.courseId, foreign.courseId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    for (const id of ids) {
      for (const [host, base] of [
        [a.host, ''],
        [main(), `/platform/${a.subdomain}`],
      ] as const) {
        const res = await page(host, `${base}/courses/${id}`);
        expect(res.status, `${host} ${id}`).toBe(404);
        expect(res.html).toContain('data-testid="course-unavailable"');
        expect(res.html).toContain('هذه الدورة غير متاحة');
      }
    }
    // The other teacher's course is served on their own platform.
    expect((await page(other.host, `/courses/${foreign.courseId}`)).status).toBe(200);
  });

  it('opens a free preview without an account, and refuses the other lessons', async () => {
    const open = await page(a.host, `/courses/${paid.courseId}/lessons/${paid.lessonIds[0]}`);
    expect(open.status).toBe(200);
    expect(open.html).toContain('<p>محتوى الدرس 1</p>');
    const locked = await page(a.host, `/courses/${paid.courseId}/lessons/${paid.lessonIds[1]}`);
    expect(locked.status).toBe(403);
    expect(locked.html).not.toContain('محتوى الدرس 2');
    const onMain = await page(main(), `/platform/${a.subdomain}/courses/${paid.courseId}/lessons/${paid.lessonIds[1]}`);
    expect(onMain.status).toBe(403);
    // A preview of another course's lesson id is not found.
    expect((await page(a.host, `/courses/${free.courseId}/lessons/${paid.lessonIds[0]}`)).status).toBe(404);
  });

  it('serves a preview’s PDF without an account, never a locked lesson’s file', async () => {
    const pdf = '%PDF-1.4\n%preview\n';
    for (const [i, preview] of [
      [1, true],
      [2, false],
    ] as const) {
      const lessonId = paid.lessonIds[i]!;
      await a.b.patch(`/api/courses/teacher/lessons/${lessonId}`, { type: 'file', freePreview: preview });
      expect((await upload(t, a.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, pdf, 'application/pdf', 'cours.pdf')).status).toBe(200);
    }
    const file = await visit(t, a.host, `/courses/${paid.courseId}/lessons/${paid.lessonIds[1]}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toBe(pdf);
    expect((await visit(t, a.host, `/courses/${paid.courseId}/lessons/${paid.lessonIds[2]}/file`)).status).toBe(403);
    const previewPage = await page(a.host, `/courses/${paid.courseId}/lessons/${paid.lessonIds[1]}`);
    expect(previewPage.html).toContain('data-testid="preview-file"');
  });

  it('shows a video preview as a preview that opens the protected player without an account, and never streams the file', async () => {
    const c = await publishedCourse(a, { title: 'دورة فيديو', lessons: 1 });
    const lessonId = c.lessonIds[0]!;
    await a.b.patch(`/api/courses/teacher/lessons/${lessonId}`, { type: 'video', freePreview: true });
    // Until its video is processed, a video lesson is nowhere on the public pages (issue 12).
    expect((await page(a.host, `/courses/${c.courseId}`)).html).not.toContain(lessonId);
    expect((await page(a.host, `/courses/${c.courseId}/lessons/${lessonId}`)).status).toBe(404);
    // Processed: 1 h 2 min 5 s of video.
    await t.database.db.insert(lessonVideos).values({ lessonId, teacherId: a.id, courseId: c.courseId, state: 'ready', durationSec: 3725, renditions: [360] });
    const course = await page(a.host, `/courses/${c.courseId}`);
    expect(course.html).toContain(lessonId);
    expect(course.html).toMatch(/data-testid="public-lesson-duration"[^>]*>1:02:05</);
    expect(course.html).toMatch(/data-testid="course-video-length"[^>]*>مدة الفيديو: ساعة ودقيقتان</);
    const { status, html } = await page(a.host, `/courses/${c.courseId}/lessons/${lessonId}`);
    expect(status).toBe(200);
    expect(html).not.toContain('data-testid="preview-video-signin"');
    expect(html).toContain(`href="/platform/${a.subdomain}/preview/courses/${c.courseId}/lessons/${lessonId}"`);
    expect((await visit(t, a.host, `/courses/${c.courseId}/lessons/${lessonId}/file`)).status).toBe(404);
    // The course card on the platform home counts the lesson and its length too.
    const home = await page(main(), `/platform/${a.subdomain}?lng=en`);
    expect(home.html).toMatch(/data-testid="course-card-video-length"[^>]*>1 hour 2 minutes of video</);
  });

  it('opens a free preview to a signed-in student without a subscription, in the student area too', async () => {
    const s = await quickStudent(t, { id: a.id, host: a.host });
    const res = await s.b.get(`/api/learning/student/courses/${paid.courseId}/lessons/${paid.lessonIds[0]}`);
    expect(res.status).toBe(200);
    expect((await s.b.get(`/api/learning/student/courses/${paid.courseId}/lessons/${paid.lessonIds[2]}`)).status).toBe(403);
  });

  it('shows what the teacher teaches and how to reach them on /teach', async () => {
    for (const [host, base] of [
      [a.host, ''],
      [main(), `/platform/${a.subdomain}`],
    ] as const) {
      const { status, html } = await page(host, `${base}/teach`);
      expect(status).toBe(200);
      expect(html).toContain('data-testid="teach-page"');
      expect(html).toContain(`href="${base}/courses/${paid.courseId}"`);
      expect(html).toContain(`href="${base}/courses/${free.courseId}"`);
      expect(html).not.toContain('دورة مؤرشفة');
      expect(html).not.toContain('دورة أستاذ آخر');
      expect(html).toContain('href="tel:+213555123456"');
      expect(html).not.toContain('mailto:');
    }
  });

  it('lists the platform pages and published courses in the teacher’s sitemap', async () => {
    const { html: xml } = await page(a.host, '/sitemap.xml');
    expect(xml).toContain(`<loc>http://${a.host}/courses/${paid.courseId}</loc>`);
    expect(xml).toContain(`<loc>http://${a.host}/courses/${free.courseId}</loc>`);
    expect(xml).toContain(`<loc>http://${a.host}/teach</loc>`);
    expect(xml).not.toContain(archived.courseId);
    expect(xml).not.toContain(draftId);
  });

  it('links the platform home’s course cards to the course pages', async () => {
    const { html } = await page(main(), `/platform/${a.subdomain}`);
    expect(html).toContain(`href="/platform/${a.subdomain}/courses/${paid.courseId}"`);
  });

  it('sends a suspended teacher’s course pages to /inactive', async () => {
    const c = await registerTeacher(t);
    const course = await publishedCourse(c);
    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, c.id));
    t.services.landing.site.forgetSite(c.subdomain);
    for (const [host, path] of [
      [c.host, `/courses/${course.courseId}`],
      [main(), `/platform/${c.subdomain}/courses/${course.courseId}`],
      [c.host, '/teach'],
    ] as const) {
      const res = await page(host, path);
      expect(res.status, path).toBe(302);
      expect(res.location).toBe('/inactive');
    }
  });
});
