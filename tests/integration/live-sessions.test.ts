import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teachers, user } from '@server/core/db/schema';
import { publishedCourse, registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { errorCode, liveClass, MINUTE, schedule, startIn } from './live-helpers';

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

const at = (iso: string, offsetMs: number) => () => new Date(new Date(iso).getTime() + offsetMs);
const join = (b: { post: (u: string, body?: unknown) => Promise<Response> }, id: string, deviceId = 'device-one-0001') =>
  b.post(`/api/live/student/sessions/${id}/join`, { deviceId });

describe(`live sessions: joining and its refusals on ${DRIVER}`, () => {
  it('lets a subscribed student join only while open, and refuses everyone else with their reason', async () => {
    const c = await liveClass(t);
    const { sessionIds } = await schedule(c.teacher, { title: 'مراجعة الدوال', courseId: c.course.courseId, startsAt: startIn(30) });
    const id = sessionIds[0]!;
    const detail = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/sessions/${id}`));
    const startsAt = detail.session.startsAt as string;

    // The list shows the session, never its link.
    const list = await c.a.b.json(await c.a.b.get('/api/live/student/sessions'));
    expect(list.sessions.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(JSON.stringify(list)).not.toContain('meet.google.com');
    // My Subscriptions carries the same coming sessions (it once held a hard-coded empty list).
    const mine = await c.a.b.json(await c.a.b.get('/api/learning/student/subscriptions'));
    expect(mine.liveSessions).toEqual(list.sessions);

    const early = await join(c.a.b, id);
    expect(early.status).toBe(403);
    expect(await errorCode(early)).toBe('LIVE_TOO_EARLY');

    t.services.clock.now = at(startsAt, -9 * MINUTE);
    const ok = await join(c.a.b, id);
    expect(ok.status).toBe(200);
    expect((await c.a.b.json(ok)).join).toEqual({ kind: 'external', url: 'https://meet.google.com/abc-defg-hij' });

    for (const [who, code, status] of [
      [c.outsider, 'LIVE_NOT_SUBSCRIBED', 403],
      [c.expired, 'LIVE_SUBSCRIPTION_EXPIRED', 403],
    ] as const) {
      const res = await join(who.b, id);
      expect(res.status).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
    // The join page tells the expired student why, and tells an outsider nothing about the session.
    expect((await c.expired.b.json(await c.expired.b.get(`/api/live/student/sessions/${id}`))).refused).toBe('LIVE_SUBSCRIPTION_EXPIRED');
    expect(await errorCode(await c.outsider.b.get(`/api/live/student/sessions/${id}`))).toBe('LIVE_NOT_SUBSCRIBED');

    t.services.clock.now = at(startsAt, 60 * MINUTE);
    const late = await join(c.b.b, id);
    expect(late.status).toBe(410);
    expect(await errorCode(late)).toBe('LIVE_ENDED');
  });

  it('refuses a cancelled session and a full one', async () => {
    const c = await liveClass(t);
    const { sessionIds } = await schedule(c.teacher, { title: 'حصة', courseId: c.course.courseId, startsAt: startIn(5), capacity: 1 });
    const id = sessionIds[0]!;
    expect((await join(c.a.b, id)).status).toBe(200);
    const full = await join(c.b.b, id);
    expect(full.status).toBe(409);
    expect(await errorCode(full)).toBe('LIVE_FULL');
    // Leaving frees the place.
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/leave`, { deviceId: 'device-one-0001' })).status).toBe(200);
    expect((await join(c.b.b, id)).status).toBe(200);

    expect((await c.teacher.b.post(`/api/live/teacher/sessions/${id}/cancel`, {})).status).toBe(200);
    const cancelled = await join(c.a.b, id);
    expect(cancelled.status).toBe(410);
    expect(await errorCode(cancelled)).toBe('LIVE_CANCELLED');
    // Still listed for the student, marked, so that nobody waits for it.
    const list = await c.a.b.json(await c.a.b.get('/api/live/student/sessions'));
    expect(list.sessions[0]).toMatchObject({ id, status: 'cancelled' });
  });

  it('admits only the targeted groups', async () => {
    const c = await liveClass(t);
    const group = await c.teacher.b.json(await c.teacher.b.post('/api/live/teacher/groups', { name: 'باك علوم — الفوج أ' }));
    expect((await c.teacher.b.post(`/api/live/teacher/groups/${group.id}/members`, { studentIds: [c.a.id] })).status).toBe(200);
    const { sessionIds } = await schedule(c.teacher, {
      title: 'حصة الفوج أ',
      courseId: c.course.courseId,
      startsAt: startIn(5),
      target: 'groups',
      groupIds: [group.id],
    });
    const id = sessionIds[0]!;
    expect((await join(c.a.b, id)).status).toBe(200);
    const wrong = await join(c.b.b, id);
    expect(wrong.status).toBe(403);
    expect(await errorCode(wrong)).toBe('LIVE_WRONG_GROUP');
    expect((await c.b.b.json(await c.b.b.get('/api/live/student/sessions'))).sessions).toEqual([]);
    // Who is invited: the group's subscribed members only.
    const detail = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/sessions/${id}`));
    expect(detail.people.map((p: { studentId: string }) => p.studentId)).toEqual([c.a.id]);
  });

  it('keeps a student on one device: the newest takes over and the older one is told at its heartbeat', async () => {
    const c = await liveClass(t);
    const { sessionIds } = await schedule(c.teacher, { title: 'حصة', courseId: c.course.courseId, startsAt: startIn(5) });
    const id = sessionIds[0]!;
    const beat = (deviceId: string) => c.a.b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId });
    expect((await join(c.a.b, id, 'laptop-000001')).status).toBe(200);
    expect((await beat('laptop-000001')).status).toBe(200);
    expect((await join(c.a.b, id, 'phone-0000001')).status).toBe(200);
    const replaced = await beat('laptop-000001');
    expect(replaced.status).toBe(409);
    expect(await errorCode(replaced)).toBe('LIVE_DEVICE_REPLACED');
    expect((await beat('phone-0000001')).status).toBe(200);
    // Both visits are in the attendance: the first ended when the second device took over.
    const detail = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/sessions/${id}`));
    expect(detail.people.find((p: { studentId: string }) => p.studentId === c.a.id)).toMatchObject({ attended: true, joins: 2, present: true });
  });
});

describe(`live sessions: the teacher's side on ${DRIVER}`, () => {
  it('schedules a weekly series in Algiers time, reschedules one occurrence and lists them', async () => {
    const c = await liveClass(t);
    const first = startIn(3 * 24 * 60);
    const until = new Date(Date.now() + 24 * 86_400_000).toISOString().slice(0, 10);
    const series = await schedule(c.teacher, { title: 'حصة الأحد', courseId: c.course.courseId, startsAt: first, repeatWeeklyUntil: until });
    expect(series.created).toBeGreaterThanOrEqual(3);
    expect(series.seriesId).not.toBeNull();
    const list = await c.teacher.b.json(await c.teacher.b.get('/api/live/teacher/sessions?view=upcoming'));
    const starts = list.sessions.map((s: { startsAt: string }) => new Date(s.startsAt).getTime());
    expect(starts[1] - starts[0]).toBe(7 * 86_400_000);
    expect(list.sessions[0]).toMatchObject({ title: 'حصة الأحد', hasLink: true, status: 'scheduled' });
    expect(list.sessions[0]).not.toHaveProperty('externalUrl');

    const moved = await c.teacher.b.patch(`/api/live/teacher/sessions/${series.sessionIds[1]}`, { startsAt: startIn(4 * 24 * 60) });
    expect(await c.teacher.b.json(moved)).toMatchObject({ rescheduled: true, notified: true });
    const past = await c.teacher.b.patch(`/api/live/teacher/sessions/${series.sessionIds[1]}`, { startsAt: startIn(-60) });
    expect(await errorCode(past)).toBe('LIVE_START_IN_PAST');

    // Cancelling "this and the following" ends the series.
    const cancelled = await c.teacher.b.json(await c.teacher.b.post(`/api/live/teacher/sessions/${series.sessionIds[1]}/cancel`, { following: true }));
    expect(cancelled.cancelled).toBe(series.created - 1);
  });

  it('needs a meeting link when no meeting service is set up, and says which mode is active', async () => {
    const c = await liveClass(t);
    expect(await c.teacher.b.json(await c.teacher.b.get('/api/live/teacher/provider'))).toEqual({ mode: 'external', problem: null });
    const res = await c.teacher.b.post('/api/live/teacher/sessions', { title: 'x', courseId: c.course.courseId, startsAt: startIn(60), durationMinutes: 60 });
    expect(await errorCode(res)).toBe('LIVE_LINK_REQUIRED');
    const http = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'x',
      courseId: c.course.courseId,
      startsAt: startIn(60),
      durationMinutes: 60,
      externalUrl: 'http://zoom.us/j/1',
    });
    expect(http.status).toBe(400);
    expect((await c.teacher.b.json(http)).error.fields.externalUrl).toBeTruthy();
  });

  it('records attendance with minutes present and exports it as CSV', async () => {
    const c = await liveClass(t);
    const { sessionIds } = await schedule(c.teacher, { title: 'حصة الحضور', courseId: c.course.courseId, startsAt: startIn(2) });
    const id = sessionIds[0]!;
    const detail0 = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/sessions/${id}`));
    const start = detail0.session.startsAt as string;
    t.services.clock.now = at(start, 0);
    await join(c.a.b, id);
    t.services.clock.now = at(start, 30 * MINUTE);
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'device-one-0001' })).status).toBe(200);
    t.services.clock.now = at(start, 40 * MINUTE);
    await c.a.b.post(`/api/live/student/sessions/${id}/leave`, { deviceId: 'device-one-0001' });
    t.services.clock.now = at(start, 90 * MINUTE);
    const detail = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/sessions/${id}`));
    const a = detail.people.find((p: { studentId: string }) => p.studentId === c.a.id);
    expect(a).toMatchObject({ invited: true, attended: true, minutes: 40, present: false });
    expect(detail.people.find((p: { studentId: string }) => p.studentId === c.b.id)).toMatchObject({ invited: true, attended: false, minutes: 0 });

    const csv = await c.teacher.b.get(`/api/live/teacher/sessions/${id}/attendance/csv?lng=en`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Minutes present');
    expect(text).toContain(`${a.name},${a.email},yes,yes,40,1`);

    // The recording becomes a video lesson of the course, once.
    const rec = await c.teacher.b.json(await c.teacher.b.post(`/api/live/teacher/sessions/${id}/recording`));
    expect(rec).toMatchObject({ courseId: c.course.courseId, created: true });
    const again = await c.teacher.b.json(await c.teacher.b.post(`/api/live/teacher/sessions/${id}/recording`));
    expect(again).toMatchObject({ lessonId: rec.lessonId, created: false });
  });
});

describe(`live sessions: groups, plans and tenants on ${DRIVER}`, () => {
  it('refuses groups on the independent plan, with the way to upgrade', async () => {
    const c = await liveClass(t, 'independent');
    const res = await c.teacher.b.post('/api/live/teacher/groups', { name: 'الفوج أ' });
    expect(res.status).toBe(403);
    const body = await c.teacher.b.json(res);
    expect(body.error.code).toBe('LIVE_GROUPS_PLAN');
    expect(body.error.message).toContain('الأكاديمية');
    expect(await c.teacher.b.json(await c.teacher.b.get('/api/live/teacher/groups'))).toEqual({ allowed: false, groups: [] });
  });

  it('manages groups: create, rename, add several, remove one, delete; names are unique', async () => {
    const c = await liveClass(t);
    const g = await c.teacher.b.json(await c.teacher.b.post('/api/live/teacher/groups', { name: 'الفوج أ' }));
    expect(await errorCode(await c.teacher.b.post('/api/live/teacher/groups', { name: 'الفوج أ' }))).toBe('LIVE_GROUP_EXISTS');
    expect((await c.teacher.b.patch(`/api/live/teacher/groups/${g.id}`, { name: 'الفوج ب' })).status).toBe(200);
    expect(await c.teacher.b.json(await c.teacher.b.post(`/api/live/teacher/groups/${g.id}/members`, { studentIds: [c.a.id, c.b.id, c.a.id] }))).toEqual({
      added: 2,
    });
    expect((await c.teacher.b.delete(`/api/live/teacher/groups/${g.id}/members/${c.b.id}`)).status).toBe(200);
    const members = await c.teacher.b.json(await c.teacher.b.get(`/api/live/teacher/groups/${g.id}/members`));
    expect(members).toMatchObject({ group: { name: 'الفوج ب' }, members: [{ id: c.a.id }] });
    const picked = await c.teacher.b.json(await c.teacher.b.get('/api/live/teacher/students'));
    expect(picked.students.find((s: { id: string }) => s.id === c.a.id).groupIds).toEqual([g.id]);
    expect((await c.teacher.b.delete(`/api/live/teacher/groups/${g.id}`)).status).toBe(200);
    expect((await c.teacher.b.json(await c.teacher.b.get('/api/live/teacher/groups'))).groups).toEqual([]);
  });

  it("never reaches another teacher's sessions, groups or students", async () => {
    const c = await liveClass(t);
    const other = await registerTeacher(t, 'academy');
    const g = await c.teacher.b.json(await c.teacher.b.post('/api/live/teacher/groups', { name: 'الفوج أ' }));
    const { sessionIds } = await schedule(c.teacher, { title: 'حصة', courseId: c.course.courseId, startsAt: startIn(60) });
    const id = sessionIds[0]!;
    const o = other.b;
    for (const res of [
      await o.get(`/api/live/teacher/sessions/${id}`),
      await o.patch(`/api/live/teacher/sessions/${id}`, { title: 'x' }),
      await o.post(`/api/live/teacher/sessions/${id}/cancel`, {}),
      await o.post(`/api/live/teacher/sessions/${id}/join`),
      await o.get(`/api/live/teacher/sessions/${id}/attendance/csv`),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe('LIVE_SESSION_NOT_FOUND');
    }
    for (const res of [
      await o.get(`/api/live/teacher/groups/${g.id}/members`),
      await o.post(`/api/live/teacher/groups/${g.id}/members`, { studentIds: [c.a.id] }),
      await o.delete(`/api/live/teacher/groups/${g.id}`),
    ]) {
      expect(await errorCode(res)).toBe('LIVE_GROUP_NOT_FOUND');
    }
    const otherCourse = await publishedCourse(other, { lessons: 1 });
    expect(
      await errorCode(
        await o.post('/api/live/teacher/sessions', {
          title: 'x',
          courseId: c.course.courseId,
          startsAt: startIn(60),
          durationMinutes: 60,
          externalUrl: 'https://meet.google.com/x',
        }),
      ),
    ).toBe('COURSE_NOT_FOUND');
    const own = await o.post('/api/live/teacher/groups', { name: 'mine' });
    const mine = await o.json(own);
    // Another teacher's student cannot be put in a group, nor another teacher's group on a session.
    expect(await errorCode(await o.post(`/api/live/teacher/groups/${mine.id}/members`, { studentIds: [c.a.id] }))).toBe('STUDENT_NOT_FOUND');
    expect(
      await errorCode(
        await o.post('/api/live/teacher/sessions', {
          title: 'x',
          courseId: otherCourse.courseId,
          startsAt: startIn(60),
          durationMinutes: 60,
          externalUrl: 'https://meet.google.com/x',
          target: 'groups',
          groupIds: [g.id],
        }),
      ),
    ).toBe('LIVE_GROUP_NOT_FOUND');
  });
});

describe(`live sessions: demo data on ${DRIVER}`, () => {
  it('shows the demo student an upcoming session and the teacher a past one with its attendance', async () => {
    const { seedDemo } = await import('@server/seed');
    expect((await seedDemo(t.services)).failed).toBeNull();
    const [demoTeacher] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
    const [demoStudent] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'student@darsi.test'));
    const upcoming = await t.services.live.joining.upcomingForStudent(demoStudent!.id, { platform: 'demo', courseId: null });
    expect(upcoming.sessions.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.sessions[0]).toMatchObject({ status: 'scheduled' });
    const past = await t.services.live.sessions.listSessions(demoTeacher!.id, { view: 'past' });
    expect(past.sessions).toHaveLength(1);
    expect(past.sessions[0]!.attended).toBe(1);
    const detail = await t.services.live.sessions.sessionDetail(demoTeacher!.id, past.sessions[0]!.id);
    expect(detail.people.find((p) => p.studentId === demoStudent!.id)).toMatchObject({ attended: true, minutes: 79 });
  });
});
