import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { TBrowser } from './browser';
import type { TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';

/** Tiny fixtures made by ffmpeg at test time (2 s, 320x240 unless told), so the suite stays fast and ships no media. */
export function videoFixtures(seconds = 2, size = '320x240') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-video-fx-'));
  const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
  const video = path.join(dir, 'lesson.mp4');
  ff(
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  );
  const audio = path.join(dir, 'sound.m4a');
  ff('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:a', 'aac', audio);
  const original = fs.readFileSync(video);
  return {
    dir,
    video: original,
    audio: fs.readFileSync(audio),
    // A PDF renamed to .mp4.
    pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'.repeat(20)),
    // The first half of the video: its index (moov) is at the end, so nothing in it decodes.
    truncated: original.subarray(0, Math.floor(original.length / 2)),
    // A PDF header in front of the video's bytes: a polyglot that starts as a document.
    polyglot: Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), original]),
  };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A whole tus 1.0.0 upload (create, then one PATCH), as tus-js-client would send it. */
export async function tusUpload(t: TTestApp, b: TBrowser | null, lessonId: string, bytes: Buffer, options: { length?: number; filename?: string } = {}) {
  const base = `http://${t.config.publicHost}`;
  const cookie = b ? await b.jar.getCookieString(`${base}/`) : '';
  const headers = { origin: base, 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}) };
  const created = await t.request('/api/video/uploads', {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(options.length ?? bytes.length),
      'upload-metadata': `lessonId ${b64(lessonId)},filename ${b64(options.filename ?? 'lesson.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  if (created.status !== 201) return { created, finished: null, location: null };
  const location = created.headers.get('location')!;
  const finished = await t.request(new URL(location, base).pathname, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: new Uint8Array(bytes),
  });
  return { created, finished, location };
}

/** A published regular course whose first lesson is a video lesson. */
export async function videoCourse(teacher: TTeacher) {
  const { b } = teacher;
  const course = await b.json(await b.post('/api/courses/teacher/courses', { title: 'الفيزياء', kind: 'regular', description: 'دورة' }));
  const section = await b.json(await b.post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل الأول' }));
  const video = await b.json(await b.post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'درس مصور', type: 'video' }));
  const text = await b.json(
    await b.post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'درس مكتوب', type: 'text', bodyHtml: '<p>نص</p>' }),
  );
  const plans = await b.json(await b.put(`/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'monthly', priceDzd: 3000 }] }));
  expect((await b.patch(`/api/courses/teacher/courses/${course.id}`, { status: 'published' })).status).toBe(200);
  return { courseId: course.id as string, videoLessonId: video.id as string, textLessonId: text.id as string, planId: plans.plans[0].id as string };
}

/** Polls the teacher's status until the video is ready or failed. */
export async function untilProcessed(teacher: TTeacher, lessonId: string, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const status = await teacher.b.json(await teacher.b.get(`/api/video/lessons/${lessonId}/status`));
    if (status.state === 'ready' || status.state === 'failed') return status;
    if (Date.now() - t0 > timeoutMs) throw new Error(`still ${status.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
