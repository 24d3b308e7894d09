import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

/** A real 4-second video (picture and 440 Hz tone), made once per worker with ffmpeg in a temp folder. */
export function makeTestVideo(seconds = 4): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-video-'));
  const file = path.join(dir, 'درس-التجربة.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    file,
  ]);
  return file;
}

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Uploads a lesson's video with the tus protocol (one creation, one PATCH), as the signed-in teacher. */
export async function uploadVideoViaTus(request: APIRequestContext, origin: string, lessonId: string, file: string) {
  const bytes = fs.readFileSync(file);
  const created = await request.post('/api/video/uploads', {
    headers: {
      origin,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({ lessonId, filename: path.basename(file), filetype: 'video/mp4' }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = new URL(created.headers()['location'] ?? '', origin).pathname;
  const sent = await request.patch(location, {
    headers: { origin, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
}

/** Waits until the server has made the lesson's encrypted renditions. */
export async function waitForVideoReady(request: APIRequestContext, lessonId: string, timeoutMs = 90_000) {
  await expect
    .poll(async () => ((await (await request.get(`/api/video/lessons/${lessonId}/status`)).json()) as { state: string }).state, {
      timeout: timeoutMs,
      intervals: [500, 1000],
    })
    .toBe('ready');
}

/** One JSON call of the signed-in account, which must succeed. */
export async function callApi(request: APIRequestContext, origin: string, method: 'post' | 'put' | 'patch', url: string, data: unknown) {
  const res = await request[method](url, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

type TVideoCourse = { title: string; section: string; lesson: string; seconds: number; settings?: Record<string, unknown> };

/** The signed-in teacher's free, published course whose one lesson is a ready, encrypted video. */
export async function freeVideoCourse(request: APIRequestContext, origin: string, c: TVideoCourse) {
  const course = await callApi(request, origin, 'post', '/api/courses/teacher/courses', { title: c.title, kind: 'regular' });
  const section = await callApi(request, origin, 'post', `/api/courses/teacher/courses/${course.id}/sections`, { title: c.section });
  const lesson = await callApi(request, origin, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, {
    sectionId: section.id,
    title: c.lesson,
    type: 'video',
  });
  await uploadVideoViaTus(request, origin, lesson.id, makeTestVideo(c.seconds));
  await waitForVideoReady(request, lesson.id);
  await callApi(request, origin, 'put', `/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'free', priceDzd: 0 }] });
  await callApi(request, origin, 'patch', `/api/courses/teacher/courses/${course.id}`, { status: 'published', ...c.settings });
  return { courseId: course.id, lessonId: lesson.id };
}
