import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, lessonProgress } from '@server/core/db/schema';
import type { TBrowser } from './browser';
import { quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let teacher: TTeacher;
let course: Awaited<ReturnType<typeof videoCourse>>;
let other: TTeacher;
let otherCourse: Awaited<ReturnType<typeof videoCourse>>;
/** Every body a student received in this file, to compare with the original upload. */
const studentBodies: Buffer[] = [];

async function enroll(owner: TTeacher, studentId: string, c: { courseId: string; planId: string }) {
  const res = await owner.b.post('/api/subscriptions/teacher/enrollments', { studentId, courseId: c.courseId, planId: c.planId });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id as string;
}

/** A student's GET, whose body is kept for the "never the original" check. */
async function studentGet(b: TBrowser, url: string, headers?: Record<string, string>) {
  const res = await b.get(url, headers);
  const body = Buffer.from(await res.clone().arrayBuffer());
  studentBodies.push(body);
  return { res, body };
}

async function startPlayback(b: TBrowser, lessonId: string, deviceId = 'device-aaaaaaaa') {
  const res = await b.post(`/api/video/lessons/${lessonId}/playback`, { deviceId });
  studentBodies.push(Buffer.from(await res.clone().arrayBuffer()));
  return res;
}

/** The URLs of a playback: master, first variant, its first segment and first key. */
async function urlsOf(b: TBrowser, playlistUrl: string) {
  const base = new URL(playlistUrl, 'http://h/');
  const { body: master } = await studentGet(b, playlistUrl);
  const variant = new URL(
    master
      .toString()
      .split('\n')
      .find((l) => l.endsWith('.m3u8'))!,
    base,
  );
  const { body: playlist } = await studentGet(b, variant.pathname);
  const lines = playlist.toString().split('\n');
  const key = new URL(/URI="([^"]+)"/.exec(lines.find((l) => l.startsWith('#EXT-X-KEY'))!)![1]!, variant);
  const segment = new URL(
    lines.find((l) => l.endsWith('.ts'))!,
    variant,
  );
  return { master: playlistUrl, variant: variant.pathname, key: key.pathname, segment: segment.pathname };
}

const tokenOf = (playlistUrl: string) => playlistUrl.split('/')[4]!;
const withToken = (url: string, token: string) => url.replace(/\/play\/[^/]+\//, `/play/${token}/`);

async function expectNoKey(b: TBrowser | null, url: string, status = 403) {
  const res = b ? await b.get(url) : await t.request(url);
  expect(res.status).toBe(status);
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.length).not.toBe(16);
  expect(res.headers.get('content-type')).toContain('application/json');
  studentBodies.push(body);
}

beforeAll(async () => {
  t = await createTestApp();
  fx = videoFixtures();
  teacher = await registerTeacher(t);
  other = await registerTeacher(t);
  course = await videoCourse(teacher);
  otherCourse = await videoCourse(other);
  await t.services.jobs.start();
  for (const [owner, c] of [
    [teacher, course],
    [other, otherCourse],
  ] as const) {
    const { finished } = await tusUpload(t, owner.b, c.videoLessonId, fx.video);
    expect(finished!.status).toBe(204);
    expect((await untilProcessed(owner, c.videoLessonId)).state).toBe('ready');
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

describe(`video playback on ${DRIVER}`, () => {
  it('plays for a subscribed student: playlists, segments and keys with a watermark and resume', async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const res = await startPlayback(student.b, course.videoLessonId);
    expect(res.status).toBe(200);
    const playback = await res.json();
    expect(playback).toMatchObject({ resumeAt: 0, heartbeatSeconds: 15, watermark: { name: student.name } });
    expect(playback.playlistUrl).toBe(`/api/video/play/${playback.token}/master.m3u8`);
    expect(playback.watermark.contact).toMatch(/^q.+•+@/);
    expect(playback.watermark.contact).not.toContain(student.email.split('@')[0]);
    const urls = await urlsOf(student.b, playback.playlistUrl);
    const key = await studentGet(student.b, urls.key);
    expect([key.res.status, key.body.length]).toEqual([200, 16]);
    const segment = await studentGet(student.b, urls.segment);
    expect(segment.res.status).toBe(200);
    expect(segment.res.headers.get('content-type')).toBe('video/mp2t');

    // The position is saved and offered again; at 90 % the lesson is completed through the learning domain.
    const beat = await student.b.post('/api/video/playback/heartbeat', { token: playback.token, position: 0.5 });
    expect(await beat.json()).toEqual({ ok: true, completed: false });
    const again = await (await startPlayback(student.b, course.videoLessonId)).json();
    expect(again.resumeAt).toBe(0.5);
    const done = await student.b.post('/api/video/playback/heartbeat', { token: again.token, position: again.durationSec * 0.95 });
    expect(await done.json()).toEqual({ ok: true, completed: true });
    const progress = await t.database.db.select().from(lessonProgress).where(eq(lessonProgress.studentId, student.id));
    expect(progress.map((p) => p.lessonId)).toEqual([course.videoLessonId]);
  });

  it('plays for the course teacher (preview) and shows the video in their lesson view', async () => {
    const res = await teacher.b.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'teacher-device-1' });
    expect(res.status).toBe(200);
    const urls = await urlsOf(teacher.b, (await res.json()).playlistUrl);
    expect((await teacher.b.get(urls.key)).status).toBe(200);
    const view = await teacher.b.json(await teacher.b.get(`/api/courses/teacher/courses/${course.courseId}`));
    expect(view.sections[0].lessons[0].video).toMatchObject({
      state: 'ready',
      durationSec: expect.any(Number),
      thumbnailUrl: expect.stringContaining('thumbnail.jpg'),
    });
  });

  it('refuses anonymous playback (401) and a key without the session cookie (403, no key bytes)', async () => {
    const res = await t.request(`/api/video/lessons/${course.videoLessonId}/playback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: 'anon-device' }),
    });
    expect(res.status).toBe(401);
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const playback = await (await startPlayback(student.b, course.videoLessonId)).json();
    const urls = await urlsOf(student.b, playback.playlistUrl);
    await expectNoKey(null, urls.key);
  });

  it('refuses a student without a subscription, with an expired or a cancelled one, and another teacher’s student', async () => {
    const none = await quickStudent(t, teacher);
    const expired = await quickStudent(t, teacher);
    const cancelled = await quickStudent(t, teacher);
    const stranger = await quickStudent(t, other);
    await enroll(other, stranger.id, otherCourse);
    const expiredId = await enroll(teacher, expired.id, course);
    await t.database.db
      .update(enrollments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(enrollments.id, expiredId));
    const cancelledId = await enroll(teacher, cancelled.id, course);
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${cancelledId}/cancel`)).status).toBe(200);
    for (const s of [none, expired, cancelled, stranger]) {
      const res = await startPlayback(s.b, course.videoLessonId);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('VIDEO_FORBIDDEN');
    }
  });

  it("refuses another lesson's token, an expired token and a tampered token: 403 and no key bytes", async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const mine = await (await startPlayback(student.b, course.videoLessonId)).json();
    const urls = await urlsOf(student.b, mine.playlistUrl);
    // The other teacher's preview token of their own lesson, used with this student's cookie.
    const theirs = await (await other.b.post(`/api/video/lessons/${otherCourse.videoLessonId}/playback`, { deviceId: 'other-device-1' })).json();
    const otherUrls = await urlsOf(other.b, theirs.playlistUrl);
    await expectNoKey(student.b, otherUrls.key);
    // The same token with another lesson written into it: the signature no longer holds.
    // The token is a JWT (decision 139): header.claims.signature.
    const [header, body, mac] = tokenOf(mine.playlistUrl).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const rewrite = (change: Record<string, unknown>) => `${header}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${mac}`;
    const swapped = rewrite({ lid: otherCourse.videoLessonId });
    const tampered = `${header}.${body}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forgedExpiry = rewrite({ exp: Math.floor(Date.now() / 1000) - 10 });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    for (const token of [swapped, tampered, forgedExpiry, unsigned, 'garbage', `${header}.${body}.`]) {
      for (const url of [urls.master, urls.variant, urls.segment, urls.key]) await expectNoKey(student.b, withToken(url, token));
    }
    // A genuinely signed but expired token (the clock moves past its end).
    const clock = t.services.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 3 * 60 * 60_000);
    try {
      await expectNoKey(student.b, urls.key);
      await expectNoKey(student.b, urls.master);
      const beat = await student.b.post('/api/video/playback/heartbeat', { token: mine.token, position: 1 });
      expect(beat.status).toBe(403);
    } finally {
      clock.now = realNow;
    }
  });

  it('lets one device play at a time: the newest wins, the older one gets 409 on heartbeat and 403 on keys', async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const first = await (await startPlayback(student.b, course.videoLessonId, 'phone-1111')).json();
    const firstUrls = await urlsOf(student.b, first.playlistUrl);
    expect((await student.b.post('/api/video/playback/heartbeat', { token: first.token, position: 1 })).status).toBe(200);
    const second = await (await startPlayback(student.b, course.videoLessonId, 'laptop-2222')).json();
    const beat = await student.b.post('/api/video/playback/heartbeat', { token: first.token, position: 1 });
    expect(beat.status).toBe(409);
    expect((await beat.json()).error.code).toBe('VIDEO_OTHER_DEVICE');
    await expectNoKey(student.b, firstUrls.key);
    await expectNoKey(student.b, firstUrls.master);
    const secondUrls = await urlsOf(student.b, second.playlistUrl);
    expect((await student.b.get(secondUrls.key)).status).toBe(200);
    expect((await student.b.post('/api/video/playback/heartbeat', { token: second.token, position: 1 })).status).toBe(200);
  });

  it('drops an idle device when its lease expires: no key or segment until a heartbeat of the same session (issue 23.7)', async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const playback = await (await startPlayback(student.b, course.videoLessonId, 'idle-3333')).json();
    const urls = await urlsOf(student.b, playback.playlistUrl);
    expect((await student.b.get(urls.key)).status).toBe(200);
    const clock = t.services.clock;
    const realNow = clock.now;
    // Silent for longer than the lease (3 heartbeats of 15 s).
    clock.now = () => new Date(Date.now() + 50_000);
    try {
      await expectNoKey(student.b, urls.key);
      await expectNoKey(student.b, urls.segment);
      await expectNoKey(student.b, urls.master);
      // The same playback coming back (a tab that was asleep) takes its lease again.
      expect((await student.b.post('/api/video/playback/heartbeat', { token: playback.token, position: 2 })).status).toBe(200);
      expect((await student.b.get(urls.key)).status).toBe(200);
    } finally {
      clock.now = realNow;
    }
  });

  it('stops a session that downloads far faster than it plays, and tells the teacher who (issue 23.4)', async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const playback = await (await startPlayback(student.b, course.videoLessonId, 'ripper-4444')).json();
    const urls = await urlsOf(student.b, playback.playlistUrl);
    // The test video is two seconds long: the thresholds are brought down to what its one segment reaches
    // (5 s of video fetched at once).
    const limits = t.services.video.ripGuard.limits;
    const saved = structuredClone(limits);
    Object.assign(limits, { slow: { rate: 1, allowanceSec: 2 }, stop: { rate: 1, allowanceSec: 4 } });
    try {
      await expectNoKey(student.b, urls.segment);
      await expectNoKey(student.b, urls.key);
      await expectNoKey(student.b, urls.master);
      const beat = await student.b.post('/api/video/playback/heartbeat', { token: playback.token, position: 1 });
      expect(beat.status).toBe(409);
    } finally {
      Object.assign(limits, saved);
    }
    const status = await teacher.b.json(await teacher.b.get(`/api/video/lessons/${course.videoLessonId}/status`));
    expect(status.downloadAlerts).toEqual([{ name: student.name, email: student.email, at: expect.any(String) }]);
    // Another teacher's lesson shows nothing of it.
    expect((await other.b.json(await other.b.get(`/api/video/lessons/${otherCourse.videoLessonId}/status`))).downloadAlerts).toEqual([]);
    // A new playback at the normal pace plays.
    const again = await (await startPlayback(student.b, course.videoLessonId, 'ripper-4444')).json();
    const fresh = await urlsOf(student.b, again.playlistUrl);
    expect((await student.b.get(fresh.segment)).status).toBe(200);
    expect((await student.b.get(fresh.key)).status).toBe(200);
  });

  it('stops a playing student whose subscription ends: heartbeat and keys 403', async () => {
    const student = await quickStudent(t, teacher);
    const id = await enroll(teacher, student.id, course);
    const playback = await (await startPlayback(student.b, course.videoLessonId)).json();
    const urls = await urlsOf(student.b, playback.playlistUrl);
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/cancel`)).status).toBe(200);
    const beat = await student.b.post('/api/video/playback/heartbeat', { token: playback.token, position: 1 });
    expect(beat.status).toBe(403);
    await expectNoKey(student.b, urls.key);
  });

  it('keeps a key verdict per playback session for 15 s at most, and for the same cookie only (decision 151)', async () => {
    const student = await quickStudent(t, teacher);
    const id = await enroll(teacher, student.id, course);
    const playback = await (await startPlayback(student.b, course.videoLessonId, 'verdict-5555')).json();
    const urls = await urlsOf(student.b, playback.playlistUrl);
    expect((await studentGet(student.b, urls.key)).res.status).toBe(200);
    // The same key URL without the session cookie, or with another entitled student's, is checked in full: refused.
    await expectNoKey(null, urls.key);
    const classmate = await quickStudent(t, teacher);
    await enroll(teacher, classmate.id, course);
    await expectNoKey(classmate.b, urls.key);
    // The teacher cancels and no heartbeat comes: the verdict holds until its 15 s end, never after.
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/cancel`)).status).toBe(200);
    expect((await studentGet(student.b, urls.key)).res.status).toBe(200);
    const clock = t.services.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 16_000);
    try {
      await expectNoKey(student.b, urls.key);
    } finally {
      clock.now = realNow;
    }
  });

  it('never serves a video lesson as a file to a student, and shows it only once ready', async () => {
    const student = await quickStudent(t, teacher);
    await enroll(teacher, student.id, course);
    const file = await studentGet(student.b, `/api/learning/student/lessons/${course.videoLessonId}/file`);
    expect(file.res.status).toBe(404);
    const lesson = await studentGet(student.b, `/api/learning/student/courses/${course.courseId}/lessons/${course.videoLessonId}`);
    const view = JSON.parse(lesson.body.toString());
    expect(view.lesson).toMatchObject({ type: 'video', file: null, video: { state: 'ready', durationSec: expect.any(Number) } });
    expect((await studentGet(student.b, view.lesson.video.thumbnailUrl)).res.status).toBe(200);
    // A second video lesson still processing (here: only queued) is not in the student's outline at all.
    const pending = await teacher.b.json(
      await teacher.b.post(`/api/courses/teacher/courses/${course.courseId}/lessons`, { sectionId: view.sections[0].id, title: 'قيد المعالجة', type: 'video' }),
    );
    const outline = JSON.parse((await studentGet(student.b, `/api/learning/student/courses/${course.courseId}`)).body.toString());
    const ids = outline.sections.flatMap((s: { lessons: Array<{ id: string }> }) => s.lessons.map((l) => l.id));
    expect(ids).toContain(course.videoLessonId);
    expect(ids).not.toContain(pending.id);
    expect((await studentGet(student.b, `/api/learning/student/courses/${course.courseId}/lessons/${pending.id}`)).res.status).toBe(404);
    const refused = await startPlayback(student.b, pending.id);
    expect(refused.status).toBe(403);
  });

  it('never sent a student any byte run of the original upload', () => {
    expect(studentBodies.length).toBeGreaterThan(30);
    const originalHash = createHash('sha256').update(fx.video).digest('hex');
    // Any 64-byte window from across the original file (header, middle, end).
    const windows = [0, 1024, Math.floor(fx.video.length / 2), fx.video.length - 64].map((at) => fx.video.subarray(at, at + 64));
    for (const body of studentBodies) {
      expect(createHash('sha256').update(body).digest('hex')).not.toBe(originalHash);
      for (const w of windows) expect(body.includes(w)).toBe(false);
    }
  });
});
