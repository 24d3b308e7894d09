import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import { compactDecrypt, decodeJwt, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBrowser } from './browser';
import { quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

/* Offline lessons (issue 30, decision 192): licences signed by Darsi, keys wrapped for one device, expiry, revocation, device limit. */

let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let teacher: TTeacher;
let other: TTeacher;
let course: Awaited<ReturnType<typeof videoCourse>>;
const DAY = 86_400_000;

/** A device as the browser makes it: an ECDH P-256 key pair whose private half cannot be exported. */
async function newDevice() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };
}
type TDevice = Awaited<ReturnType<typeof newDevice>>;

async function subscribedStudent() {
  const student = await quickStudent(t, teacher);
  const res = await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planId });
  expect(res.status).toBe(201);
  return student;
}

const register = (b: TBrowser, device: TDevice, lessonId = course.videoLessonId) =>
  b.post('/api/video/devices', { lessonId, publicJwk: device.publicJwk, label: 'Android Chrome' });

async function registered(b: TBrowser, device: TDevice) {
  const res = await register(b, device);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).id as string;
}

const licenceFor = (b: TBrowser, deviceId: string, rendition = 240) => b.post('/api/video/licences', { lessonId: course.videoLessonId, deviceId, rendition });

async function errorCode(res: Response) {
  return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
}

beforeAll(async () => {
  t = await createTestApp();
  fx = videoFixtures();
  teacher = await registerTeacher(t);
  other = await registerTeacher(t);
  course = await videoCourse(teacher);
  await t.services.jobs.start();
  expect((await tusUpload(t, teacher.b, course.videoLessonId, fx.video)).finished!.status).toBe(204);
  expect((await untilProcessed(teacher, course.videoLessonId)).state).toBe('ready');
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

describe(`offline licences on ${DRIVER}`, () => {
  it('signs a licence bound to student, device and lesson whose keys only that device opens, and decrypt the stored segments', async () => {
    const student = await subscribedStudent();
    const device = await newDevice();
    const deviceId = await registered(student.b, device);
    const res = await licenceFor(student.b, deviceId);
    expect(res.status, await res.clone().text()).toBe(200);
    const licence = await res.json();
    const { payload } = await jwtVerify(licence.licence, await importJWK(licence.serverKey, 'ES256'), { audience: 'darsi:offline' });
    expect(payload).toMatchObject({ sub: student.id, dev: deviceId, lid: course.videoLessonId, ren: 240 });
    // The course's default: seven days.
    expect(payload.exp! - payload.iat!).toBe(7 * 86_400);
    expect(licence.sizeBytes).toBeGreaterThan(1000);
    expect(licence.watermark).toMatchObject({ name: student.name });

    const playlist = await (await student.b.get(`${licence.downloadBase}index.m3u8`)).text();
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBe(licence.segments);
    const { plaintext } = await compactDecrypt(payload.keys as string, device.privateKey);
    const keys = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, string>;
    // The first segment, downloaded as stored (encrypted), opens with the first key of the licence: MPEG-TS sync byte.
    const [, n, iv] = /URI="\.\.\/key\/240\/(\d+)",IV=0x([0-9a-f]{32})/.exec(playlist)!;
    const stored = Buffer.from(await (await student.b.get(`${licence.downloadBase}${segments[0]}`)).arrayBuffer());
    expect(stored[0]).not.toBe(0x47);
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keys[n!]!, 'hex'), Buffer.from(iv!, 'hex'));
    expect(Buffer.concat([decipher.update(stored), decipher.final()])[0]).toBe(0x47);
  });

  it('another device’s key cannot open the keys, and the server refuses a licence for a device that is not the student’s', async () => {
    const student = await subscribedStudent();
    const thief = await subscribedStudent();
    const mine = await newDevice();
    const deviceId = await registered(student.b, mine);
    const licence = await (await licenceFor(student.b, deviceId)).json();
    const copied = await newDevice();
    await expect(compactDecrypt(decodeJwt(licence.licence).keys as string, copied.privateKey)).rejects.toThrow();
    // The thief asks for a licence on the student's device: unknown to them.
    expect(await errorCode(await licenceFor(thief.b, deviceId))).toEqual([404, 'OFFLINE_DEVICE_UNKNOWN']);
    // A licence whose claims are altered loses its signature: no download.
    const [h, p, s] = licence.licence.split('.');
    const forged = JSON.parse(Buffer.from(p, 'base64url').toString());
    forged.exp += 365 * 86_400;
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    expect((await student.b.get(`/api/video/offline/${tampered}/240/index.m3u8`)).status).toBe(403);
    // Without a subscription there is no device and no licence.
    const stranger = await quickStudent(t, teacher);
    expect(await errorCode(await register(stranger.b, await newDevice()))).toEqual([403, 'VIDEO_FORBIDDEN']);
  });

  it('expires after the days the teacher chose, within 1–30; 0 turns downloads off', async () => {
    const student = await subscribedStudent();
    const deviceId = await registered(student.b, await newDevice());
    expect((await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDays: 31 })).status).toBe(400);
    expect((await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDays: 2 })).status).toBe(200);
    const licence = await (await licenceFor(student.b, deviceId)).json();
    expect(Date.parse(licence.expiresAt) - Date.parse(licence.issuedAt)).toBe(2 * DAY);
    const now = t.services.clock.now;
    try {
      t.services.clock.now = () => new Date(Date.now() + 2 * DAY + 60_000);
      expect((await student.b.get(`${licence.downloadBase}index.m3u8`)).status).toBe(403);
      await expect(jwtVerify(licence.licence, await importJWK(licence.serverKey, 'ES256'), { currentDate: t.services.clock.now() })).rejects.toThrow(/exp/);
    } finally {
      t.services.clock.now = now;
      await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDays: 7 });
    }
    await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDays: 0 });
    expect(await errorCode(await licenceFor(student.b, deviceId))).toEqual([403, 'OFFLINE_DISABLED']);
    await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDays: 7 });
  });

  it('allows one device by default; the student sees and releases it; the teacher may allow more', async () => {
    const student = await subscribedStudent();
    const phone = await newDevice();
    const phoneId = await registered(student.b, phone);
    // The same browser again is the same device.
    expect(await registered(student.b, phone)).toBe(phoneId);
    const laptop = await newDevice();
    expect(await errorCode(await register(student.b, laptop))).toEqual([409, 'OFFLINE_DEVICE_LIMIT']);
    const { devices } = await student.b.json(await student.b.get('/api/video/devices'));
    expect(devices).toEqual([expect.objectContaining({ id: phoneId, label: 'Android Chrome', teacherName: expect.any(String) })]);
    expect((await student.b.post('/api/video/devices/release', { deviceId: phoneId })).status).toBe(200);
    expect(await errorCode(await licenceFor(student.b, phoneId))).toEqual([404, 'OFFLINE_DEVICE_UNKNOWN']);
    const laptopId = await registered(student.b, laptop);
    expect((await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDevices: 2 })).status).toBe(200);
    await registered(student.b, phone);
    expect(await errorCode(await register(student.b, await newDevice()))).toEqual([409, 'OFFLINE_DEVICE_LIMIT']);
    // Lowered again: the older device keeps its place, the newer one gets no licence.
    await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { offlineDevices: 1 });
    expect((await licenceFor(student.b, laptopId)).status).toBe(200);
    const newer = (await student.b.json(await student.b.get('/api/video/devices'))).devices[1].id;
    expect(await errorCode(await licenceFor(student.b, newer))).toEqual([409, 'OFFLINE_DEVICE_LIMIT']);
  });

  it('the teacher revokes a device: no renewal, no download; another teacher cannot', async () => {
    const student = await subscribedStudent();
    const deviceId = await registered(student.b, await newDevice());
    const licence = await (await licenceFor(student.b, deviceId)).json();
    expect((await other.b.post('/api/video/teacher/devices/revoke', { deviceId })).status).toBe(404);
    // Another teacher's student is not theirs to list (tenant matrix R1): 404, like every other foreign id.
    expect((await other.b.get(`/api/video/teacher/students/${student.id}/devices`)).status).toBe(404);
    expect((await teacher.b.post('/api/video/teacher/devices/revoke', { deviceId })).status).toBe(200);
    const { devices } = await teacher.b.json(await teacher.b.get(`/api/video/teacher/students/${student.id}/devices`));
    expect(devices).toEqual([expect.objectContaining({ id: deviceId, licences: 1, revokedAt: expect.any(String) })]);
    expect((await student.b.get(`${licence.downloadBase}index.m3u8`)).status).toBe(403);
    expect(await errorCode(await licenceFor(student.b, deviceId))).toEqual([404, 'OFFLINE_DEVICE_UNKNOWN']);
    expect((await student.b.json(await student.b.get('/api/video/devices'))).devices).toEqual([]);
  });
});
