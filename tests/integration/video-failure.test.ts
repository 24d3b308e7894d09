import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { filesUnder, tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let bin: string;

beforeAll(async () => {
  // An ffmpeg that checks uploads like the real one but fails every transcode, as a broken codec would.
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-ffmpeg-'));
  const wrapper = path.join(bin, 'ffmpeg');
  fs.writeFileSync(wrapper, '#!/bin/sh\ncase "$*" in *" hls "*) echo "simulated encoder failure" >&2; exit 1;; esac\nexec ffmpeg "$@"\n', { mode: 0o755 });
  t = await createTestApp({ FFMPEG_PATH: wrapper, LOG_LEVEL: 'silent' });
  fx = videoFixtures();
  await t.services.jobs.start();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
  fs.rmSync(bin, { recursive: true, force: true });
});

describe(`a video that cannot be processed on ${DRIVER}`, () => {
  it('is retried, then failed with a translated message that says what to do, and nothing stays behind', { timeout: 120_000 }, async () => {
    const teacher = await registerTeacher(t);
    const course = await videoCourse(teacher);
    const { finished } = await tusUpload(t, teacher.b, course.videoLessonId, fx.video);
    expect(finished!.status).toBe(204);
    const status = await untilProcessed(teacher, course.videoLessonId, 110_000);
    expect(status).toMatchObject({ state: 'failed', renditions: [], thumbnailUrl: null, error: { code: 'VIDEO_PROCESSING_FAILED' } });
    expect(status.error.message).toMatch(/يُرجى رفعه مرة أخرى/);
    const en = await teacher.b.json(await teacher.b.get(`/api/video/lessons/${course.videoLessonId}/status?lng=en`));
    expect(en.error.message).toMatch(/Upload it again/);
    expect(status.storage.usedBytes).toBe(0);
    expect(filesUnder(path.join(t.config.dataDir, 'video-uploads'))).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'video'))).toEqual([]);
    const jobs = await t.services.jobs.boss.findJobs('video.transcode', {});
    expect(jobs.map((j) => j.state)).toEqual(['failed']);
  });
});
