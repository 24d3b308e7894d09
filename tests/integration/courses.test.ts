import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, teachers } from '@server/core/db/schema';
import { publishedCourseCards } from '@server/courses/course-cards';
import { storageUsedBytes } from '@server/plans/limits';
import { browser } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, upload } from './courses-helpers';
import { createPage, publish, visit } from './landing-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
});

/** Enrolls a student with the teacher's first plan, as the teacher. */
async function enroll(teacher: Awaited<ReturnType<typeof registerTeacher>>, studentId: string, courseId: string, planId: string) {
  const res = await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId, courseId, planId });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe(`courses on ${DRIVER}`, () => {
  it('lets a teacher create, edit, structure, publish, archive and delete a course', async () => {
    const teacher = await registerTeacher(t);
    const { b } = teacher;
    const created = await b.post('/api/courses/teacher/courses', { title: '  الفيزياء  ', kind: 'regular' });
    expect(created.status).toBe(201);
    const { id } = await b.json(created);
    // The teacher's landing page, served (and cached) before the course is published.
    await publish(
      { b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host },
      (await createPage({ b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host })).id,
    );
    const landing = async () => (await visit(t, teacher.host, '/')).text();
    expect(await landing()).not.toContain('الفيزياء');

    // Publishing needs a lesson and a plan.
    const early = await b.patch(`/api/courses/teacher/courses/${id}`, { status: 'published' });
    expect(early.status).toBe(409);
    expect((await b.json(early)).error.code).toBe('COURSE_NOT_READY');

    const s1 = await b.json(await b.post(`/api/courses/teacher/courses/${id}/sections`, { title: 'القسم 1' }));
    const s2 = await b.json(await b.post(`/api/courses/teacher/courses/${id}/sections`, { title: 'القسم 2' }));
    const video = await b.json(await b.post(`/api/courses/teacher/courses/${id}/lessons`, { sectionId: s1.id, title: 'فيديو', type: 'video' }));
    const text = await b.json(
      await b.post(`/api/courses/teacher/courses/${id}/lessons`, {
        sectionId: s1.id,
        title: 'نص',
        type: 'text',
        bodyHtml:
          '<p onclick="x()">مرحبا <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">رابط</a><img src=x onerror=alert(1)></p>',
      }),
    );
    // Rich text is sanitized on the server: no script, handler, javascript: link or image.
    expect(text.bodyHtml).toBe('<p>مرحبا <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">رابط</a></p>');
    const link = await b.json(
      await b.post(`/api/courses/teacher/courses/${id}/lessons`, { sectionId: s2.id, title: 'رابط', type: 'link', url: 'https://example.com/x' }),
    );
    const badLink = await b.post(`/api/courses/teacher/courses/${id}/lessons`, { sectionId: s2.id, title: 'رابط', type: 'link', url: 'javascript:alert(1)' });
    expect((await b.json(badLink)).error.fields).toEqual({ url: 'يُرجى إدخال رابط يبدأ بـ http:// أو https://' });

    // Drag and drop: sections swapped and a lesson moved across sections.
    const order = {
      sections: [
        { id: s2.id, lessonIds: [link.id, video.id] },
        { id: s1.id, lessonIds: [text.id] },
      ],
    };
    expect((await b.put(`/api/courses/teacher/courses/${id}/order`, order)).status).toBe(200);
    const after = await b.json(await b.get(`/api/courses/teacher/courses/${id}`));
    expect(after.sections.map((s: { id: string; lessons: Array<{ id: string }> }) => [s.id, s.lessons.map((l) => l.id)])).toEqual([
      [s2.id, [link.id, video.id]],
      [s1.id, [text.id]],
    ]);
    // An order that forgets a lesson is refused rather than losing it.
    const stale = await b.put(`/api/courses/teacher/courses/${id}/order`, {
      sections: [
        { id: s2.id, lessonIds: [link.id] },
        { id: s1.id, lessonIds: [text.id] },
      ],
    });
    expect((await b.json(stale)).error.code).toBe('OUTLINE_CHANGED');

    const plans = await b.put(`/api/courses/teacher/courses/${id}/plans`, {
      plans: [
        { type: 'free', priceDzd: 0 },
        { type: 'custom', priceDzd: 1500, durationDays: 45, autoRenew: true },
      ],
    });
    expect((await b.json(plans)).plans).toEqual([
      expect.objectContaining({ type: 'free', priceDzd: 0, durationDays: null }),
      expect.objectContaining({ type: 'custom', priceDzd: 1500, durationDays: 45, autoRenew: true }),
    ]);
    const badPlans = await b.put(`/api/courses/teacher/courses/${id}/plans`, {
      plans: [
        { type: 'custom', priceDzd: 100 },
        { type: 'free', priceDzd: 5 },
      ],
    });
    expect((await b.json(badPlans)).error.fields).toMatchObject({
      'plans.0.durationDays': expect.any(String),
      'plans.1.priceDzd': 'سعر الخطة المجانية يجب أن يكون 0',
    });

    expect((await b.patch(`/api/courses/teacher/courses/${id}`, { status: 'published', title: 'الفيزياء 2' })).status).toBe(200);
    // The cached landing page shows the new course card at once, not after its 5-minute refresh.
    expect(await landing()).toContain('الفيزياء 2');
    const listed = await b.json(await b.get('/api/courses/teacher/courses'));
    expect(listed.courses).toEqual([expect.objectContaining({ id, title: 'الفيزياء 2', status: 'published', lessonCount: 3, kind: 'regular' })]);
    expect(listed.usage).toMatchObject({
      plan: 'independent',
      onTrial: true,
      trialDaysLeft: 5,
      courses: { used: 1, limit: 7 },
      students: { used: 0, limit: 100 },
    });

    // Published courses are the landing page's cards; the free plan makes it "from 0 DZD".
    expect(await publishedCourseCards(t.database.db, teacher.id)).toEqual([
      {
        id,
        title: 'الفيزياء 2',
        description: '',
        coverUrl: null,
        kind: 'regular',
        priceFromDzd: 0,
        // The video lesson has no processed video yet: students would not find it, so the card does not count it.
        lessonCount: 2,
        videoSeconds: 0,
        plans: [
          { type: 'free', priceDzd: 0, durationDays: null },
          { type: 'custom', priceDzd: 1500, durationDays: 45 },
        ],
      },
    ]);

    expect((await b.patch(`/api/courses/teacher/courses/${id}`, { status: 'archived' })).status).toBe(200);
    expect(await publishedCourseCards(t.database.db, teacher.id)).toEqual([]);
    expect(await landing()).not.toContain('الفيزياء 2');
    expect((await b.delete(`/api/courses/teacher/courses/${id}`)).status).toBe(200);
    expect(await t.database.db.select().from(lessons).where(eq(lessons.courseId, id))).toEqual([]);
  });

  it('refuses to delete a course with subscribers: it can be archived instead', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course.courseId, course.planIds[0]!);
    const res = await teacher.b.delete(`/api/courses/teacher/courses/${course.courseId}`);
    expect(res.status).toBe(409);
    expect((await teacher.b.json(res)).error).toEqual({ code: 'COURSE_HAS_STUDENTS', message: 'لا يمكن حذف دورة لديها مشتركون. يمكنك أرشفتها بدلاً من ذلك.' });
  });

  it('enforces the course limit of the plan (7 on the independent trial) with an upgrade message; archiving frees a place', async () => {
    const teacher = await registerTeacher(t);
    for (let i = 0; i < 7; i += 1) expect((await teacher.b.post('/api/courses/teacher/courses', { title: `دورة ${i}`, kind: 'regular' })).status).toBe(201);
    const eighth = await teacher.b.post('/api/courses/teacher/courses?lng=en', { title: 'one more', kind: 'regular' });
    expect(eighth.status).toBe(403);
    expect((await teacher.b.json(eighth)).error).toEqual({
      code: 'PLAN_LIMIT_COURSES',
      message: "You have reached your plan's limit of 7 courses. Upgrade your plan to add more.",
    });
    const usage = await teacher.b.json(await teacher.b.get('/api/courses/teacher/usage'));
    expect(usage).toMatchObject({ plan: 'independent', nextPlan: 'academy', courses: { used: 7, limit: 7 } });
    const [first] = (await teacher.b.json(await teacher.b.get('/api/courses/teacher/courses'))).courses;
    await teacher.b.patch(`/api/courses/teacher/courses/${first.id}`, { status: 'archived' });
    expect((await teacher.b.post('/api/courses/teacher/courses', { title: 'after archive', kind: 'regular' })).status).toBe(201);
    // Leaving the archive needs a free place again.
    const back = await teacher.b.patch(`/api/courses/teacher/courses/${first.id}`, { status: 'draft' });
    expect((await teacher.b.json(back)).error.code).toBe('PLAN_LIMIT_COURSES');

    await t.database.db.update(teachers).set({ plan: 'academy' }).where(eq(teachers.id, teacher.id));
    expect((await teacher.b.patch(`/api/courses/teacher/courses/${first.id}`, { status: 'draft' })).status).toBe(200);
  });

  it('does not let two parallel creations both take the last place', async () => {
    const teacher = await registerTeacher(t);
    for (let i = 0; i < 6; i += 1) await teacher.b.post('/api/courses/teacher/courses', { title: `دورة ${i}`, kind: 'regular' });
    const results = await Promise.all([1, 2, 3].map((i) => teacher.b.post('/api/courses/teacher/courses', { title: `race ${i}`, kind: 'regular' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
  });

  it('organized course: only the first lesson is open; completing it opens the next, decided on the server', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { kind: 'organized', lessons: 3 });
    const student = await quickStudent(t, teacher);
    const base = `http://${teacher.host}/api/learning/student/courses/${course.courseId}`;

    // Not subscribed: every lesson is locked for lack of a subscription.
    const before = await student.b.json(await student.b.get(base));
    expect(before.subscription).toBeNull();
    expect(before.sections[0].lessons.map((l: { lock: string | null }) => l.lock)).toEqual(['subscription', 'subscription', 'subscription']);
    const denied = await student.b.get(`${base}/lessons/${course.lessonIds[0]}`);
    expect(denied.status).toBe(403);
    expect((await student.b.json(denied)).error.code).toBe('SUBSCRIPTION_REQUIRED');

    await enroll(teacher, student.id, course.courseId, course.planIds[0]!);
    const outline = await student.b.json(await student.b.get(base));
    expect(outline.sections[0].lessons.map((l: { lock: string | null }) => l.lock)).toEqual([null, 'previous', 'previous']);
    expect(outline.nextLessonId).toBe(course.lessonIds[0]);

    const lesson1 = await student.b.json(await student.b.get(`${base}/lessons/${course.lessonIds[0]}`));
    expect(lesson1).toMatchObject({
      lesson: { title: 'الدرس 1', bodyHtml: '<p>محتوى الدرس 1</p>' },
      previousId: null,
      nextId: course.lessonIds[1],
      completed: false,
    });
    const locked = await student.b.get(`${base}/lessons/${course.lessonIds[1]}`);
    expect(locked.status).toBe(403);
    expect((await student.b.json(locked)).error).toEqual({ code: 'LESSON_LOCKED_PREVIOUS', message: 'يُفتح هذا الدرس بعد إكمال الدرس السابق.' });
    // Completing a locked lesson is refused as well: the client cannot skip ahead.
    expect((await student.b.post(`http://${teacher.host}/api/learning/student/lessons/${course.lessonIds[2]}/complete`)).status).toBe(403);

    const done = await student.b.post(`http://${teacher.host}/api/learning/student/lessons/${course.lessonIds[0]}/complete`);
    expect(await student.b.json(done)).toEqual({ ok: true, nextLessonId: course.lessonIds[1], courseCompleted: false });
    const now = await student.b.json(await student.b.get(base));
    expect(now.sections[0].lessons.map((l: { lock: string | null; completed: boolean }) => [l.lock, l.completed])).toEqual([
      [null, true],
      [null, false],
      ['previous', false],
    ]);
    expect(now.progress).toEqual({ done: 1, total: 3, percent: 33 });
    expect((await student.b.get(`${base}/lessons/${course.lessonIds[1]}`)).status).toBe(200);

    // The completion that finishes the course says so, once (the web congratulates the student then).
    const complete = async (i: number) =>
      student.b.json(await student.b.post(`http://${teacher.host}/api/learning/student/lessons/${course.lessonIds[i]}/complete`));
    expect((await complete(1)).courseCompleted).toBe(false);
    expect(await complete(2)).toEqual({ ok: true, nextLessonId: null, courseCompleted: true });
    expect((await complete(2)).courseCompleted).toBe(false);
    expect((await student.b.json(await student.b.get(base))).progress).toEqual({ done: 3, total: 3, percent: 100 });
  });

  it('scheduled course: a lesson stays locked until its release date-time in Africa/Algiers (injectable clock)', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { kind: 'scheduled', lessons: 2 });
    // 2031-03-01 18:30 in Algiers is 17:30 UTC (UTC+1, no daylight saving).
    const set = await teacher.b.patch(`/api/courses/teacher/lessons/${course.lessonIds[1]}`, { releaseAt: '2031-03-01T18:30' });
    expect((await teacher.b.json(set)).releaseAt).toBe('2031-03-01T17:30:00.000Z');
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course.courseId, course.planIds[0]!);
    const url = `http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[1]}`;

    // In 2031 the 5-day trial is long over: the teacher needs time on Darsi to enrol anyone (decision 100).
    await t.database.db
      .update(teachers)
      .set({ trialEndsAt: new Date('2032-01-01T00:00:00Z') })
      .where(eq(teachers.id, teacher.id));
    t.services.clock.now = () => new Date('2031-03-01T17:29:00Z');
    // The monthly subscription would have expired by 2031; renew it at that date for this check.
    await teacher.b.post(`/api/subscriptions/teacher/enrollments`, { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] });
    const early = await student.b.get(url);
    expect(early.status).toBe(403);
    expect((await student.b.json(early)).error).toEqual({ code: 'LESSON_LOCKED_RELEASE', message: 'هذا الدرس مقفل حتى موعد نشره.' });
    const outline = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}`));
    expect(outline.sections[0].lessons.map((l: { lock: string | null }) => l.lock)).toEqual([null, 'release']);

    t.services.clock.now = () => new Date('2031-03-01T17:30:00Z');
    expect((await student.b.get(url)).status).toBe(200);
  });

  it('regular course: everything is open to a subscriber, nothing once the subscription expires', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { kind: 'regular', lessons: 3 });
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course.courseId, course.planIds[0]!);
    const base = `http://${teacher.host}/api/learning/student/courses/${course.courseId}`;
    expect((await student.b.get(`${base}/lessons/${course.lessonIds[2]}`)).status).toBe(200);
    t.services.clock.now = () => new Date(Date.now() + 31 * 86_400_000);
    const expired = await student.b.get(`${base}/lessons/${course.lessonIds[2]}`);
    expect((await student.b.json(expired)).error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('lets the teacher preview any lesson of their own course without locks, and nobody else', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { kind: 'organized', lessons: 2 });
    const preview = await teacher.b.json(await teacher.b.get(`/api/courses/teacher/courses/${course.courseId}/lessons/${course.lessonIds[1]}/preview`));
    expect(preview).toMatchObject({ lesson: { title: 'الدرس 2' }, previousId: course.lessonIds[0], nextId: null });
    expect(preview.sections[0].lessons.map((l: { lock: string | null }) => l.lock)).toEqual([null, null]);
    const other = await registerTeacher(t);
    expect((await other.b.get(`/api/courses/teacher/courses/${course.courseId}/lessons/${course.lessonIds[1]}/preview`)).status).toBe(404);
  });

  it('stores uploads as files, checks their type, and streams them with ranges only to those allowed', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
    const lessonId = course.lessonIds[0]!;
    const video = new Uint8Array(3000).map((_, i) => i % 256);
    video.set(new TextEncoder().encode('%PDF-'));
    // Videos go through tus and encrypted HLS (tests/integration/video-*.test.ts), never through this route.
    const mp4 = await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, video, 'video/mp4', 'درس 1.mp4');
    expect((await mp4.json()).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const up = await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, video, 'application/pdf', 'درس 1.pdf');
    expect(up.status, await up.clone().text()).toBe(200);
    expect((await up.json()).file).toEqual({ name: 'درس 1.pdf', type: 'application/pdf', size: 3000 });
    // Larger than the 1 MB API body limit: uploads stream to disk under their own limit.
    const big = await upload(
      t,
      teacher.b,
      `/api/courses/teacher/uploads/lessons/${lessonId}`,
      Uint8Array.from({ length: 1_500_000 }, (_, i) => video[i] ?? 0),
      'application/pdf',
      'big.pdf',
    );
    expect(big.status).toBe(200);
    await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, video, 'application/pdf', 'درس 1.pdf');

    const html = await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, '<script>alert(1)</script>', 'text/html', 'x.html');
    expect((await html.json()).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const fakePdf = await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, '<html></html>', 'application/pdf', 'x.pdf');
    expect((await fakePdf.json()).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    // A real 1×1 PNG: covers are opened by sharp too, a PNG signature alone is not an image (decision 080).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    expect((await upload(t, teacher.b, `/api/courses/teacher/uploads/covers/${course.courseId}`, png, 'image/png', 'c.png')).status).toBe(200);
    const { coverUrl } = await teacher.b.json(await teacher.b.get(`/api/courses/teacher/courses/${course.courseId}`));
    const cover = await browser(t).get(coverUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    // A draft's cover is only its teacher's.
    await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { status: 'draft' });
    expect((await browser(t).get(coverUrl)).status).toBe(404);
    const own = await teacher.b.get(coverUrl);
    expect([own.status, own.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { status: 'published' });

    const fileUrl = `http://${teacher.host}/api/learning/student/lessons/${lessonId}/file`;
    const student = await quickStudent(t, teacher);
    expect((await student.b.get(fileUrl)).status).toBe(403);
    await enroll(teacher, student.id, course.courseId, course.planIds[0]!);
    const ranged = await student.b.get(fileUrl, { range: 'bytes=100-199' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/3000');
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(video.slice(100, 200));
    const whole = await student.b.get(fileUrl);
    expect(whole.headers.get('content-length')).toBe('3000');

    const intruder = await registerTeacher(t);
    expect((await upload(t, intruder.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, video, 'application/pdf')).status).toBe(404);
    expect((await intruder.b.get(`/api/courses/teacher/lessons/${lessonId}/file`)).status).toBe(404);

    // Spec §9 storage (15 GB on the independent plan), counted over the teacher's lesson files.
    const GB = 1024 ** 3;
    expect((await teacher.b.json(await teacher.b.get('/api/courses/teacher/usage'))).storage).toEqual({ usedBytes: 3000, limitBytes: 15 * GB });
    const extra = await teacher.b.json(
      await teacher.b.post(`/api/courses/teacher/courses/${course.courseId}/lessons`, { sectionId: course.sectionId, title: 'ملف', type: 'file' }),
    );
    await t.database.db
      .update(lessons)
      .set({ fileSize: 15 * GB - 2000 })
      .where(eq(lessons.id, lessonId));
    expect(await storageUsedBytes(t.database.db, teacher.id)).toBe(15 * GB - 2000);
    const full = await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${extra.id}`, video, 'application/pdf', 'x.pdf');
    expect(full.status).toBe(403);
    expect((await full.json()).error).toEqual({
      code: 'STORAGE_LIMIT',
      message: 'وصلت إلى حد التخزين في خطتك (15 غيغابايت). ترقية الخطة تتيح رفع المزيد من الملفات.',
    });
    expect((await teacher.b.json(await teacher.b.get(`/api/courses/teacher/courses/${course.courseId}`))).sections[0].lessons[1].file).toBeNull();
    // Replacing a file gives its room back first.
    expect((await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${lessonId}`, video, 'application/pdf', 'smaller.pdf')).status).toBe(200);
    expect((await upload(t, teacher.b, `/api/courses/teacher/uploads/lessons/${extra.id}`, video, 'application/pdf', 'x.pdf')).status).toBe(200);
  });
});

describe(`cross-tenant isolation on ${DRIVER}`, () => {
  it("a student of teacher A cannot open teacher B's lessons through any API", async () => {
    const a = await registerTeacher(t);
    const bTeacher = await registerTeacher(t);
    const aCourse = await publishedCourse(a, { kind: 'regular' });
    const bCourse = await publishedCourse(bTeacher, { kind: 'regular' });
    // Signed in on both hosts, as a student who also opened B's platform would be.
    const student = await quickStudent(t, a, { hosts: [bTeacher.host] });
    await enroll(a, student.id, aCourse.courseId, aCourse.planIds[0]!);
    const lessonB = bCourse.lessonIds[0]!;
    const paths = [
      ['GET', `/api/learning/student/courses/${bCourse.courseId}/lessons/${lessonB}`],
      ['GET', `/api/learning/student/courses/${aCourse.courseId}/lessons/${lessonB}`],
      ['POST', `/api/learning/student/lessons/${lessonB}/complete`],
      ['GET', `/api/learning/student/lessons/${lessonB}/file`],
    ] as const;
    for (const host of [a.host, bTeacher.host, t.config.publicHost]) {
      for (const [method, path] of paths) {
        const res = method === 'GET' ? await student.b.get(`http://${host}${path}`) : await student.b.post(`http://${host}${path}`);
        expect([403, 404], `${method} ${host}${path}`).toContain(res.status);
      }
    }
    // B's published outline is B's catalogue: on B's platform it shows titles, all locked, and no content.
    const outline = await student.b.json(await student.b.get(`http://${bTeacher.host}/api/learning/student/courses/${bCourse.courseId}`));
    expect(outline.sections[0].lessons.every((l: { lock: string }) => l.lock === 'subscription')).toBe(true);
    expect(JSON.stringify(outline)).not.toContain('محتوى الدرس');
    // On A's host, B's course does not even exist.
    expect((await student.b.get(`http://${a.host}/api/learning/student/courses/${bCourse.courseId}`)).status).toBe(404);
    // A student enrolled with both teachers still only sees each course on its own teacher's host.
    await enroll(bTeacher, (await joinB(student.id, bTeacher.id)).id, bCourse.courseId, bCourse.planIds[0]!);
    expect((await student.b.get(`http://${a.host}/api/learning/student/courses/${bCourse.courseId}/lessons/${lessonB}`)).status).toBe(404);
    expect((await student.b.get(`http://${t.config.publicHost}/api/learning/student/courses/${bCourse.courseId}/lessons/${lessonB}`)).status).toBe(200);
  });

  it("teacher A cannot see or change teacher B's courses, lessons, sections or plans", async () => {
    const a = await registerTeacher(t);
    const bTeacher = await registerTeacher(t);
    const bCourse = await publishedCourse(bTeacher);
    const checks = [
      await a.b.get(`/api/courses/teacher/courses/${bCourse.courseId}`),
      await a.b.patch(`/api/courses/teacher/courses/${bCourse.courseId}`, { title: 'hacked' }),
      await a.b.delete(`/api/courses/teacher/courses/${bCourse.courseId}`),
      await a.b.put(`/api/courses/teacher/courses/${bCourse.courseId}/plans`, { plans: [] }),
      await a.b.post(`/api/courses/teacher/courses/${bCourse.courseId}/sections`, { title: 'x' }),
      await a.b.patch(`/api/courses/teacher/sections/${bCourse.sectionId}`, { title: 'x' }),
      await a.b.delete(`/api/courses/teacher/sections/${bCourse.sectionId}`),
      await a.b.patch(`/api/courses/teacher/lessons/${bCourse.lessonIds[0]}`, { title: 'x' }),
      await a.b.delete(`/api/courses/teacher/lessons/${bCourse.lessonIds[0]}`),
    ];
    expect(checks.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await a.b.json(await a.b.get('/api/courses/teacher/courses'))).courses).toEqual([]);
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, bCourse.courseId));
    expect(row?.title).toBe('الرياضيات للباكالوريا');
  });

  it('keeps teacher and student APIs to their roles', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    expect((await student.b.get('/api/courses/teacher/courses')).status).toBe(403);
    expect((await teacher.b.get('/api/learning/student/subscriptions')).status).toBe(403);
    expect((await browser(t).get('/api/courses/teacher/courses')).status).toBe(401);
  });
});

async function joinB(studentId: string, teacherId: string) {
  const { teacherStudents } = await import('@server/core/db/schema');
  await t.database.db.insert(teacherStudents).values({ teacherId, studentId }).onConflictDoNothing();
  return { id: studentId };
}

describe(`demo data on ${DRIVER}`, () => {
  it(
    'gives the demo teacher a published course with lessons, a free preview and 20 codes, and the demo student some progress and a certificate',
    { timeout: 60_000 },
    async () => {
      const { seedDemo } = await import('@server/seed');
      const { students: studentsTable, user } = await import('@server/core/db/schema');
      await seedDemo(t.services);
      const [teacher] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      const list = await t.services.courses.courses.list(teacher!);
      // Newest first: the BAC tests course (a quiz and a mock exam, seed step quizzes-demo), the free course, the organized one.
      expect(list.courses.map((c) => [c.kind, c.status, c.lessonCount])).toEqual([
        ['regular', 'published', 2],
        ['regular', 'published', 1],
        ['organized', 'published', 6],
      ]);
      const batches = await t.services.codes.batches.listBatches(teacher!.id, { page: 1 });
      expect(batches.batches[0]?.counts).toMatchObject({ unused: 17, sold: 3 });
      const [student] = await t.database.db
        .select({ id: studentsTable.id })
        .from(studentsTable)
        .innerJoin(user, eq(user.id, studentsTable.id))
        .where(eq(user.email, 'student@darsi.test'));
      const dashboard = await t.services.learning.dashboard(student!.id, 'demo');
      // The video lesson (seed step `video`) counts for the student only once its video is ready.
      // The free course is completed (issue 15), with its certificate; the organized one is in progress.
      expect(dashboard.subscriptions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ status: 'active', progress: { done: 2, total: 5, percent: 40 } }),
          expect.objectContaining({ status: 'active', progress: { done: 1, total: 1, percent: 100 } }),
        ]),
      );
      const { certificates } = await t.services.certificates.myCertificates(student!.id);
      expect(certificates.map((c) => c.courseTitle)).toEqual(['مدخل إلى البرمجة بلغة بايثون']);
      const course = await t.services.courses.courses.get(teacher!.id, list.courses.find((c) => c.kind === 'organized')!.id);
      expect(course.sections[0]!.lessons[0]!.freePreview).toBe(true);
      // The revenue step: every method in the ledger, one refund, one transfer awaiting review.
      const revenue = await t.services.revenue.summary(teacher!.id, 'month');
      expect(revenue.byMethod.map((m) => m.method).sort()).toEqual(['bank', 'baridimob', 'card', 'ccp', 'code', 'manual']);
      expect(revenue.totals).toMatchObject({ refundsDzd: 3000, pendingTransfers: { count: 1 } });
      expect(revenue.totals.pendingTransfers.amountDzd).toBeGreaterThan(0);
    },
  );
});
