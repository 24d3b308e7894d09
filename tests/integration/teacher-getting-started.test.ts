import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from './browser';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createPage, editable, publish, savePage } from './landing-helpers';
import { PNG } from './tenant-fixture';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type TGettingStarted = {
  steps: Array<{ key: string; done: boolean }>;
  complete: boolean;
  waiting: { receipts: number; codeRequests: number; messages: number };
  today: { students: number; revenueDzd: number; views: number };
};

async function state(teacher: TTeacher): Promise<TGettingStarted> {
  const res = await teacher.b.get('/api/accounts/teacher/overview/getting-started');
  expect(res.status).toBe(200);
  return (await res.json()) as TGettingStarted;
}
const done = (s: TGettingStarted) => s.steps.filter((step) => step.done).map((step) => step.key);

describe(`the teacher's getting-started checklist and waiting work on ${DRIVER}`, () => {
  it('ticks each step from real data, then counts what waits for the teacher and today, for this teacher only', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const fresh = await state(teacher);
    expect(fresh.steps.map((s) => s.key)).toEqual(['landingPage', 'course', 'payments', 'cards', 'student']);
    expect(done(fresh)).toEqual([]);
    expect(fresh.complete).toBe(false);
    expect(fresh.waiting).toEqual({ receipts: 0, codeRequests: 0, messages: 0 });
    expect(fresh.today).toEqual({ students: 0, revenueDzd: 0, views: 0 });

    // A draft page is not a published one.
    const client = { b: teacher.b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host };
    const page = await createPage(client);
    expect(done(await state(teacher))).toEqual([]);
    await publish(client, page.id as string);
    expect(done(await state(teacher))).toEqual(['landingPage']);

    const { courseId, planIds } = await publishedCourse(teacher, { lessons: 1 });
    expect(done(await state(teacher))).toEqual(['landingPage', 'course']);

    const settings = await teacher.b.put('/api/payments/teacher/transfer-settings', {
      transferEnabled: true,
      ccpHolder: 'أستاذ',
      ccpNumber: '0012345678',
      ccpKey: '42',
    });
    expect(settings.status).toBe(200);
    expect(done(await state(teacher))).toEqual(['landingPage', 'course', 'payments']);

    const batch = (await (await teacher.b.post('/api/codes/teacher/batches', { courseId, planId: planIds[0], count: 2, validUntil: inDays(30) })).json()) as {
      id: string;
    };
    const codes = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    expect(done(await state(teacher))).toEqual(['landingPage', 'course', 'payments', 'cards']);

    const student = await quickStudent(t, teacher);
    const complete = await state(teacher);
    expect(complete.complete).toBe(true);
    expect(complete.today.students).toBe(1);

    // What waits: a transfer receipt, a code the student says they paid for, a visitor's message.
    const order = (await (
      await student.b.post(`http://${teacher.host}/api/payments/student/transfer-orders`, { courseId, planId: planIds[0], method: 'ccp' })
    ).json()) as { id: string };
    expect((await upload(t, student.b, `/api/payments/student/receipts/${order.id}`, PNG, 'image/png', 'r.png')).status).toBeLessThan(300);
    const request = await student.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code: codes[1] });
    expect(request.status).toBeLessThan(300);
    const message = { name: 'زائر', email: 'v@example.test', subject: 'سؤال', message: 'متى تبدأ الدورة؟' };
    expect((await browser(t).post(`http://${teacher.host}/api/landing/public/pages/${page.id as string}/contact`, message)).status).toBeLessThan(300);
    const waiting = await state(teacher);
    expect(waiting.waiting).toEqual({ receipts: 1, codeRequests: 1, messages: 1 });

    // Handled work leaves the count; another teacher sees none of it.
    const { requests } = (await (await teacher.b.get('/api/landing/contact-requests')).json()) as { requests: Array<{ id: string }> };
    const handled = await teacher.b.patch(`/api/landing/contact-requests/${requests[0]!.id}`, { handled: true });
    expect(handled.status).toBe(200);
    expect((await state(teacher)).waiting.messages).toBe(0);
    const theirs = await state(other);
    expect(done(theirs)).toEqual([]);
    expect(theirs.waiting).toEqual({ receipts: 0, codeRequests: 0, messages: 0 });
  });

  it('is for signed-in teachers only', async () => {
    expect((await browser(t).get('/api/accounts/teacher/overview/getting-started')).status).toBe(401);
    const student = await quickStudent(t, null);
    expect((await student.b.get('/api/accounts/teacher/overview/getting-started')).status).toBe(403);
  });
});

describe(`the ads screen's data on ${DRIVER} (spec §2.4)`, () => {
  it('gathers the pixels of every page and the addresses of pages and published courses, for this teacher only', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const client = { b: teacher.b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host };
    const page = await createPage(client);
    const pixels = [
      { provider: 'meta', id: '123456789012' },
      { provider: 'tiktok', id: 'C9ABCDEFGHIJKL' },
    ];
    expect((await savePage(client, page.id as string, { ...editable(page), tracking_pixels: pixels })).status).toBe(200);
    await publish(client, page.id as string);
    const second = await createPage(client, 'عرض الصيف');
    const { courseId } = await publishedCourse(teacher, { lessons: 1, title: 'الفيزياء' });
    await teacher.b.post('/api/courses/teacher/courses', { title: 'مسودة', kind: 'regular', description: '' });

    const res = await teacher.b.get('/api/accounts/teacher/ads');
    expect(res.status).toBe(200);
    const ads = (await res.json()) as { platformUrl: string; pages: Array<Record<string, unknown>>; courses: Array<Record<string, unknown>> };
    const base = `http://${teacher.subdomain}.${t.config.publicHost}`;
    expect(ads.platformUrl).toBe(base);
    expect(ads.pages).toEqual([
      { id: page.id, title: page.title, isPublished: true, isMain: true, url: `${base}/`, pixels },
      { id: second.id, title: 'عرض الصيف', isPublished: false, isMain: false, url: `${base}/landing/${second.id as string}`, pixels: [] },
    ]);
    expect(ads.courses).toEqual([{ id: courseId, title: 'الفيزياء', url: `${base}/courses/${courseId}` }]);

    const theirs = (await (await other.b.get('/api/accounts/teacher/ads')).json()) as typeof ads;
    expect(theirs.pages).toEqual([]);
    expect(theirs.courses).toEqual([]);
    expect((await browser(t).get('/api/accounts/teacher/ads')).status).toBe(401);
  });
});
