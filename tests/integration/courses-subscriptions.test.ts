import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments, lessonProgress, teachers } from '@server/core/db/schema';
import { csvCodes, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

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

const DAY = 86_400_000;
const days = (iso: string) => Math.round((new Date(iso).getTime() - Date.now()) / DAY);

async function enroll(teacher: TTeacher, body: Record<string, unknown>) {
  const res = await teacher.b.post('/api/subscriptions/teacher/enrollments', body);
  return { res, body: await teacher.b.json(res) };
}

async function students(teacher: TTeacher, query = '') {
  return teacher.b.json(await teacher.b.get(`/api/subscriptions/teacher/students${query}`));
}

describe(`teacher subscription actions on ${DRIVER}`, () => {
  it('enrolls, changes plan (recalculated or kept), cancels and reactivates, each audited', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, {
      plans: [
        { type: 'monthly', priceDzd: 3000 },
        { type: 'yearly', priceDzd: 30000, autoRenew: true },
        { type: 'lifetime', priceDzd: 50000 },
      ],
    });
    const [monthly, yearly, lifetime] = course.planIds as [string, string, string];
    const student = await quickStudent(t, teacher);

    const first = await enroll(teacher, { studentId: student.id, courseId: course.courseId, planId: monthly, notes: 'دفع نقداً' });
    expect(first.res.status).toBe(201);
    expect(days(first.body.expiresAt)).toBe(30);
    const again = await enroll(teacher, { studentId: student.id, courseId: course.courseId, planId: monthly });
    expect(again.body.error.code).toBe('ENROLLMENT_EXISTS');
    const id = first.body.id as string;

    const kept = await teacher.b.json(await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${id}/plan`, { planId: yearly, recalculate: false }));
    expect(days(kept.expiresAt)).toBe(30);
    const recalculated = await teacher.b.json(
      await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${id}/plan`, { planId: yearly, recalculate: true, autoRenew: true }),
    );
    expect(days(recalculated.expiresAt)).toBe(365);
    const forever = await teacher.b.json(await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${id}/plan`, { planId: lifetime, recalculate: true }));
    expect(forever.expiresAt).toBeNull();
    // A monthly code redeemed on a lifetime subscription adds what was paid and changes nothing else.
    const batch = await teacher.b.json(
      await teacher.b.post('/api/codes/teacher/batches', {
        courseId: course.courseId,
        planId: monthly,
        count: 1,
        validUntil: new Date(Date.now() + 9 * DAY).toISOString(),
      }),
    );
    const [code] = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    expect((await student.b.json(await student.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code }))).expiresAt).toBeNull();
    expect((await students(teacher, `?courseId=${course.courseId}`)).rows[0].enrollment).toMatchObject({
      type: 'lifetime',
      planId: lifetime,
      expiresAt: null,
      totalPaidDzd: 6000,
    });

    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/cancel`)).status).toBe(200);
    const cancelled = await students(teacher, `?courseId=${course.courseId}`);
    expect(cancelled.rows[0].enrollment).toMatchObject({ status: 'cancelled', type: 'lifetime', notes: 'دفع نقداً', totalPaidDzd: 6000 });
    const denied = await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]}`);
    expect((await student.b.json(denied)).error.code).toBe('SUBSCRIPTION_REQUIRED');

    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/reactivate`)).status).toBe(200);
    expect((await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]}`)).status).toBe(200);

    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.teacherId, teacher.id), eq(auditLog.targetId, id)))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual([
      'subscription.cancelled',
      'subscription.enrolled',
      'subscription.plan_changed',
      'subscription.plan_changed',
      'subscription.plan_changed',
      'subscription.reactivated',
      'subscription.redeemed',
    ]);
  });

  it('reactivating an expired subscription starts a new period of its plan', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    const student = await quickStudent(t, teacher);
    const { body } = await enroll(teacher, { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] });
    const later = new Date(Date.now() + 40 * DAY);
    t.services.clock.now = () => later;
    const list = await students(teacher, '?status=expired');
    expect(list.rows.map((r: { studentId: string }) => r.studentId)).toEqual([student.id]);
    const res = await teacher.b.json(await teacher.b.post(`/api/subscriptions/teacher/enrollments/${body.id}/reactivate`));
    expect(Math.round((new Date(res.expiresAt).getTime() - later.getTime()) / DAY)).toBe(30);
    // Its plan deleted (a code batch whose plan is gone): a period as long as the last one, never permanent access.
    await t.database.db
      .update(enrollments)
      .set({ planId: null, status: 'cancelled', expiresAt: new Date(later.getTime() - DAY), startedAt: new Date(later.getTime() - 46 * DAY) })
      .where(eq(enrollments.id, body.id));
    const again = await teacher.b.json(await teacher.b.post(`/api/subscriptions/teacher/enrollments/${body.id}/reactivate`));
    expect(Math.round((new Date(again.expiresAt).getTime() - later.getTime()) / DAY)).toBe(45);
  });

  it('refuses to enroll someone who is not a student of the teacher, or with another course plan', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    const otherCourse = await publishedCourse(other);
    const stranger = await quickStudent(t, other);
    expect((await enroll(teacher, { studentId: stranger.id, courseId: course.courseId, planId: course.planIds[0] })).body.error.code).toBe('STUDENT_NOT_FOUND');
    const mine = await quickStudent(t, teacher);
    expect((await enroll(teacher, { studentId: mine.id, courseId: course.courseId, planId: otherCourse.planIds[0] })).body.error.code).toBe('PLAN_NOT_FOUND');
    expect((await enroll(teacher, { studentId: mine.id, courseId: otherCourse.courseId, planId: otherCourse.planIds[0] })).body.error.code).toBe(
      'COURSE_NOT_FOUND',
    );
    // Teacher B sees none of A's students.
    const bList = await students(other);
    expect(bList.rows.map((r: { studentId: string }) => r.studentId)).toEqual([stranger.id]);
    const foreign = await other.b.post(
      `/api/subscriptions/teacher/enrollments/${(await enroll(teacher, { studentId: mine.id, courseId: course.courseId, planId: course.planIds[0] })).body.id}/cancel`,
    );
    expect(foreign.status).toBe(404);
  });

  it('enforces the student limit of the plan (100 on the independent plan) with an upgrade message', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    for (let i = 0; i < 100; i += 1) {
      const s = await quickStudent(t, teacher);
      await t.database.db
        .insert(enrollments)
        .values({ teacherId: teacher.id, courseId: course.courseId, studentId: s.id, type: 'monthly', startedAt: new Date(), source: 'teacher' });
    }
    const extra = await quickStudent(t, teacher);
    const refused = await enroll(teacher, { studentId: extra.id, courseId: course.courseId, planId: course.planIds[0] });
    expect(refused.res.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'PLAN_LIMIT_STUDENTS', message: 'وصلت إلى حد خطتك (100 طالب). ترقية الخطة تتيح تسجيل المزيد من الطلاب.' });
    const usage = await teacher.b.json(await teacher.b.get('/api/courses/teacher/usage'));
    expect(usage.students).toEqual({ used: 100, limit: 100 });
    // A student redeeming a right code on a full platform is told to ask the teacher; the code stays unused.
    const batch = await teacher.b.json(
      await teacher.b.post('/api/codes/teacher/batches', {
        courseId: course.courseId,
        planId: course.planIds[0],
        count: 1,
        validUntil: new Date(Date.now() + 9 * DAY).toISOString(),
      }),
    );
    const csv = await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
    const [code] = csvCodes(csv);
    const full = await extra.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code });
    expect((await extra.b.json(full)).error).toEqual({ code: 'PLATFORM_FULL', message: 'لا تقبل هذه المنصة طلاباً جدداً حالياً. يُرجى التواصل مع الأستاذ.' });
    const codes = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/codes`));
    expect(codes.counts.unused).toBe(1);
    // A student already counted can take another course; the institution plan has no limit.
    const second = await publishedCourse(teacher, { title: 'ثانية' });
    const [counted, leaving] = await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, course.courseId)).limit(2);
    expect((await enroll(teacher, { studentId: counted!.studentId, courseId: second.courseId, planId: second.planIds[0] })).res.status).toBe(201);
    // A cancelled (or expired) subscription frees its place; taking it back needs a place again (decision 033).
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${leaving!.id}/cancel`)).status).toBe(200);
    expect((await teacher.b.json(await teacher.b.get('/api/courses/teacher/usage'))).students).toEqual({ used: 99, limit: 100 });
    expect((await extra.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code })).status).toBe(200);
    const back = await teacher.b.post(`/api/subscriptions/teacher/enrollments/${leaving!.id}/reactivate`);
    expect((await teacher.b.json(back)).error.code).toBe('PLAN_LIMIT_STUDENTS');
    await t.database.db.update(teachers).set({ plan: 'institution' }).where(eq(teachers.id, teacher.id));
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${leaving!.id}/reactivate`)).status).toBe(200);
  });
});

describe(`a suspended teacher on ${DRIVER}`, () => {
  it("takes no new students by free enrollment or code, on any host; current subscribers keep reading; students' own enrollments are audited", async () => {
    const teacher = await registerTeacher(t, 'institution');
    const course = await publishedCourse(teacher, {
      plans: [
        { type: 'free', priceDzd: 0 },
        { type: 'monthly', priceDzd: 3000 },
      ],
    });
    const batch = await teacher.b.json(
      await teacher.b.post('/api/codes/teacher/batches', {
        courseId: course.courseId,
        planId: course.planIds[1],
        count: 1,
        validUntil: new Date(Date.now() + 9 * DAY).toISOString(),
      }),
    );
    const [code] = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    const reader = await quickStudent(t, teacher);
    const joined = await reader.b.post(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/enroll-free`);
    expect(joined.status).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teacherId, teacher.id), eq(auditLog.action, 'subscription.enrolled')));
    expect(entry).toMatchObject({
      actorUserId: reader.id,
      actorRole: 'student',
      targetId: (await reader.b.json(joined)).id,
      details: expect.objectContaining({ source: 'free', courseId: course.courseId }),
    });

    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, teacher.id));
    const newcomer = await quickStudent(t, teacher);
    const refused = [
      await newcomer.b.post(`/api/learning/student/courses/${course.courseId}/enroll-free`),
      await newcomer.b.post(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/enroll-free`),
      await newcomer.b.post('/api/codes/student/redeem', { code, platform: teacher.subdomain }),
      await newcomer.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code }),
    ];
    expect(await Promise.all(refused.map(async (r) => [r.status, (await newcomer.b.json(r)).error.code]))).toEqual(Array(4).fill([403, 'TEACHER_INACTIVE']));
    expect(await t.database.db.select().from(enrollments).where(eq(enrollments.studentId, newcomer.id))).toEqual([]);
    // Those already subscribed keep what they have (decision 034).
    expect((await reader.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]}`)).status).toBe(200);
  });
});

describe(`Student Subscription Management list on ${DRIVER}`, () => {
  it('shows enrolled and non-enrolled students with filters by course, status and type, search, pages and CSV', async () => {
    const teacher = await registerTeacher(t, 'institution');
    const math = await publishedCourse(teacher, {
      title: 'رياضيات',
      plans: [
        { type: 'monthly', priceDzd: 3000 },
        { type: 'yearly', priceDzd: 30000 },
      ],
    });
    const physics = await publishedCourse(teacher, { title: 'فيزياء' });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => quickStudent(t, teacher)));
    await enroll(teacher, { studentId: a!.id, courseId: math.courseId, planId: math.planIds[0] });
    await enroll(teacher, { studentId: b!.id, courseId: math.courseId, planId: math.planIds[1] });
    await enroll(teacher, { studentId: a!.id, courseId: physics.courseId, planId: physics.planIds[0] });
    await enroll(teacher, { studentId: c!.id, courseId: physics.courseId, planId: physics.planIds[0] });
    await teacher.b.post(`/api/courses/teacher/lessons/${math.lessonIds[0]}/complete`); // teachers cannot mark progress
    await t.database.db
      .insert(lessonProgress)
      .values({ teacherId: teacher.id, studentId: a!.id, courseId: math.courseId, lessonId: math.lessonIds[0]!, completedAt: new Date() });

    const all = await students(teacher);
    expect(all.total).toBe(5); // a twice, b, c, and d who is not enrolled
    expect(all.rows.find((r: { studentId: string }) => r.studentId === d!.id).enrollment).toBeNull();

    const inMath = await students(teacher, `?courseId=${math.courseId}`);
    expect(inMath.total).toBe(4); // every student, enrolled in math or not
    const aRow = inMath.rows.find((r: { studentId: string }) => r.studentId === a!.id);
    expect(aRow.enrollment).toMatchObject({ courseTitle: 'رياضيات', type: 'monthly', status: 'active', progress: { done: 1, total: 3, percent: 33 } });

    expect((await students(teacher, `?courseId=${math.courseId}&status=none`)).rows.map((r: { studentId: string }) => r.studentId).sort()).toEqual(
      [c!.id, d!.id].sort(),
    );
    expect((await students(teacher, '?type=yearly')).rows.map((r: { studentId: string }) => r.studentId)).toEqual([b!.id]);
    expect((await students(teacher, `?q=${encodeURIComponent(c!.email.slice(0, 8))}`)).rows.map((r: { studentId: string }) => r.studentId)).toEqual([c!.id]);
    expect((await students(teacher, `?q=${encodeURIComponent('%')}`)).total).toBe(0);

    t.services.clock.now = () => new Date(Date.now() + 25 * DAY);
    const expiring = await students(teacher, '?status=expiring');
    expect(expiring.total).toBe(3);
    expect(expiring.rows[0].enrollment).toMatchObject({ status: 'expiring', daysLeft: 5 });
    t.services.clock.now = () => new Date();

    // Keyset pages (decision 225): forward through every row once, in order, then back again.
    const key = (r: { studentId: string; enrollment: { id: string } | null }) => `${r.studentId}/${r.enrollment?.id ?? '-'}`;
    const page1 = await students(teacher, '?pageSize=2');
    const page2 = await students(teacher, `?pageSize=2&after=${encodeURIComponent(page1.nextCursor)}`);
    const page3 = await students(teacher, `?pageSize=2&after=${encodeURIComponent(page2.nextCursor)}`);
    expect([page1.rows.length, page2.rows.length, page3.rows.length, page1.total, page3.total]).toEqual([2, 2, 1, 5, 5]);
    expect([page1.prevCursor, page3.nextCursor]).toEqual([null, null]);
    expect([...page1.rows, ...page2.rows, ...page3.rows].map(key)).toEqual(all.rows.map(key));
    const back2 = await students(teacher, `?pageSize=2&before=${encodeURIComponent(page3.prevCursor)}`);
    const back1 = await students(teacher, `?pageSize=2&before=${encodeURIComponent(back2.prevCursor)}`);
    expect([back2.rows.map(key), back1.rows.map(key), back1.prevCursor]).toEqual([page2.rows.map(key), page1.rows.map(key), null]);
    expect((await teacher.b.get('/api/subscriptions/teacher/students?after=not-a-cursor')).status).toBe(400);
    // A search by a name anywhere in it (the trigram index), in Arabic as in Latin letters.
    const named = await students(teacher, `?q=${encodeURIComponent(d!.name.slice(1))}`);
    expect(named.rows.map((r: { studentId: string }) => r.studentId)).toEqual([d!.id]);
    const bad = await teacher.b.get('/api/subscriptions/teacher/students?status=whatever');
    expect(bad.status).toBe(400);

    const csv = await teacher.b.get(`/api/subscriptions/teacher/students/export/csv?courseId=${math.courseId}&lng=en`);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="students.csv"');
    const lines = Buffer.from(await csv.arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,E-mail,Course,Subscription type,Status,Days left,Enrolled on,Expires on,Auto-renew,Progress,Total paid (DZD),Notes');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes(a!.email))).toContain(',Monthly,Active,30,');
    expect(lines.find((l) => l.includes(d!.email))).toContain(',Not enrolled,');
  });
});

describe(`My Subscriptions on ${DRIVER}`, () => {
  it('summarises subscriptions, progress, weekly activity and achievements; live sessions are empty for now', async () => {
    const teacher = await registerTeacher(t, 'institution');
    const course = await publishedCourse(teacher, { kind: 'regular', lessons: 12, plans: [{ type: 'monthly', priceDzd: 3000, autoRenew: true }] });
    const other = await publishedCourse(teacher, { title: 'دورة مجانية', plans: [{ type: 'free', priceDzd: 0 }] });
    const student = await quickStudent(t, teacher);
    await enroll(teacher, { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] });

    // Before enrolling, the free course is offered on this platform; the student enrolls themselves.
    const before = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/subscriptions`));
    expect(before.available.map((c: { id: string }) => c.id)).toEqual([other.courseId]);
    expect((await student.b.post(`http://${teacher.host}/api/learning/student/courses/${other.courseId}/enroll-free`)).status).toBe(201);
    expect((await student.b.json(await student.b.post(`http://${teacher.host}/api/learning/student/courses/${course.courseId}/enroll-free`))).error.code).toBe(
      'PLAN_NOT_FREE',
    );

    // Five lessons on one day (fast learner), then one a day for the next six days (consistent: 7 in a row).
    const base = new Date('2030-05-01T09:00:00Z');
    const at = (d: number) => new Date(base.getTime() + d * DAY);
    t.services.clock.now = () => at(0);
    await teacher.b.patch(`/api/subscriptions/teacher/enrollments/${(await students(teacher, `?courseId=${course.courseId}`)).rows[0].enrollment.id}/plan`, {
      planId: course.planIds[0],
      recalculate: true,
    });
    for (const lessonId of course.lessonIds.slice(0, 5)) await student.b.post(`http://${teacher.host}/api/learning/student/lessons/${lessonId}/complete`);
    const firstDay = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/subscriptions`));
    expect(firstDay.achievements).toEqual([
      { key: 'fastLearner', earned: true, locked: false, earnedOn: '2030-05-01', progress: 5, goal: 5 },
      { key: 'perfectScore', earned: false, locked: false, earnedOn: null, progress: 0, goal: 100 },
      { key: 'consistent', earned: false, locked: false, earnedOn: null, progress: 1, goal: 7 },
    ]);
    await t.database.db.insert(lessonProgress).values(
      [1, 2, 3, 4, 5, 6].map((d) => ({
        teacherId: teacher.id,
        studentId: student.id,
        courseId: course.courseId,
        lessonId: course.lessonIds[4 + d]!,
        completedAt: at(d),
      })),
    );
    t.services.clock.now = () => at(6);
    const week = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/subscriptions`));
    expect(week.weeklyActivity.map((d: { date: string; lessons: number }) => d.lessons)).toEqual([5, 1, 1, 1, 1, 1, 1]);
    expect(week.achievements[2]).toEqual({ key: 'consistent', earned: true, locked: false, earnedOn: null, progress: 7, goal: 7 });
    expect(week.weeklyActivity[0].date).toBe('2030-05-01');

    expect(week.summary).toMatchObject({ total: 2, active: 2, expiring: 0, expired: 0, totalPaidDzd: 3000, lessonsCompleted: 11 });
    const paid = week.subscriptions.find((s: { course: { id: string } }) => s.course.id === course.courseId);
    expect(paid).toMatchObject({
      type: 'monthly',
      paid: true,
      status: 'active',
      daysLeft: 24,
      autoRenew: true,
      permanent: false,
      progress: { done: 11, total: 12, percent: 92 },
    });
    const free = week.subscriptions.find((s: { course: { id: string } }) => s.course.id === other.courseId);
    expect(free).toMatchObject({ type: 'free', paid: false, status: 'active', daysLeft: null, permanent: true, expiresAt: null });
    expect(week.liveSessions).toEqual([]);
    // The home's "continue" button: the first lesson not completed yet, the one the course's own page names.
    expect(paid.nextLessonId).toBe(course.lessonIds[11]);
    expect(free.nextLessonId).toBe(other.lessonIds[0]);
    for (const sub of [paid, free]) {
      const outline = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/courses/${sub.course.id}`));
      expect(outline.nextLessonId).toBe(sub.nextLessonId);
    }

    t.services.clock.now = () => at(27);
    const later = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/subscriptions`));
    expect(later.subscriptions.find((s: { course: { id: string } }) => s.course.id === course.courseId)).toMatchObject({
      status: 'expiring',
      daysLeft: 3,
      nextLessonId: course.lessonIds[11],
    });
    // Expired: nothing to continue, progress kept.
    t.services.clock.now = () => at(31);
    const expired = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/subscriptions`));
    expect(expired.subscriptions.find((s: { course: { id: string } }) => s.course.id === course.courseId)).toMatchObject({
      status: 'expired',
      nextLessonId: null,
      progress: { done: 11, total: 12, percent: 92 },
    });
  });

  it('scopes My Subscriptions to the platform it is opened on', async () => {
    const a = await registerTeacher(t);
    const b = await registerTeacher(t);
    const ca = await publishedCourse(a);
    const cb = await publishedCourse(b, { kind: 'scheduled' });
    const student = await quickStudent(t, a, { hosts: [b.host] });
    const { teacherStudents } = await import('@server/core/db/schema');
    await t.database.db.insert(teacherStudents).values({ teacherId: b.id, studentId: student.id });
    await enroll(a, { studentId: student.id, courseId: ca.courseId, planId: ca.planIds[0] });
    await enroll(b, { studentId: student.id, courseId: cb.courseId, planId: cb.planIds[0] });
    const onA = await student.b.json(await student.b.get(`http://${a.host}/api/learning/student/subscriptions`));
    expect(onA.subscriptions.map((s: { course: { id: string } }) => s.course.id)).toEqual([ca.courseId]);
    const everywhere = await student.b.json(await student.b.get('/api/learning/student/subscriptions'));
    expect(everywhere.subscriptions).toHaveLength(2);
    const viaPath = await student.b.json(await student.b.get(`/api/learning/student/subscriptions?platform=${b.subdomain}`));
    expect(viaPath.subscriptions.map((s: { course: { id: string } }) => s.course.id)).toEqual([cb.courseId]);

    // The next lesson follows the course's locks: organized (in order) and scheduled (a lesson not released yet is skipped).
    expect((await student.b.post(`http://${a.host}/api/learning/student/lessons/${ca.lessonIds[0]}/complete`)).status).toBe(200);
    expect((await b.b.patch(`/api/courses/teacher/lessons/${cb.lessonIds[0]}`, { releaseAt: '2099-03-01T18:30' })).status).toBe(200);
    const next = async () =>
      Object.fromEntries(
        (await student.b.json(await student.b.get('/api/learning/student/subscriptions'))).subscriptions.map(
          (s: { course: { id: string }; nextLessonId: string | null }) => [s.course.id, s.nextLessonId],
        ),
      );
    expect(await next()).toEqual({ [ca.courseId]: ca.lessonIds[1], [cb.courseId]: cb.lessonIds[1] });
    // A course taken back to draft opens no lesson (its page answers COURSE_NOT_FOUND): nothing to continue.
    expect((await b.b.patch(`/api/courses/teacher/courses/${cb.courseId}`, { status: 'draft' })).status).toBe(200);
    expect(await next()).toEqual({ [ca.courseId]: ca.lessonIds[1], [cb.courseId]: null });
    expect((await student.b.get(`/api/learning/student/courses/${cb.courseId}`)).status).toBe(404);
  });
});
