import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { createServices } from '@server/services';
import { browser, type TBrowser } from './browser';
import { quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

/*
 * The rip guard behind several instances (decision 140): a ripper whose requests a load balancer spreads over two
 * instances is stopped as if one instance saw them all, once (one lease removal, one line for the teacher). Before
 * 140 each instance counted alone, and two thirds of a lecture fetched in no time passed on both.
 */

let a: TTestApp;
let b: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let teacher: TTeacher;
let course: Awaited<ReturnType<typeof videoCourse>>;

/** A second instance on the same database, as behind a load balancer. */
function secondInstance(t: TTestApp): TTestApp {
  const logger = pino({ level: 'silent' });
  const services = createServices({ config: t.config, db: t.database.db, jobs: t.services.jobs, logger });
  const app = createApp({ services, database: t.database, logger });
  return {
    ...t,
    app,
    services,
    request: (pathname, { host = t.config.publicHost, headers, ...init } = {}) =>
      Promise.resolve(app.request(`http://${host}${pathname}`, { ...init, headers: { host, ...headers } })),
  };
}

/** The rendition playlist's segments and keys, as URLs. */
async function mediaOf(s: TBrowser, playlistUrl: string) {
  const base = new URL(playlistUrl, 'http://h/');
  const master = await (await s.get(playlistUrl)).text();
  const variant = new URL(
    master.split('\n').find((l) => l.endsWith('.m3u8'))!,
    base,
  );
  const lines = (await (await s.get(variant.pathname)).text()).split('\n');
  const segments = lines.filter((l) => l.endsWith('.ts')).map((l) => new URL(l, variant).pathname);
  const keys = lines.filter((l) => l.startsWith('#EXT-X-KEY')).map((l) => new URL(/URI="([^"]+)"/.exec(l)![1]!, variant).pathname);
  return { segments, keys };
}

beforeAll(async () => {
  a = await createTestApp();
  b = secondInstance(a);
  // Three segments of 5 s: enough for a pace spread over two instances.
  fx = videoFixtures(12);
  teacher = await registerTeacher(a);
  course = await videoCourse(teacher);
  await a.services.jobs.start();
  expect((await tusUpload(a, teacher.b, course.videoLessonId, fx.video)).finished!.status).toBe(204);
  // Twelve seconds to transcode: minutes on a loaded machine.
  expect((await untilProcessed(teacher, course.videoLessonId, 280_000)).state).toBe('ready');
}, 300_000);
afterAll(async () => {
  await a.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

describe(`the rip guard shared by two instances on ${DRIVER}`, () => {
  it('stops a session whose segments are spread over both instances, once, and tells the teacher once', async () => {
    const student = await quickStudent(a, teacher);
    expect(
      (await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planId })).status,
    ).toBe(201);
    const onA = student.b;
    const onB = browser(b, { jar: student.b.jar });
    const playback = await (await onA.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'ripper-shared-1' })).json();
    const { segments, keys } = await mediaOf(onA, playback.playlistUrl);
    expect(segments.length).toBe(3);
    // 15 s of video fetched at once stops the session; 10 s does not. No slowing down in this test.
    for (const guard of [a.services.video.ripGuard, b.services.video.ripGuard])
      Object.assign(guard.limits, { slow: { rate: 0.01, allowanceSec: 1_000 }, stop: { rate: 0.01, allowanceSec: 12 } });
    expect((await onA.get(segments[0]!)).status).toBe(200);
    expect((await onB.get(segments[1]!)).status).toBe(200);
    expect((await onB.get(keys[0]!)).status).toBe(200);
    // The instances' timers merge every 2 s; the test does it now, twice (the first to merge learns the other's
    // counts at its next flush).
    await Promise.all([a.services.video.ripGuard.flush(), b.services.video.ripGuard.flush()]);
    await Promise.all([a.services.video.ripGuard.flush(), b.services.video.ripGuard.flush()]);
    // Instance A itself has seen 10 s only: the third segment is refused because of what B saw.
    expect((await onA.get(segments[2]!)).status).toBe(403);
    expect((await onB.get(segments[0]!)).status).toBe(403);
    expect((await onB.get(keys[0]!)).status).toBe(403);
    expect((await onA.post('/api/video/playback/heartbeat', { token: playback.token, position: 1 })).status).toBe(409);
    const status = await teacher.b.json(await teacher.b.get(`/api/video/lessons/${course.videoLessonId}/status`));
    expect(status.downloadAlerts).toEqual([{ name: student.name, email: student.email, at: expect.any(String) }]);
  });

  it('lets a student who plays at a normal pace through both instances', async () => {
    const student = await quickStudent(a, teacher);
    expect(
      (await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planId })).status,
    ).toBe(201);
    const onB = browser(b, { jar: student.b.jar });
    const playback = await (await student.b.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'player-shared-1' })).json();
    const { segments, keys } = await mediaOf(student.b, playback.playlistUrl);
    // The real limits (4 minutes of allowance): a whole 12-second lesson, fetched twice over both instances.
    for (const guard of [a.services.video.ripGuard, b.services.video.ripGuard])
      Object.assign(guard.limits, { slow: { rate: 3, allowanceSec: 240 }, stop: { rate: 6, allowanceSec: 480 } });
    for (const s of [student.b, onB]) {
      for (const url of [...keys, ...segments]) expect((await s.get(url)).status).toBe(200);
      await Promise.all([a.services.video.ripGuard.flush(), b.services.video.ripGuard.flush()]);
    }
    expect((await onB.post('/api/video/playback/heartbeat', { token: playback.token, position: 1 })).status).toBe(200);
  });
});
