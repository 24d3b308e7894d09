import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseSections, courses, lessons, teacherLandingPages, teachers } from '@server/core/db/schema';
import { browser } from './browser';
import { adminTestApp, bootstrapAdmin, signedInStudent, signedInTeacher } from './admin-fixtures';
import { publishedCourse, quickStudent } from './courses-helpers';
import { DRIVER, type TTestApp } from './harness';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
beforeAll(async () => {
  t = await adminTestApp();
  admin = await bootstrapAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const auditFor = (teacherId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.teacherId, teacherId)).orderBy(auditLog.id);
/** Values may be SQL (`now() - interval …`), so that the database's clock decides. */
const setTeacher = (teacherId: string, values: Partial<Record<keyof typeof teachers.$inferInsert, unknown>>) =>
  t.database.db
    .update(teachers)
    .set(values as never)
    .where(eq(teachers.id, teacherId));
/** Courses and pages are other domains' rows; the admin area only counts them. */
async function addContent(teacherId: string) {
  await t.database.db.insert(courses).values([
    { teacherId, title: 'الرياضيات للبكالوريا', kind: 'regular', status: 'published' },
    { teacherId, title: 'مسودة', kind: 'regular', status: 'draft' },
    { teacherId, title: 'قديمة', kind: 'regular', status: 'archived' },
  ]);
  await t.database.db.insert(teacherLandingPages).values([
    { teacherId, title: 'صفحتي', isPublished: true, isMain: true },
    { teacherId, title: 'مسودة صفحة', isPublished: false },
  ]);
}

describe(`overview on ${DRIVER}`, () => {
  it('counts teachers by status, trial and plan, students, courses and pages, and sign-ups per day for 30 days', async () => {
    const before = await admin.json(await admin.get('/api/admin/overview'));
    const a = await signedInTeacher(t);
    const b = await signedInTeacher(t);
    const c = await signedInTeacher(t);
    await signedInStudent(t, a.input.subdomain);
    await signedInStudent(t);
    await addContent(a.teacherId);
    await admin.patch(`/api/admin/teachers/${b.teacherId}/status`, { status: 'suspended' });
    await admin.patch(`/api/admin/teachers/${c.teacherId}/plan`, { plan: 'institution' });
    await admin.patch(`/api/admin/teachers/${c.teacherId}/status`, { status: 'inactive' });
    await setTeacher(c.teacherId, { trialEndsAt: new Date(Date.now() - 86_400_000) });
    // One teacher signed up 10 days ago, one 40 days ago (outside the chart).
    const tenDaysAgo = await signedInTeacher(t);
    await setTeacher(tenDaysAgo.teacherId, { createdAt: sql`now() - interval '10 days'` });
    const old = await signedInTeacher(t);
    await setTeacher(old.teacherId, { createdAt: sql`now() - interval '40 days'` });

    const res = await admin.get('/api/admin/overview');
    expect(res.status).toBe(200);
    const now = await admin.json(res);
    expect(now.teachers.total - before.teachers.total).toBe(5);
    expect(now.teachers.active - before.teachers.active).toBe(3);
    expect(now.teachers.inactive - before.teachers.inactive).toBe(1);
    expect(now.teachers.suspended - before.teachers.suspended).toBe(1);
    expect(now.teachers.onTrial - before.teachers.onTrial).toBe(4);
    expect(now.teachers.byPlan.institution - before.teachers.byPlan.institution).toBe(1);
    expect(now.teachers.byPlan.independent - before.teachers.byPlan.independent).toBe(4);
    expect(now.teachers.byPlan.academy).toBe(before.teachers.byPlan.academy);
    expect(now.students - before.students).toBe(2);
    expect(now.courses - before.courses).toBe(2);
    expect(now.publishedCourses - before.publishedCourses).toBe(1);
    expect(now.publishedPages - before.publishedPages).toBe(1);

    expect(now.signups).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date());
    expect(now.signups.at(-1).date).toBe(today);
    const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date(Date.now() - offset * 86_400_000));
    const teachersOn = (signups: Array<{ date: string; teachers: number }>, date: string) => signups.find((s) => s.date === date)?.teachers ?? 0;
    expect(teachersOn(now.signups, day(10)) - teachersOn(before.signups, day(10))).toBe(1);
    const sum = (signups: Array<{ teachers: number; students: number }>) => signups.reduce((n, s) => n + s.teachers + s.students * 1000, 0);
    // Four teachers and two students in the window; the one from 40 days ago is not.
    expect(sum(now.signups) - sum(before.signups)).toBe(4 + 2 * 1000);
  });
});

describe('teacher list', () => {
  let tagged: Array<Awaited<ReturnType<typeof signedInTeacher>>>;
  beforeAll(async () => {
    const tag = `zx${Date.now().toString(36)}`;
    tagged = [];
    for (let i = 0; i < 3; i += 1) tagged.push(await signedInTeacher(t, { name: `أستاذ ${tag} ${i}`, subdomain: `${tag}-${i}` }));
  });

  it('searches name, e-mail and subdomain, literally', async () => {
    const tag = tagged[0]!.input.subdomain.split('-')[0]!;
    const byName = await admin.json(await admin.get(`/api/admin/teachers?q=${encodeURIComponent(`أستاذ ${tag}`)}`));
    expect(byName.total).toBe(3);
    const byEmail = await admin.json(await admin.get(`/api/admin/teachers?q=${encodeURIComponent(tagged[1]!.input.email.toUpperCase())}`));
    expect(byEmail.items.map((r: { id: string }) => r.id)).toEqual([tagged[1]!.teacherId]);
    const bySubdomain = await admin.json(await admin.get(`/api/admin/teachers?q=${tag}-2`));
    expect(bySubdomain.items).toEqual([
      expect.objectContaining({ id: tagged[2]!.teacherId, subdomain: `${tag}-2`, plan: 'independent', status: 'active', studentCount: 0 }),
    ]);
    expect((await admin.json(await admin.get('/api/admin/teachers?q=%25'))).total).toBe(0);
  });

  it('filters by status, plan and trial', async () => {
    const [a, b, c] = tagged as [(typeof tagged)[0], (typeof tagged)[0], (typeof tagged)[0]];
    const q = `q=${a.input.subdomain.split('-')[0]}`;
    await admin.patch(`/api/admin/teachers/${a.teacherId}/status`, { status: 'inactive' });
    await admin.patch(`/api/admin/teachers/${b.teacherId}/plan`, { plan: 'academy' });
    await setTeacher(a.teacherId, { trialEndsAt: sql`now() + interval '1 day'` });
    await setTeacher(b.teacherId, { trialEndsAt: sql`now() - interval '1 day'` });
    await setTeacher(c.teacherId, { trialEndsAt: null });
    const ids = async (filter: string) => (await admin.json(await admin.get(`/api/admin/teachers?${q}&${filter}`))).items.map((r: { id: string }) => r.id);
    expect(await ids('status=inactive')).toEqual([a.teacherId]);
    expect((await ids('status=active')).sort()).toEqual([b.teacherId, c.teacherId].sort());
    expect(await ids('plan=academy')).toEqual([b.teacherId]);
    expect(await ids('plan=institution')).toEqual([]);
    expect(await ids('trial=ending')).toEqual([a.teacherId]);
    expect(await ids('trial=on_trial')).toEqual([a.teacherId]);
    expect(await ids('trial=ended')).toEqual([b.teacherId]);
    expect(await ids('trial=none')).toEqual([c.teacherId]);
    expect(await ids('status=active&plan=academy&trial=ended')).toEqual([b.teacherId]);
    // An empty filter is no filter.
    expect(await ids('status=&plan=&trial=')).toHaveLength(3);
  });

  it('pages newest first; a page past the end is empty, not an error', async () => {
    const q = `q=${tagged[0]!.input.subdomain.split('-')[0]}`;
    const first = await admin.json(await admin.get(`/api/admin/teachers?${q}&pageSize=2`));
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([tagged[2]!.teacherId, tagged[1]!.teacherId]);
    const second = await admin.json(await admin.get(`/api/admin/teachers?${q}&pageSize=2&page=2`));
    expect(second.items.map((r: { id: string }) => r.id)).toEqual([tagged[0]!.teacherId]);
    for (const page of [3, 999, 1_000_000_000]) {
      const res = await admin.get(`/api/admin/teachers?${q}&pageSize=2&page=${page}`);
      expect(res.status).toBe(200);
      expect(await admin.json(res)).toEqual({ items: [], page, pageSize: 2, total: 3 });
    }
  });

  it('refuses unknown filter values with 400 INVALID_FILTER naming the filter', async () => {
    for (const [query, field] of [
      ['status=deleted', 'status'],
      ['plan=gold', 'plan'],
      ['trial=soon', 'trial'],
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['page=1.5', 'page'],
    ] as const) {
      const res = await admin.get(`/api/admin/teachers?${query}`);
      expect(res.status, query).toBe(400);
      const { error } = await admin.json(res);
      expect(error.code).toBe('INVALID_FILTER');
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.message).toBe(`قيمة عامل التصفية غير معروفة: ${field}.`);
    }
    const en = await admin.json(await admin.get('/api/admin/teachers?status=deleted&lng=en'));
    expect(en.error).toEqual({ code: 'INVALID_FILTER', message: 'Unknown filter value: status.', fields: { status: 'This value is not recognised' } });
  });

  it('refuses an unknown filter name instead of ignoring it (a misspelt filter would list everything)', async () => {
    const res = await admin.get('/api/admin/teachers?stauts=active&lng=en');
    expect(res.status).toBe(400);
    expect((await admin.json(res)).error).toEqual({
      code: 'INVALID_FILTER',
      message: 'Unknown filter value: stauts.',
      fields: { stauts: 'This filter does not exist' },
    });
    for (const url of [
      '/api/admin/inbox/contact?handled=1',
      '/api/admin/inbox/contact/export?page=2',
      '/api/admin/audit?actorr=x&action=admin.login',
      '/api/admin/teachers?q=a&plan=academy&sort=name',
    ]) {
      const refused = await admin.get(url);
      expect(refused.status, url).toBe(400);
      const { error } = await admin.json(refused);
      expect(error.code, url).toBe('INVALID_FILTER');
      expect(Object.values(error.fields), url).toEqual(['عامل التصفية هذا غير موجود']);
    }
    // `lng` picks the language of the answer on every API, so it is not an unknown filter.
    expect((await admin.get('/api/admin/teachers?lng=fr&status=active')).status).toBe(200);
  });
});

describe('teacher detail', () => {
  it('shows profile, subdomain and public page, plan, limits usage, courses and student count', async () => {
    const teacher = await signedInTeacher(t);
    await signedInStudent(t, teacher.input.subdomain);
    await signedInStudent(t, teacher.input.subdomain);
    await addContent(teacher.teacherId);
    const res = await admin.get(`/api/admin/teachers/${teacher.teacherId}`);
    expect(res.status).toBe(200);
    const detail = await admin.json(res);
    expect(detail).toMatchObject({
      id: teacher.teacherId,
      name: teacher.input.name,
      email: teacher.input.email,
      subdomain: teacher.input.subdomain,
      platformUrl: `http://${teacher.input.subdomain}.${t.config.publicHost}`,
      status: 'active',
      plan: 'independent',
      // Usage is what the plan limits count: subscribed students, courses not archived (decision 033).
      usage: {
        students: { used: 0, limit: 100 },
        courses: { used: 2, limit: 7 },
        // Lesson files against the plan's 15 GB; staff seats taken (members and waiting invitations) of 0, 3 or 10 (spec §9, issue 28).
        storage: { usedBytes: 0, limitBytes: 15 * 1024 ** 3 },
        staff: { used: 0, limit: 0 },
      },
      studentCount: 2,
      publishedCourses: 1,
      publishedPages: 1,
    });
    expect(detail.courses.map((c: { title: string; status: string }) => [c.title, c.status]).sort()).toEqual([
      ['الرياضيات للبكالوريا', 'published'],
      ['قديمة', 'archived'],
      ['مسودة', 'draft'],
    ]);
    expect(new Date(detail.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);

    // Two lesson files: their sizes are the storage used.
    const [course] = await t.database.db.select({ id: courses.id }).from(courses).where(eq(courses.teacherId, teacher.teacherId)).limit(1);
    const [section] = await t.database.db
      .insert(courseSections)
      .values({ teacherId: teacher.teacherId, courseId: course!.id, title: 'الفصل' })
      .returning({ id: courseSections.id });
    const file = { teacherId: teacher.teacherId, courseId: course!.id, sectionId: section!.id, type: 'file' };
    await t.database.db.insert(lessons).values([
      { ...file, title: 'ملخص', fileSize: 3 * 1024 ** 2 },
      { ...file, title: 'تمارين', fileSize: 1024 ** 3 },
    ]);
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'academy' });
    const academy = await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`));
    expect(academy.usage).toEqual({
      students: { used: 0, limit: 350 },
      courses: { used: 2, limit: 20 },
      storage: { usedBytes: 1024 ** 3 + 3 * 1024 ** 2, limitBytes: 30 * 1024 ** 3 },
      staff: { used: 0, limit: 3 },
    });
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'institution' });
    const institution = await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`));
    expect(institution.usage).toMatchObject({
      students: { used: 0, limit: null },
      courses: { used: 2, limit: null },
      storage: { limitBytes: 100 * 1024 ** 3 },
      staff: { limit: 10 },
    });
    expect(institution.history.items.map((h: { action: string }) => h.action)).toEqual(['teacher.plan_changed', 'teacher.plan_changed']);
    expect(institution.history.total).toBe(2);
  });

  it('shows the latest 10 history entries with their total, and the audit log gives all of them for that teacher', async () => {
    // Other tests of this file have written entries about other teachers: the filter must leave them out.
    const teacher = await signedInTeacher(t);
    for (let i = 0; i < 6; i += 1) {
      await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: i % 2 ? 'independent' : 'academy' });
      await admin.post(`/api/admin/teachers/${teacher.teacherId}/trial`, { days: 1 });
    }
    const detail = await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`));
    expect(detail.history.items).toHaveLength(10);
    expect(detail.history.total).toBe(12);
    // The names the entries refer to come with them: here the teacher the entries are about.
    expect(detail.history.names.teachers).toEqual({ [teacher.teacherId]: teacher.input.name });
    const all = await admin.json(await admin.get(`/api/admin/audit?teacher=${teacher.teacherId}&pageSize=100`));
    expect(all.total).toBe(12);
    expect((await admin.json(await admin.get('/api/admin/audit'))).total).toBeGreaterThan(12);
    expect(new Set(all.items.map((e: { teacherId: string }) => e.teacherId))).toEqual(new Set([teacher.teacherId]));
    expect(all.items.slice(0, 10).map((e: { id: number }) => e.id)).toEqual(detail.history.items.map((e: { id: number }) => e.id));
    const bad = await admin.json(await admin.get('/api/admin/audit?teacher=not-a-teacher'));
    expect(bad.error).toMatchObject({ code: 'INVALID_FILTER', fields: { teacher: 'القيمة غير صالحة' } });
  });

  it('answers 404 for an unknown teacher and 400 for a malformed id', async () => {
    expect((await admin.get('/api/admin/teachers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/teachers/not-a-uuid')).status).toBe(400);
  });
});

describe('teacher actions', () => {
  it("suspending ends the teacher's open sessions at once, on every host, and makes their subdomain show /inactive", async () => {
    const teacher = await signedInTeacher(t);
    // A student already subscribed to one of the teacher's courses (what docs/guides/admin.md promises them).
    const owner = {
      b: teacher,
      id: teacher.teacherId,
      subdomain: teacher.input.subdomain,
      host: `${teacher.input.subdomain}.${t.config.publicHost}`,
      userId: teacher.userId,
    };
    const course = await publishedCourse(owner, {
      lessons: 1,
      plans: [
        { type: 'monthly', priceDzd: 3000 },
        { type: 'free', priceDzd: 0 },
      ],
    });
    const subscriber = await quickStudent(t, owner);
    expect(
      (await teacher.post('/api/subscriptions/teacher/enrollments', { studentId: subscriber.id, courseId: course.courseId, planId: course.planIds[0] })).status,
    ).toBe(201);
    const newcomer = await quickStudent(t, owner);
    const subdomainHost = `${teacher.input.subdomain}.${t.config.publicHost}`;
    // A second browser, signed in on the teacher's own subdomain.
    const second = browser(t);
    expect((await second.post(`http://${subdomainHost}/api/accounts/login`, { email: teacher.input.email, password: teacher.input.password })).status).toBe(
      200,
    );
    expect((await second.session(subdomainHost))?.isTeacher).toBe(true);

    // The subdomain is served (and its record cached) before…
    const before = await browser(t).get(`http://${subdomainHost}/`);
    expect(before.status).toBe(200);
    const res = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'suspended' });
    expect(await admin.json(res)).toEqual({ status: 'suspended' });
    // …and shows /inactive at once after, on every path that is not the app's own.
    for (const path of ['/', '/some-page']) {
      const after = await browser(t).get(`http://${subdomainHost}${path}`);
      expect(after.status, path).toBe(302);
      expect(after.headers.get('location'), path).toBe('/inactive');
    }
    expect(await teacher.session()).toBeNull();
    expect(await second.session(subdomainHost)).toBeNull();
    expect((await second.get(`http://${subdomainHost}/api/accounts/teacher/overview`)).status).toBe(401);
    const login = await second.post(`http://${subdomainHost}/api/accounts/login`, { email: teacher.input.email, password: teacher.input.password });
    expect((await second.json(login)).error.code).toBe('TEACHER_INACTIVE');
    // Students can no longer join the platform.
    const join = await browser(t).post(`http://${subdomainHost}/api/accounts/register/student`, {
      name: 'طالب',
      email: `late${Date.now()}@example.test`,
      password: 'correct-horse-9',
    });
    expect((await browser(t).json(join)).error.code).toBe('TEACHER_INACTIVE');
    // Nobody new gets in through a free course either; the subscribed student still reads their lesson on the main site.
    expect((await newcomer.b.json(await newcomer.b.post(`/api/learning/student/courses/${course.courseId}/enroll-free`))).error.code).toBe('TEACHER_INACTIVE');
    expect((await subscriber.b.get(`/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]!}`)).status).toBe(200);

    expect((await auditFor(teacher.teacherId)).filter((e) => e.actorRole === 'admin')).toEqual([
      expect.objectContaining({
        action: 'teacher.status_changed',
        actorUserId: admin.userId,
        details: { from: 'active', to: 'suspended' },
        targetId: teacher.teacherId,
      }),
    ]);
  });

  it('deactivates and activates again', async () => {
    const teacher = await signedInTeacher(t);
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'inactive' });
    expect(await teacher.session()).toBeNull();
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'active' });
    expect((await teacher.post('/api/accounts/login', { email: teacher.input.email, password: teacher.input.password })).status).toBe(200);
    expect((await teacher.session())?.isTeacher).toBe(true);
    expect((await auditFor(teacher.teacherId)).map((r) => r.details)).toEqual([
      { from: 'active', to: 'inactive' },
      { from: 'inactive', to: 'active' },
    ]);
    const bad = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'deleted' });
    expect(bad.status).toBe(400);
  });

  it('writes nothing for a status or plan the teacher already has', async () => {
    const teacher = await signedInTeacher(t);
    const same = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'active' });
    expect(same.status).toBe(200);
    expect(await admin.json(same)).toEqual({ status: 'active' });
    // Nothing happened to the teacher either: their session is still open.
    expect((await teacher.session())?.isTeacher).toBe(true);
    expect(await admin.json(await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'independent' }))).toEqual({ plan: 'independent' });
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'suspended' });
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'suspended' });
    expect((await auditFor(teacher.teacherId)).map((r) => [r.action, r.details])).toEqual([['teacher.status_changed', { from: 'active', to: 'suspended' }]]);
  });

  it('changes the plan (audited) and refuses an unknown plan', async () => {
    const teacher = await signedInTeacher(t);
    expect(await admin.json(await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'academy' }))).toEqual({ plan: 'academy' });
    expect((await teacher.session())?.teacher.plan).toBe('academy');
    const bad = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/plan`, { plan: 'gold' });
    expect(bad.status).toBe(400);
    expect((await admin.json(bad)).error.fields).toEqual({ plan: 'هذه القيمة غير معروفة' });
    expect((await admin.patch('/api/admin/teachers/00000000-0000-4000-8000-000000000000/plan', { plan: 'academy' })).status).toBe(404);
    expect(await auditFor(teacher.teacherId)).toEqual([
      expect.objectContaining({ action: 'teacher.plan_changed', details: { from: 'independent', to: 'academy' } }),
    ]);
  });

  it('extends a running trial from its end and an ended one from now (audited)', async () => {
    const teacher = await signedInTeacher(t);
    const [row] = await t.database.db.select({ trialEndsAt: teachers.trialEndsAt }).from(teachers).where(eq(teachers.id, teacher.teacherId));
    const res = await admin.post(`/api/admin/teachers/${teacher.teacherId}/trial`, { days: 7 });
    const extended = new Date((await admin.json(res)).trialEndsAt).getTime();
    expect(Math.abs(extended - (row!.trialEndsAt!.getTime() + 7 * 86_400_000))).toBeLessThan(1000);

    await setTeacher(teacher.teacherId, { trialEndsAt: sql`now() - interval '3 days'` });
    const again = new Date((await admin.json(await admin.post(`/api/admin/teachers/${teacher.teacherId}/trial`, { days: 2 }))).trialEndsAt).getTime();
    expect(Math.abs(again - (Date.now() + 2 * 86_400_000))).toBeLessThan(60_000);

    for (const days of [0, 91, 1.5, '3']) expect((await admin.post(`/api/admin/teachers/${teacher.teacherId}/trial`, { days })).status).toBe(400);
    const entries = await auditFor(teacher.teacherId);
    expect(entries.map((e) => [e.action, e.details.days])).toEqual([
      ['teacher.trial_extended', 7],
      ['teacher.trial_extended', 2],
    ]);
  });

  it('e-mails the teacher a password reset link that works, without showing it to the admin (audited)', async () => {
    const teacher = await signedInTeacher(t);
    const res = await admin.post(`/api/admin/teachers/${teacher.teacherId}/password-reset`);
    expect(await admin.json(res)).toEqual({ sent: true });
    const mail = [...t.services.mailer.recent].reverse().find((m) => m.to === teacher.input.email);
    const link = mail?.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    const reset = await browser(t).post('/api/accounts/password/reset', { token: new URL(link!).searchParams.get('token'), password: 'set-by-teacher-1' });
    expect(reset.status).toBe(200);
    expect((await browser(t).post('/api/accounts/login', { email: teacher.input.email, password: 'set-by-teacher-1' })).status).toBe(200);
    expect(await auditFor(teacher.teacherId)).toEqual([
      expect.objectContaining({ action: 'teacher.password_reset_sent', actorUserId: admin.userId, details: { email: teacher.input.email } }),
    ]);
  });
});

describe('demo data', () => {
  it('gives the admin area teachers in every state, students, inbox entries and audit entries', async () => {
    const { ADMIN_SEED_STEPS } = await import('@server/seed/admin');
    const before = await admin.json(await admin.get('/api/admin/overview'));
    for (const step of ADMIN_SEED_STEPS) await step.run(t.services);
    const after = await admin.json(await admin.get('/api/admin/overview'));
    expect(after.teachers.total - before.teachers.total).toBe(6);
    expect(after.teachers.suspended - before.teachers.suspended).toBe(1);
    expect(after.teachers.inactive - before.teachers.inactive).toBe(1);
    expect(after.students - before.students).toBe(12);
    expect((await admin.json(await admin.get('/api/admin/teachers?trial=ending&q=salma'))).total).toBe(1);
    expect((await admin.json(await admin.get('/api/admin/inbox/contact'))).total).toBeGreaterThanOrEqual(3);
    expect((await admin.json(await admin.get('/api/admin/inbox/feedback'))).total).toBeGreaterThanOrEqual(2);
    expect((await admin.json(await admin.get('/api/admin/inbox/newsletter'))).total).toBeGreaterThanOrEqual(2);
  });
});
