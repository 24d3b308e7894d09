import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@server/core/db/schema';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';
import { quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { startPushService } from './push-service';

/*
 * Web push (decision 210) against a local push service that speaks RFC 8030/8291/8292 and decrypts what it gets:
 * subscriptions per device and person, the push channel per kind, never twice after a retry or a restart, expired
 * subscriptions removed.
 */
let t: TTestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({}, { push: push.options });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

type TStudent = Awaited<ReturnType<typeof quickStudent>>;

/** Runs the queued push jobs as the worker would; `services`: another instance on the same database. */
async function runPushJobs(services = t.services) {
  const jobs = (await t.services.jobs.boss.findJobs('notifications.push')) as unknown as Array<{ data: { ids: string[] } }>;
  let sent = 0;
  for (const job of jobs) sent += (await services.notifications.jobs.sendNotificationPushes(job.data.ids)).sent;
  return sent;
}

const write = (teacher: TTeacher, student: TStudent, body: string) => teacher.b.post(`/api/messages/teacher/conversations/${student.id}`, { body });
const subscribe = (s: TStudent, host: string, json: unknown) => s.b.post(`http://${host}/api/notifications/push/subscribe`, json);
const pushedTo = (device: string) => push.received.filter((r) => r.device === device);

describe(`web push on ${DRIVER}`, () => {
  it('keeps one VAPID key pair for every instance', async () => {
    const teacher = await registerTeacher(t);
    const first = await teacher.b.json(await teacher.b.get('/api/notifications/push'));
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(first.devices).toBe(0);
    const logger = pino({ level: 'silent' });
    const other = createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger });
    expect((await other.notifications.push.pushStatus(teacher.userId)).publicKey).toBe(first.publicKey);
  });

  it('pushes a message to each of the student’s devices once, decrypted as the browser would, even after a restart', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const phone = push.device();
    const laptop = push.device();
    expect((await subscribe(student, teacher.host, phone.json)).status).toBe(201);
    expect((await subscribe(student, teacher.host, laptop.json)).status).toBe(201);
    // The same device again stays one device.
    expect((await subscribe(student, teacher.host, phone.json)).status).toBe(201);
    expect((await student.b.json(await student.b.get(`http://${teacher.host}/api/notifications/push`))).devices).toBe(2);

    expect((await write(teacher, student, 'موعد الحصة غدًا في الثامنة')).status).toBe(201);
    expect(await runPushJobs()).toBe(2);
    for (const device of [phone.id, laptop.id]) {
      const [got] = pushedTo(device);
      expect(got?.payload.title).toMatch(/^رسالة جديدة من /);
      expect(got?.payload.body).toContain('موعد الحصة غدًا في الثامنة');
      expect(got?.payload.url).toBe(`http://${teacher.host}/student/dashboard/messages?teacher=${teacher.id}`);
      expect(got?.payload.lang).toBe('ar');
      expect(got?.ttl).toBe('86400');
      expect(got?.subject).toMatch(/^mailto:/);
    }
    // A retried job, and a restarted instance running it again: nothing more.
    expect(await runPushJobs()).toBe(0);
    const logger = pino({ level: 'silent' });
    const restarted = createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger, push: push.options });
    expect(await runPushJobs(restarted)).toBe(0);
    expect(pushedTo(phone.id)).toHaveLength(1);
    expect(pushedTo(laptop.id)).toHaveLength(1);
    expect(push.refused).toEqual([]);
  });

  it('follows the push choice per kind; a failed push is retried once; an expired subscription is removed', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const phone = push.device();
    const old = push.device();
    await subscribe(student, teacher.host, phone.json);
    await subscribe(student, teacher.host, old.json);

    // Messages not pushed: in the app still, no push.
    const off = await student.b.put(`http://${teacher.host}/api/notifications/preferences`, { kind: 'message', inApp: true, email: 'off', push: false });
    expect(off.status).toBe(200);
    const prefs = await student.b.json(await student.b.get(`http://${teacher.host}/api/notifications/preferences`));
    expect(prefs.preferences).toContainEqual({ kind: 'message', inApp: true, email: 'off', push: false });
    await write(teacher, student, 'رسالة بلا دفع');
    expect(await runPushJobs()).toBe(0);
    // A choice sent without `push` keeps it.
    await student.b.put(`http://${teacher.host}/api/notifications/preferences`, { kind: 'message', inApp: true, email: 'instant' });
    await write(teacher, student, 'رسالة ثانية بلا دفع');
    expect(await runPushJobs()).toBe(0);

    await student.b.put(`http://${teacher.host}/api/notifications/preferences`, { kind: 'message', inApp: true, email: 'off', push: true });
    // The push service fails once (500): the job fails, the claim is given back, the retry sends it once.
    push.setStatus(phone.id, 500);
    push.setStatus(old.id, 410);
    await write(teacher, student, 'الدرس الثالث متاح');
    await expect(runPushJobs()).rejects.toThrow();
    push.setStatus(phone.id, 201);
    expect(await runPushJobs()).toBe(1);
    expect(await runPushJobs()).toBe(0);
    expect(pushedTo(phone.id).map((r) => r.payload.body)).toEqual([expect.stringContaining('الدرس الثالث متاح')]);
    // The expired subscription is gone; the live one stays.
    const left = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
    expect(left.map((r) => r.endpoint)).toEqual([phone.json.endpoint]);
  });

  it('refuses endpoints that are not push services; a device is unsubscribed only by its own person', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const other = await quickStudent(t, teacher);
    const phone = push.device();
    const keys = phone.json.keys;
    for (const endpoint of ['https://169.254.169.254/latest/meta-data', 'http://fcm.googleapis.com/fcm/send/x', 'https://evil.example/push/1', 'not a url']) {
      expect((await subscribe(student, teacher.host, { endpoint, keys })).status).toBe(400);
    }
    expect((await subscribe(student, teacher.host, phone.json)).status).toBe(201);
    expect((await other.b.post(`http://${teacher.host}/api/notifications/push/unsubscribe`, { endpoint: phone.json.endpoint })).status).toBe(200);
    expect((await student.b.json(await student.b.get(`http://${teacher.host}/api/notifications/push`))).devices).toBe(1);
    expect((await student.b.post(`http://${teacher.host}/api/notifications/push/unsubscribe`, { endpoint: phone.json.endpoint })).status).toBe(200);
    expect((await student.b.json(await student.b.get(`http://${teacher.host}/api/notifications/push`))).devices).toBe(0);
    // Signed out: no subscribing.
    expect(
      (
        await t.request('/api/notifications/push/subscribe', {
          method: 'POST',
          body: JSON.stringify(phone.json),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
  });
});
