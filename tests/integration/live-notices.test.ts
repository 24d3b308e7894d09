import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dateToAlgiersLocal } from '@shared/courses';
import { user } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { liveClass, MINUTE, startIn, subscribed } from './live-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    JITSI_DOMAIN: 'meet.example.dz',
    JITSI_APP_ID: 'darsi',
    JITSI_APP_SECRET: 'a-jitsi-app-secret-of-32-characters-or-more',
  });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
});

type TJob = { data: { kind: 'invite' | 'update' | 'cancel'; sessionIds: string[]; sequence: number } };

/** The notices queued for these sessions, run as the worker would. */
async function runQueuedNotices(sessionId: string) {
  const jobs = (await t.services.jobs.boss.findJobs('live-notices')) as unknown as TJob[];
  const mine = jobs.filter((j) => j.data.sessionIds.includes(sessionId));
  let sent = 0;
  for (const job of mine) sent += (await t.services.live.notices.sendNotices(job.data.kind, job.data.sessionIds, job.data.sequence)).sent;
  return { jobs: mine.map((j) => j.data.kind), sent };
}

const mailsTo = (email: string) => t.services.mailer.recent.filter((m) => m.to === email);

/** The properties of the calendar's events, unfolded (RFC 5545 folds lines at 75 octets). */
function parseIcs(ics: string) {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.filter((l) => l === 'BEGIN:VEVENT').length).toBe(lines.filter((l) => l === 'END:VEVENT').length);
  const method = lines.find((l) => l.startsWith('METHOD:'))?.slice(7);
  const events = ics
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) =>
      Object.fromEntries(
        block
          .split(/\r\n/)
          .filter((l) => /^[A-Z-]+[:;]/.test(l))
          .map((l) => [l.split(/[:;]/)[0]!, l.slice(l.indexOf(':') + 1)]),
      ),
    );
  return { method, events };
}

describe(`live notices on ${DRIVER}`, () => {
  it('invites by e-mail with a calendar file, updates it on reschedule and cancels it, in the student language', async () => {
    const c = await liveClass(t);
    await t.database.db.update(user).set({ language: 'fr' }).where(eq(user.id, c.b.id));
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'مراجعة الدوال الأسية',
      courseId: c.course.courseId,
      startsAt: startIn(3 * 24 * 60),
      durationMinutes: 90,
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { sessionIds: string[] }).sessionIds[0]!;

    expect(await runQueuedNotices(id)).toEqual({ jobs: ['invite'], sent: 2 });
    // Only the invited: subscribed students, not the expired one nor the outsider.
    expect(mailsTo(c.expired.email)).toEqual([]);
    expect(mailsTo(c.outsider.email)).toEqual([]);
    const [invite] = mailsTo(c.a.email);
    expect(invite!.subject).toContain('مراجعة الدوال الأسية');
    expect(invite!.text).toContain(`/student/dashboard/live/${id}`);
    expect(mailsTo(c.b.email)[0]!.subject).toMatch(/^Séance en direct/);
    const first = parseIcs(invite!.ics!);
    expect(first.method).toBe('REQUEST');
    expect(first.events).toHaveLength(1);
    expect(first.events[0]).toMatchObject({ UID: `live-${id}@darsi`, SEQUENCE: '0', STATUS: 'CONFIRMED' });
    expect(first.events[0]!.SUMMARY).toBe('مراجعة الدوال الأسية');

    // Run again (a retried job): nothing more is sent.
    expect((await t.services.live.notices.sendNotices('invite', [id])).sent).toBe(0);

    await c.teacher.b.patch(`/api/live/teacher/sessions/${id}`, { startsAt: startIn(4 * 24 * 60) });
    const updated = await runQueuedNotices(id);
    expect(updated.jobs).toEqual(['invite', 'update']);
    expect(updated.sent).toBe(2);
    const change = parseIcs(mailsTo(c.a.email).at(-1)!.ics!);
    expect(change.method).toBe('REQUEST');
    expect(change.events[0]).toMatchObject({ UID: `live-${id}@darsi`, SEQUENCE: '1' });

    await c.teacher.b.post(`/api/live/teacher/sessions/${id}/cancel`, {});
    expect((await runQueuedNotices(id)).sent).toBe(2);
    const cancel = parseIcs(mailsTo(c.a.email).at(-1)!.ics!);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events[0]).toMatchObject({ UID: `live-${id}@darsi`, SEQUENCE: '2', STATUS: 'CANCELLED' });
    expect(mailsTo(c.a.email)).toHaveLength(3);
  });

  it('sends one invitation for a weekly series, one event per week', async () => {
    const c = await liveClass(t);
    const until = new Date(Date.now() + 16 * 86_400_000).toISOString().slice(0, 10);
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة الخميس',
      courseId: c.course.courseId,
      startsAt: startIn(2 * 24 * 60),
      durationMinutes: 60,
      repeatWeeklyUntil: until,
    });
    const { sessionIds } = (await res.json()) as { sessionIds: string[] };
    expect((await runQueuedNotices(sessionIds[0]!)).sent).toBe(2);
    const ics = parseIcs(mailsTo(c.a.email)[0]!.ics!);
    expect(ics.events.map((e) => e.UID)).toEqual(sessionIds.map((s) => `live-${s}@darsi`));
  });

  it('reminds 24 hours and 15 minutes before, each once, and again after a reschedule', async () => {
    const c = await liveClass(t);
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة التذكير',
      courseId: c.course.courseId,
      startsAt: startIn(2 * 24 * 60),
      durationMinutes: 60,
    });
    const id = ((await res.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const detail = (await (await c.teacher.b.get(`/api/live/teacher/sessions/${id}`)).json()) as { session: { startsAt: string } };
    const start = new Date(detail.session.startsAt).getTime();
    const remind = async (offsetMs: number) => {
      t.services.clock.now = () => new Date(start + offsetMs);
      const before = mailsTo(c.a.email).length + mailsTo(c.b.email).length;
      await t.services.live.notices.sendDueReminders();
      return mailsTo(c.a.email).length + mailsTo(c.b.email).length - before;
    };
    const subjects = () => mailsTo(c.a.email).map((m) => m.subject);

    expect(await remind(-25 * 60 * MINUTE)).toBe(0);
    expect(await remind(-24 * 60 * MINUTE + MINUTE)).toBe(2);
    expect(await remind(-23 * 60 * MINUTE)).toBe(0);
    expect(await remind(-20 * MINUTE)).toBe(0);
    expect(await remind(-14 * MINUTE)).toBe(2);
    expect(await remind(-13 * MINUTE)).toBe(0);
    expect(await remind(5 * MINUTE)).toBe(0);
    expect(subjects()).toEqual(['غداً: حصة التذكير', 'بعد 15 دقيقة: حصة التذكير']);

    // Moved an hour later: the 15-minute reminder is due again at the new time.
    t.services.clock.now = () => new Date(start - 30 * MINUTE);
    const moved = await c.teacher.b.patch(`/api/live/teacher/sessions/${id}`, { startsAt: dateToAlgiersLocal(new Date(start + 60 * MINUTE)) });
    expect(await moved.json()).toMatchObject({ rescheduled: true });
    expect(await remind(60 * MINUTE - 14 * MINUTE)).toBe(2);
  });

  it('mints a Jitsi token per person: the teacher moderates, the student does not', async () => {
    const c = await liveClass(t);
    expect(await (await c.teacher.b.get('/api/live/teacher/provider')).json()).toEqual({ mode: 'jitsi', problem: null });
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة مدمجة',
      courseId: c.course.courseId,
      startsAt: startIn(5),
      durationMinutes: 60,
      lobby: true,
    });
    const id = ((await res.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const teacherJoin = (await (await c.teacher.b.post(`/api/live/teacher/sessions/${id}/join`)).json()) as {
      join: { kind: string; jwt: string; roomName: string; lobby: boolean };
    };
    const studentJoin = (await (await c.a.b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'device-one-0001' })).json()) as typeof teacherJoin;
    expect(teacherJoin.join).toMatchObject({ kind: 'jitsi', roomName: `darsi-${id}`, lobby: true });
    expect(studentJoin.join.roomName).toBe(`darsi-${id}`);
    const claims = (jwt: string) => decodeJwt(jwt) as { sub: string; room: string; context: { user: { id: string; moderator: string } } };
    expect(claims(teacherJoin.join.jwt)).toMatchObject({
      sub: 'meet.example.dz',
      room: `darsi-${id}`,
      context: { user: { id: c.teacher.userId, moderator: 'true' } },
    });
    expect(claims(studentJoin.join.jwt)).toMatchObject({ context: { user: { id: c.a.id, moderator: 'false' } } });
  });

  it('sends no "in 15 minutes" reminder for a session scheduled minutes ahead, nor later than 5 minutes before it', async () => {
    const c = await liveClass(t);
    const reminders = () => [c.a.email, c.b.email].flatMap((e) => mailsTo(e)).filter((m) => !m.ics).length;
    const soon = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة عاجلة',
      courseId: c.course.courseId,
      startsAt: startIn(12),
      durationMinutes: 30,
    });
    const soonId = ((await soon.json()) as { sessionIds: string[] }).sessionIds[0]!;
    expect((await runQueuedNotices(soonId)).sent).toBe(2);
    const soonStart = new Date(
      ((await (await c.teacher.b.get(`/api/live/teacher/sessions/${soonId}`)).json()) as { session: { startsAt: string } }).session.startsAt,
    ).getTime();
    for (const offset of [-11, -9, -6, -1]) {
      t.services.clock.now = () => new Date(soonStart + offset * MINUTE);
      await t.services.live.notices.sendDueReminders();
    }
    // The invitation a few minutes ago said when; a second e-mail one minute before the start is noise.
    expect(reminders()).toBe(0);

    const later = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة الغد',
      courseId: c.course.courseId,
      startsAt: startIn(2 * 24 * 60),
      durationMinutes: 30,
    });
    const laterId = ((await later.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const laterStart = new Date(
      ((await (await c.teacher.b.get(`/api/live/teacher/sessions/${laterId}`)).json()) as { session: { startsAt: string } }).session.startsAt,
    ).getTime();
    // The worker was down from 15 to 5 minutes before: at 4 minutes before, "in 15 minutes" would be false.
    // (Other tests' sessions share the database: count this class's mail only.)
    t.services.clock.now = () => new Date(laterStart - 4 * MINUTE);
    await t.services.live.notices.sendDueReminders();
    expect(reminders()).toBe(0);
    t.services.clock.now = () => new Date(laterStart - 6 * MINUTE);
    await t.services.live.notices.sendDueReminders();
    expect(reminders()).toBe(2);
  });

  it('invites a student who subscribes after the invitation, once, with the calendar file', async () => {
    const c = await liveClass(t);
    const until = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة الأحد',
      courseId: c.course.courseId,
      startsAt: startIn(2 * 24 * 60),
      durationMinutes: 60,
      repeatWeeklyUntil: until,
    });
    const { sessionIds } = (await res.json()) as { sessionIds: string[] };
    expect(sessionIds).toHaveLength(2);
    // One student subscribes before the invitation job runs, another long after it.
    const early = await subscribed(t, c.teacher, c.course.courseId, c.planId);
    expect((await runQueuedNotices(sessionIds[0]!)).sent).toBe(3);
    const late = await subscribed(t, c.teacher, c.course.courseId, c.planId);
    // Other tests' sessions share the database (and get their late invitations here): count this class's mail.
    const catchUp = () => {
      t.services.clock.now = () => new Date(Date.now() + 3 * MINUTE);
      return t.services.live.notices.sendLateInvitations();
    };
    await catchUp();
    await catchUp();
    expect(mailsTo(early.email)).toHaveLength(1);
    expect(mailsTo(c.a.email)).toHaveLength(1);
    const [invite] = mailsTo(late.email);
    expect(mailsTo(late.email)).toHaveLength(1);
    expect(invite!.text).toContain(`/student/dashboard/live/${sessionIds[0]}`);
    const ics = parseIcs(invite!.ics!);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events.map((e) => e.UID)).toEqual(sessionIds.map((id) => `live-${id}@darsi`));
    // The expired and the outsider are still not invited.
    expect(mailsTo(c.expired.email)).toEqual([]);
    expect(mailsTo(c.outsider.email)).toEqual([]);

    // A student who subscribes between the scheduling and its invitation job gets one invitation, not two.
    const c2 = await liveClass(t);
    const res2 = await c2.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة الاثنين',
      courseId: c2.course.courseId,
      startsAt: startIn(3 * 24 * 60),
      durationMinutes: 60,
    });
    const id2 = ((await res2.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const between = await subscribed(t, c2.teacher, c2.course.courseId, c2.planId);
    await catchUp();
    expect(mailsTo(between.email)).toHaveLength(1);
    expect((await runQueuedNotices(id2)).sent).toBe(0);
    expect(mailsTo(between.email)).toHaveLength(1);
    expect(mailsTo(c2.a.email)).toHaveLength(1);
  });
});
