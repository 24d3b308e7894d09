import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcasts, messages, notifications } from '@server/core/db/schema';
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

type TBrowser = Awaited<ReturnType<typeof quickStudent>>['b'];
const unread = async (b: TBrowser) => (await b.json(await b.get('/api/notifications/unread'))).unread as number;

async function runEmailJobs(services = t.services) {
  const jobs = (await t.services.jobs.boss.findJobs('notifications.email')) as unknown as Array<{ data: { ids: string[] } }>;
  let sent = 0;
  for (const job of jobs) sent += (await services.notifications.jobs.sendNotificationEmails(job.data.ids)).sent;
  return sent;
}

const countWhere = async (broadcastId: string) => ({
  messages: (await t.database.db.select().from(messages).where(eq(messages.broadcastId, broadcastId))).length,
  notifications: (
    await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, `broadcast:${broadcastId}`))
  ).length,
});

async function groupOf(teacher: Awaited<ReturnType<typeof registerTeacher>>, studentIds: string[]) {
  const group = await teacher.b.json(await teacher.b.post('/api/live/teacher/groups', { name: `G ${Math.random()}` }));
  expect((await teacher.b.post(`/api/live/teacher/groups/${group.id}/members`, { studentIds })).status).toBeLessThan(300);
  return group.id as string;
}

describe(`broadcasts fanned out by a job on ${DRIVER}`, () => {
  it('accepts at once, then a job writes one message and one notification per recipient; a restart mid-send duplicates nothing', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const course = await publishedCourse(teacher, {
      plans: [
        { type: 'monthly', priceDzd: 3000 },
        { type: 'yearly', priceDzd: 20000 },
      ],
    });
    const [monthly, yearly] = course.planIds;
    const a = await subscribed(t, teacher, course.courseId, monthly!);
    const b = await subscribed(t, teacher, course.courseId, monthly!);
    const c = await subscribed(t, teacher, course.courseId, yearly!);
    const outsider = await quickStudent(t, await registerTeacher(t));

    const body = 'تجديد الاشتراك الشهري <script>alert(1)</script>';
    const res = await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'plan', planId: monthly, body });
    expect(res.status).toBe(202);
    const { id, recipients } = (await res.json()) as { id: string; recipients: number };
    expect(recipients).toBe(2);
    // Accepted, not yet written: nobody has it until the job runs.
    expect(await countWhere(id)).toEqual({ messages: 0, notifications: 0 });
    const [job] = await t.services.jobs.boss.findJobs('messages.broadcast', { id });
    expect(job?.data).toEqual({ id });

    await t.services.messages.fanOut(id);
    expect(await countWhere(id)).toEqual({ messages: 2, notifications: 2 });
    expect([await unread(a.b), await unread(b.b), await unread(c.b)]).toEqual([1, 1, 0]);
    const before = t.services.mailer.recent.length;
    expect(await runEmailJobs()).toBe(2);
    // The HTML part (React Email): right-to-left in Arabic, the teacher's text escaped, the plain text kept.
    const [mail] = t.services.mailer.recent.slice(before).filter((m) => m.to === a.email);
    expect(mail?.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail?.html).toContain('direction:rtl');
    expect(mail?.html).not.toContain('<script>alert(1)</script>');
    expect(mail?.html).toContain('&lt;script&gt;');
    expect(mail?.text).toContain('<script>alert(1)</script>');

    // Killed after writing, before marking it sent, with its e-mail jobs lost: another instance runs the job again.
    await t.database.db.update(broadcasts).set({ sentAt: null }).where(eq(broadcasts.id, id));
    await t.services.jobs.boss.deleteAllJobs('notifications.email');
    const logger = pino({ level: 'silent' });
    const restarted = createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger });
    await restarted.messages.fanOut(id);
    expect(await countWhere(id)).toEqual({ messages: 2, notifications: 2 });
    // The e-mails are queued again, and their claims keep each to one.
    expect(await runEmailJobs(restarted)).toBe(0);
    expect(await unread(a.b)).toBe(1);
    // A teacher's broadcast never reaches another teacher's student, nor another plan's.
    expect(await unread(outsider.b)).toBe(0);
    const list = await teacher.b.json(await teacher.b.get('/api/messages/teacher/broadcasts'));
    expect(list.broadcasts[0]).toMatchObject({ audience: 'plan', plan: 'monthly', recipients: 2, delivered: 2, read: 0, sending: false });
  });

  it('reaches a live group, refuses another teacher’s plan or group, and queues again a broadcast whose job was lost', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const other = await registerTeacher(t, 'academy');
    const s1 = await quickStudent(t, teacher);
    const s2 = await quickStudent(t, teacher);
    const group = await groupOf(teacher, [s1.id]);
    const otherCourse = await publishedCourse(other);
    const otherGroup = await groupOf(other, [(await quickStudent(t, other)).id]);
    const refuse = [
      { audience: 'plan', planId: otherCourse.planIds[0], body: 'x' },
      { audience: 'group', groupId: otherGroup, body: 'x' },
      { audience: 'plan', body: 'x' },
    ];
    for (const body of refuse) expect((await teacher.b.post('/api/messages/teacher/broadcasts', body)).status).toBeGreaterThanOrEqual(400);
    const res = await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'group', groupId: group, body: 'حصة المجموعة غدا' });
    const { id } = (await res.json()) as { id: string };
    // The job was lost (a process killed between the insert and the queue): the sweep queues it again, once.
    await t.services.jobs.boss.deleteAllJobs('messages.broadcast');
    await t.database.db
      .update(broadcasts)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(broadcasts.id, id));
    expect(await t.services.messages.requeueStale()).toBe(1);
    expect(await t.services.jobs.boss.findJobs('messages.broadcast', { id })).toHaveLength(1);
    await t.services.messages.requeueStale();
    expect(await t.services.jobs.boss.findJobs('messages.broadcast', { id })).toHaveLength(1);
    await t.services.messages.fanOut(id);
    expect([await unread(s1.b), await unread(s2.b)]).toEqual([1, 0]);
    const targets = await teacher.b.json(await teacher.b.get('/api/messages/teacher/broadcasts/targets'));
    expect(targets.groups).toEqual([expect.objectContaining({ id: group })]);
  });

  it('runs through the real job queue: every recipient notified and e-mailed once', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    const students = [];
    for (let i = 0; i < 4; i += 1) students.push(await subscribed(t, teacher, course.courseId, course.planIds[0]!));
    const before = t.services.mailer.recent.length;
    await t.services.jobs.start();
    const res = await teacher.b.post('/api/messages/teacher/broadcasts', { audience: 'course', courseId: course.courseId, body: 'الحصة تأجلت' });
    expect(res.status).toBe(202);
    await expect
      .poll(async () => (await teacher.b.json(await teacher.b.get('/api/messages/teacher/broadcasts'))).broadcasts[0].sending, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(false);
    for (const s of students) expect(await unread(s.b)).toBe(1);
    // Earlier tests' queued e-mails go out too: only these students' count here.
    const addresses = new Set(students.map((s) => s.email));
    const theirs = () => t.services.mailer.recent.slice(before).filter((m) => addresses.has(m.to));
    await expect.poll(() => theirs().length, { timeout: 20_000, interval: 250 }).toBe(4);
    expect(new Set(theirs().map((m) => m.to)).size).toBe(4);
  });
});
