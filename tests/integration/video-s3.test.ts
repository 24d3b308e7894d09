import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { filesUnder, tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

const BUCKET = 'darsi-video';
let s3: S3rver;
let s3Dir: string;
let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  t = await createTestApp({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  fx = videoFixtures();
  await t.services.jobs.start();
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

/** Objects s3rver keeps for the bucket (its own files on disk, one folder per key). */
const objectsInBucket = () => filesUnder(path.join(s3Dir, BUCKET)).filter((f) => f.endsWith('._S3rver_object'));

describe(`video in S3-compatible storage (s3rver) on ${DRIVER}`, () => {
  it('stores the encrypted renditions in the bucket, plays them through the token routes, and removes them', { timeout: 90_000 }, async () => {
    const teacher = await registerTeacher(t);
    const course = await videoCourse(teacher);
    const { finished } = await tusUpload(t, teacher.b, course.videoLessonId, fx.video);
    expect(finished!.status).toBe(204);
    const status = await untilProcessed(teacher, course.videoLessonId);
    expect(status.state).toBe('ready');
    // Nothing on local disk but the (now empty) uploads folder; everything in the bucket.
    expect(filesUnder(path.join(t.config.dataDir, 'video'))).toEqual([]);
    const stored = objectsInBucket();
    expect(stored.some((f) => f.includes('master.m3u8'))).toBe(true);
    expect(stored.some((f) => f.includes('thumb.jpg'))).toBe(true);
    expect(stored.filter((f) => /seg-\d{4}\.ts/.test(f)).length).toBeGreaterThan(0);

    const playback = await teacher.b.json(await teacher.b.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'teacher-s3-device' }));
    const base = new URL(playback.playlistUrl, 'http://h/');
    const master = await (await teacher.b.get(playback.playlistUrl)).text();
    const variant = new URL(
      master.split('\n').find((l) => l.endsWith('.m3u8'))!,
      base,
    );
    const list = await (await teacher.b.get(variant.pathname)).text();
    const [, keyUri, ivHex] = /URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(list)!;
    const key = Buffer.from(await (await teacher.b.get(new URL(keyUri!, variant).pathname)).arrayBuffer());
    const segRes = await teacher.b.get(
      new URL(
        list.split('\n').find((l) => l.endsWith('.ts'))!,
        variant,
      ).pathname,
    );
    expect(segRes.status).toBe(200);
    const sealed = Buffer.from(await segRes.arrayBuffer());
    expect(Number(segRes.headers.get('content-length'))).toBe(sealed.length);
    const d = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex!, 'hex'));
    expect(Buffer.concat([d.update(sealed), d.final()])[0]).toBe(0x47);
    expect((await teacher.b.get(status.thumbnailUrl)).headers.get('content-type')).toBe('image/jpeg');

    expect((await teacher.b.delete(`/api/video/lessons/${course.videoLessonId}`)).status).toBe(200);
    expect(objectsInBucket()).toEqual([]);
  });
});
