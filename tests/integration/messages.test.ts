import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';
import { publishedCourse, quickStudent, registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { subscribed } from './live-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const XSS = '<script>alert(1)</script><img src=x onerror="alert(2)"> مرحبا';
const unread = async (b: { get: (u: string) => Promise<Response>; json: (r: Response) => Promise<Record<string, unknown>> }) =>
  (await b.json(await b.get('/api/notifications/unread'))).unread as number;

async function runEmailJobs(services = t.services) {
  const jobs = (await t.services.jobs.boss.findJobs('notifications.email')) as unknown as Array<{ data: { ids: string[] } }>;
  let sent = 0;
  for (const job of jobs) sent += (await services.notifications.jobs.sendNotificationEmails(job.data.ids)).sent;
  return sent;
}

describe(`conversations and broadcasts on ${DRIVER}`, () => {
  it('lets a teacher and their student write to each other (as text, with read receipts and search), never across teachers', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const outsider = await quickStudent(t, other);

    const sent = await teacher.b.post(`/api/messages/teacher/conversations/${student.id}`, { body: XSS });
    expect(sent.status).toBe(201);
    // Another teacher's student, and a teacher the student does not belong to: not found, nothing written.
    expect((await teacher.b.post(`/api/messages/teacher/conversations/${outsider.id}`, { body: 'hi' })).status).toBe(404);
    expect((await other.b.get(`/api/messages/teacher/conversations/${student.id}`)).status).toBe(404);
    expect((await student.b.post(`/api/messages/student/conversations/${other.id}`, { body: 'hi' })).status).toBe(404);
    expect((await outsider.b.get(`/api/messages/student/conversations/${teacher.id}`)).status).toBe(404);
    // Students cannot broadcast; teachers cannot use the student side.
    expect((await student.b.post('/api/messages/teacher/broadcasts', { audience: 'all', body: 'x' })).status).toBe(403);
    expect((await teacher.b.get(`/api/messages/student/conversations/${teacher.id}`)).status).toBe(403);

    expect(await unread(student.b)).toBe(1);
    const mine = await student.b.json(await student.b.get(`/api/messages/student/conversations/${teacher.id}`));
    // Stored and answered exactly as typed: the web renders it as text, never as HTML.
    expect(mine.messages).toEqual([expect.objectContaining({ body: XSS, mine: false, senderRole: 'teacher' })]);
    const reply = await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body: 'شكرا أستاذ، فهمت الدرس' });
    expect(reply.status).toBe(201);
    expect(await unread(teacher.b)).toBe(1);

    const list = await teacher.b.json(await teacher.b.get('/api/messages/teacher/conversations'));
    expect(list.conversations).toEqual([expect.objectContaining({ studentId: student.id, name: student.name, unread: 1 })]);
    const thread = await teacher.b.json(await teacher.b.get(`/api/messages/teacher/conversations/${student.id}`));
    // Newest first; the teacher's message was read by the student (read receipt).
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['شكرا أستاذ، فهمت الدرس', XSS]);
    expect(thread.messages[1].readAt).not.toBeNull();
    expect((await teacher.b.json(await teacher.b.get('/api/messages/teacher/conversations'))).conversations[0].unread).toBe(0);
    const found = await teacher.b.json(await teacher.b.get(`/api/messages/teacher/conversations/${student.id}?q=${encodeURIComponent('فهمت')}`));
    expect(found.messages).toHaveLength(1);
    expect((await teacher.b.json(await teacher.b.get(`/api/messages/teacher/conversations?q=${encodeURIComponent('zzz-none')}`))).conversations).toEqual([]);
    expect((await other.b.json(await other.b.get('/api/messages/teacher/conversations'))).conversations).toEqual([]);
  });

  it('broadcasts to a course: one message per subscriber, notified, e-mailed once to those who want it, counts delivered and read', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { title: 'الفيزياء' });
    const a = await subscribed(t, teacher, course.courseId, course.planIds[0]!);
    const b = await subscribed(t, teacher, course.courseId, course.planIds[0]!);
    const c = await subscribed(t, teacher, course.courseId, course.planIds[0]!);
    const notInCourse = await quickStudent(t, teacher);
    // c wants no e-mail for broadcasts.
    expect((await c.b.put('/api/notifications/preferences', { kind: 'broadcast', inApp: true, email: 'off' })).status).toBe(200);
    await runEmailJobs();
    const before = t.services.mailer.recent.length;

    const res = await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'course', courseId: course.courseId, body: 'الحصة القادمة يوم الأحد' });
    expect(res.status).toBe(202);
    const accepted = (await res.json()) as { id: string; recipients: number };
    expect(accepted.recipients).toBe(3);
    // The fan-out job (decision 180), run here as its worker would.
    await t.services.messages.fanOut(accepted.id);
    for (const s of [a, b, c]) expect(await unread(s.b)).toBe(1);
    expect(await unread(notInCourse.b)).toBe(0);
    // Each recipient sees only their own conversation with the teacher: one message, no other address.
    const thread = await a.b.json(await a.b.get(`/api/messages/student/conversations/${teacher.id}`));
    expect(thread.messages).toEqual([expect.objectContaining({ body: 'الحصة القادمة يوم الأحد', broadcast: true })]);

    expect(await runEmailJobs()).toBe(2);
    const logger = pino({ level: 'silent' });
    const restarted = createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger });
    expect(await runEmailJobs(restarted)).toBe(0);
    const mails = t.services.mailer.recent.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
    expect(mails.every((m) => !m.text.includes(c.email) && m.to.split(',').length === 1)).toBe(true);

    const counts = await teacher.b.json(await teacher.b.get('/api/messages/teacher/broadcasts'));
    expect(counts.broadcasts[0]).toMatchObject({ audience: 'course', course: 'الفيزياء', delivered: 3, read: 1 });
  });

  it('limits broadcasts per hour and refuses another teacher’s course', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const course = await publishedCourse(other);
    expect((await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'course', courseId: course.courseId, body: 'x' })).status).toBe(404);
    // A course named beside another audience is ignored, even one that does not exist (the R8 fuzz found a 500 here).
    const stray = { audience: 'all', courseId: '4b34b5c8-4a85-49af-8fcc-3ddfd2eec7e9', body: 'x' };
    expect((await teacher.b.post('/api/messages/teacher/broadcasts', stray)).status).toBe(202);
    for (let i = 0; i < 9; i += 1) expect((await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'all', body: `رسالة ${i}` })).status).toBe(202);
    expect((await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'all', body: 'one more' })).status).toBe(429);
  });
});
