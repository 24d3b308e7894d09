import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { TConfig } from '@server/core/config';
import { pushSubscriptions, webPushKeys } from '@server/core/db/schema';
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

/** Another instance on the same database, with the same settings unless told otherwise. */
function instance(config: TConfig = t.config) {
  const logger = pino({ level: 'silent' });
  return createServices({ config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger, push: push.options });
}

const storedKeys = async () => (await t.database.db.select().from(webPushKeys).where(eq(webPushKeys.id, 1)))[0]!;

/**
 * Whether `stored` holds, anywhere and in any form the test can think of (PEM, base64url text, raw bytes), the P-256
 * private key whose public key is `publicKey`: every 32-byte run is tried as that key.
 */
function holdsPrivateKey(stored: string, publicKey: string): boolean {
  if (/PRIVATE KEY/.test(stored)) return true;
  const texts = [...stored.matchAll(/[\w-]{43,}/g)].map((m) => m[0]);
  const candidates: Buffer[] = [];
  for (const text of texts) {
    for (let i = 0; i + 43 <= text.length; i++) candidates.push(Buffer.from(text.slice(i, i + 43), 'base64url'));
    const raw = Buffer.from(text, 'base64url');
    for (let i = 0; i + 32 <= raw.length; i++) candidates.push(raw.subarray(i, i + 32));
  }
  return candidates.some((d) => {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      return ecdh.getPublicKey().toString('base64url') === publicKey;
    } catch {
      return false;
    }
  });
}

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

  it('tells a browser whether the server knows its subscription, so that it can subscribe again by itself', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const other = await quickStudent(t, teacher);
    const phone = push.device();
    const status = async (s: TStudent, endpoint?: string) =>
      s.b.json(await s.b.get(`http://${teacher.host}/api/notifications/push${endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : ''}`));
    expect((await status(student, phone.json.endpoint)).endpoint).toBe('none');
    await subscribe(student, teacher.host, phone.json);
    expect(await status(student, phone.json.endpoint)).toMatchObject({ endpoint: 'mine', devices: 1 });
    // Another person signed in on the same browser is told it is someone else's device, and nothing more.
    expect(await status(other, phone.json.endpoint)).toMatchObject({ endpoint: 'another', devices: 0 });
    // Without an endpoint the answer is as before.
    expect(await status(student)).not.toHaveProperty('endpoint');
    // Dropped by the server (the push service said it is gone): unknown again.
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.json.endpoint));
    expect((await status(student, phone.json.endpoint)).endpoint).toBe('none');
  });
});

describe(`the VAPID private key at rest on ${DRIVER} (decision 228)`, () => {
  /** A student with a subscribed device, and a message from the teacher queued for it; gives the device. */
  async function messagedDevice(body: string) {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const device = push.device();
    expect((await subscribe(student, teacher.host, device.json)).status).toBe(201);
    expect((await write(teacher, student, body)).status).toBe(201);
    return { teacher, device };
  }

  it('is stored sealed under PUSH_SECRET, and the pushes it signs still verify', async () => {
    const { teacher, device } = await messagedDevice('الحصة القادمة يوم الأحد');
    const { publicKey } = await teacher.b.json(await teacher.b.get('/api/notifications/push'));
    const stored = await storedKeys();
    expect(stored.publicKey).toBe(publicKey);
    expect(stored.privateKey).toMatch(/^v1\./);
    expect(holdsPrivateKey(stored.privateKey, publicKey)).toBe(false);

    expect(await runPushJobs()).toBe(1);
    expect(pushedTo(device.id).map((r) => r.vapidKey)).toEqual([publicKey]);
    expect(push.refused).toEqual([]);
  });

  it('fails the push, and keeps the pair, on an instance with another PUSH_SECRET', async () => {
    const before = await storedKeys();
    const { device } = await messagedDevice('رسالة إلى جهاز واحد');
    const stranger = instance({ ...t.config, pushSecret: 'another-push-secret-0123456789abcdef' });
    await expect(runPushJobs(stranger)).rejects.toThrow(/PUSH_SECRET/);
    expect(await storedKeys()).toEqual(before);
    // The instances that hold the right secret send what the other could not.
    expect(await runPushJobs(instance())).toBe(1);
    expect(pushedTo(device.id).map((r) => r.vapidKey)).toEqual([before.publicKey]);
  });

  it('seals a key an older version stored in clear the first time it is read, and keeps pushing with it', async () => {
    const legacy = webpush.generateVAPIDKeys();
    await t.database.db.delete(webPushKeys);
    await t.database.db.insert(webPushKeys).values({ id: 1, publicKey: legacy.publicKey, privateKey: legacy.privateKey });
    expect(holdsPrivateKey(legacy.privateKey, legacy.publicKey)).toBe(true);

    // Two instances reading it at the same moment agree on the one pair.
    const { userId } = await registerTeacher(t);
    const statuses = await Promise.all([t.services, instance()].map((s) => s.notifications.push.pushStatus(userId)));
    expect(statuses.map((s) => s.publicKey)).toEqual([legacy.publicKey, legacy.publicKey]);
    const sealed = await storedKeys();
    expect(sealed.publicKey).toBe(legacy.publicKey);
    expect(sealed.privateKey).toMatch(/^v1\./);
    expect(holdsPrivateKey(sealed.privateKey, legacy.publicKey)).toBe(false);

    const { device } = await messagedDevice('المفتاح القديم ما زال يعمل');
    expect(await runPushJobs(instance())).toBe(1);
    expect(pushedTo(device.id).map((r) => r.vapidKey)).toEqual([legacy.publicKey]);
    // Read again, the sealed value stays as it is.
    expect(await storedKeys()).toEqual(sealed);
    expect(push.refused).toEqual([]);
  });
});
