import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachers } from '@server/core/db/schema';
import { browser, type TBrowser } from './browser';
import { registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

/*
 * Free previews played without an account (decision 075): a visitor's token plays only a lesson that is
 * still a free preview of a published course of an active teacher, checked again on every key.
 */

let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let teacher: TTeacher;
let course: Awaited<ReturnType<typeof videoCourse>>;
/** A second video lesson of the same course, never a preview. */
let paidLessonId: string;

async function addVideoLesson(owner: TTeacher, courseId: string, title: string) {
  const outline = await owner.b.json(await owner.b.get(`/api/courses/teacher/courses/${courseId}`));
  const sectionId = (outline.sections?.[0]?.id ?? outline.course?.sections?.[0]?.id) as string;
  const lesson = await owner.b.json(await owner.b.post(`/api/courses/teacher/courses/${courseId}/lessons`, { sectionId, title, type: 'video' }));
  const { finished } = await tusUpload(t, owner.b, lesson.id, fx.video);
  expect(finished!.status).toBe(204);
  expect((await untilProcessed(owner, lesson.id)).state).toBe('ready');
  return lesson.id as string;
}

const setPreview = (owner: TTeacher, lessonId: string, freePreview: boolean) => owner.b.patch(`/api/courses/teacher/lessons/${lessonId}`, { freePreview });

async function preview(b: TBrowser, lessonId: string) {
  return b.post(`/api/video/lessons/${lessonId}/preview-playback`, {});
}

/** The URLs of a playback: first variant, its first segment and first key. */
async function urlsOf(b: TBrowser, playlistUrl: string) {
  const master = await b.get(playlistUrl);
  expect(master.status).toBe(200);
  const base = new URL(playlistUrl, 'http://h/');
  const variant = new URL(
    (await master.text()).split('\n').find((l) => l.endsWith('.m3u8'))!,
    base,
  );
  const playlist = await b.get(variant.pathname);
  expect(playlist.status).toBe(200);
  const lines = (await playlist.text()).split('\n');
  const key = new URL(/URI="([^"]+)"/.exec(lines.find((l) => l.startsWith('#EXT-X-KEY'))!)![1]!, variant);
  const segment = new URL(
    lines.find((l) => l.endsWith('.ts'))!,
    variant,
  );
  return { master: playlistUrl, key: key.pathname, segment: segment.pathname };
}

async function expectNoKey(b: TBrowser, url: string) {
  const res = await b.get(url);
  expect(res.status).toBe(403);
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.length).not.toBe(16);
  expect(res.headers.get('content-type')).toContain('application/json');
}

const visitor = () => browser(t);

beforeAll(async () => {
  // Each client its own address (browser.ts), so the per-IP preview limit counts one visitor at a time.
  t = await createTestApp({ TRUST_PROXY: 'true' });
  fx = videoFixtures();
  teacher = await registerTeacher(t);
  course = await videoCourse(teacher);
  await t.services.jobs.start();
  const { finished } = await tusUpload(t, teacher.b, course.videoLessonId, fx.video);
  expect(finished!.status).toBe(204);
  expect((await untilProcessed(teacher, course.videoLessonId)).state).toBe('ready');
  paidLessonId = await addVideoLesson(teacher, course.courseId, 'درس مدفوع');
  expect((await setPreview(teacher, course.videoLessonId, true)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

describe(`free video previews without an account (${DRIVER})`, () => {
  it('gives a visitor a preview token whose playlist, segment and key play, watermarked as a preview', async () => {
    const b = visitor();
    const info = await b.get(`/api/video/lessons/${course.videoLessonId}/preview`);
    expect(info.status).toBe(200);
    const lesson = await info.json();
    expect(lesson).toMatchObject({ courseId: course.courseId, lessonTitle: 'درس مصور', subdomain: teacher.subdomain });
    const poster = await b.get(lesson.thumbnailUrl);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await b.get(`/api/video/lessons/${paidLessonId}/preview-thumbnail.jpg`)).status).toBe(404);
    const res = await preview(b, course.videoLessonId);
    expect(res.status, await res.clone().text()).toBe(200);
    const playback = await res.json();
    expect(playback).toMatchObject({ resumeAt: 0, watermark: { contact: teacher.subdomain } });
    expect(playback.durationSec).toBeGreaterThan(1);
    const urls = await urlsOf(b, playback.playlistUrl);
    const segment = await b.get(urls.segment);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toContain('private');
    const key = await b.get(urls.key);
    expect(key.status).toBe(200);
    expect(Buffer.from(await key.arrayBuffer()).length).toBe(16);
    // A visitor token never saves anything: the heartbeat wants an account.
    expect((await b.post('/api/video/playback/heartbeat', { token: playback.token, position: 1 })).status).toBe(401);
  });

  it('serves the preview screen (the app) on the main domain and on the teacher’s host', async () => {
    const path = `/platform/${teacher.subdomain}/preview/courses/${course.courseId}/lessons/${course.videoLessonId}`;
    for (const host of [t.config.publicHost, teacher.host]) {
      const res = await t.request(path, { host });
      expect(res.status, host).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('refuses a non-preview lesson, and the visitor token for another lesson of the course', async () => {
    const b = visitor();
    expect((await preview(b, paidLessonId)).status).toBe(403);
    expect((await b.get(`/api/video/lessons/${paidLessonId}/preview`)).status).toBe(404);
    const playback = await (await preview(b, course.videoLessonId)).json();
    const token = playback.playlistUrl.split('/')[4] as string;
    const teacherPlay = await teacher.b.json(await teacher.b.post(`/api/video/lessons/${paidLessonId}/playback`, { deviceId: 'device-teacher-1' }));
    const teacherToken = teacherPlay.playlistUrl.split('/')[4] as string;
    const paid = await urlsOf(teacher.b, teacherPlay.playlistUrl);
    // The paid lesson's key is the teacher's alone: a visitor holding its URL gets nothing.
    await expectNoKey(b, paid.key);
    // The visitor's token rewritten to name the paid lesson: its signature no longer holds.
    const [header, body, mac] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, lid: paidLessonId })).toString('base64url')}.${mac}`;
    await expectNoKey(b, paid.key.replace(teacherToken, forged));
    expect((await b.get(paid.master.replace(teacherToken, forged))).status).toBe(403);
    expect((await b.get(paid.segment.replace(teacherToken, forged))).status).toBe(403);
  });

  it('refuses the key at once when the teacher unticks the preview, and plays again when ticked', async () => {
    const b = visitor();
    const playback = await (await preview(b, course.videoLessonId)).json();
    const urls = await urlsOf(b, playback.playlistUrl);
    expect((await b.get(urls.key)).status).toBe(200);
    expect((await setPreview(teacher, course.videoLessonId, false)).status).toBe(200);
    await expectNoKey(b, urls.key);
    expect((await b.get(urls.segment)).status).toBe(403);
    expect((await b.get(urls.master)).status).toBe(403);
    expect((await preview(b, course.videoLessonId)).status).toBe(403);
    expect((await setPreview(teacher, course.videoLessonId, true)).status).toBe(200);
    expect((await b.get(urls.key)).status).toBe(200);
  });

  it('refuses a draft or archived course and a suspended teacher', async () => {
    const b = visitor();
    const playback = await (await preview(b, course.videoLessonId)).json();
    const urls = await urlsOf(b, playback.playlistUrl);
    for (const status of ['archived', 'draft'] as const) {
      expect((await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { status })).status).toBe(200);
      expect((await preview(b, course.videoLessonId)).status).toBe(403);
      await expectNoKey(b, urls.key);
    }
    expect((await teacher.b.patch(`/api/courses/teacher/courses/${course.courseId}`, { status: 'published' })).status).toBe(200);
    expect((await b.get(urls.key)).status).toBe(200);
    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, teacher.id));
    try {
      expect((await preview(b, course.videoLessonId)).status).toBe(403);
      await expectNoKey(b, urls.key);
    } finally {
      await t.database.db.update(teachers).set({ status: 'active' }).where(eq(teachers.id, teacher.id));
    }
    expect((await b.get(urls.key)).status).toBe(200);
  });

  it('limits how many previews one IP may start (429)', async () => {
    const b = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await preview(b, course.videoLessonId)).status);
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
    const last = await preview(b, course.videoLessonId);
    expect(last.status).toBe(429);
    expect((await last.json()).error.code).toBe('RATE_LIMITED');
    // Another visitor is not held back.
    expect((await preview(visitor(), course.videoLessonId)).status).toBe(200);
  });
});
