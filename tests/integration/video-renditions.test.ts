import { execFileSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { tusUpload, untilProcessed, videoCourse, videoFixtures } from './video-helpers';

let t: TTestApp;
let fx: ReturnType<typeof videoFixtures>;
let teacher: TTeacher;
let course: Awaited<ReturnType<typeof videoCourse>>;

beforeAll(async () => {
  t = await createTestApp();
  // A 720p source with sound: the whole ladder is made from it.
  fx = videoFixtures(3, '1280x720');
  teacher = await registerTeacher(t);
  course = await videoCourse(teacher);
  await t.services.jobs.start();
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(fx.dir, { recursive: true, force: true });
});

type TVariant = { attrs: Record<string, string>; uri: string };

function variantsOf(master: string): TVariant[] {
  const lines = master.trim().split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const attrs = Object.fromEntries([...line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [m[1]!, m[2]!.replace(/"/g, '')]));
    return [{ attrs, uri: lines[i + 1]! }];
  });
}

/** The first segment of a variant, decrypted with the key the server gives for it. */
async function firstSegment(playlistUrl: string, variant: TVariant) {
  const variantUrl = new URL(variant.uri, new URL(playlistUrl, 'http://x/'));
  const playlist = await (await teacher.b.get(variantUrl.pathname)).text();
  const lines = playlist.split('\n');
  const keyLines = lines.filter((l) => l.startsWith('#EXT-X-KEY'));
  const segments = lines.filter((l) => l.endsWith('.ts'));
  // Every segment has its own key line, AES-128 with an IV.
  expect(keyLines.length).toBe(segments.length);
  for (const k of keyLines) expect(k).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="\.\.\/key\/\d+\/\d+",IV=0x[0-9a-f]{32}$/);
  const firstDuration = Number(/#EXTINF:([0-9.]+)/.exec(playlist)![1]);
  const [, keyUri, ivHex] = /URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(keyLines[0]!)!;
  const key = Buffer.from(await (await teacher.b.get(new URL(keyUri!, variantUrl).pathname)).arrayBuffer());
  const sealed = Buffer.from(await (await teacher.b.get(new URL(segments[0]!, variantUrl).pathname)).arrayBuffer());
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex!, 'hex'));
  return { firstDuration, sealed, clear: Buffer.concat([decipher.update(sealed), decipher.final()]) };
}

/** Stream kinds in a clear MPEG-TS segment, by ffprobe. */
function streamKinds(bytes: Buffer): string[] {
  const file = path.join(fx.dir, `probe-${Date.now()}.ts`);
  fs.writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,height', '-of', 'json', file]).toString();
  return (JSON.parse(out) as { streams: { codec_type: string; codec_name: string; height?: number }[] }).streams
    .map((s) => `${s.codec_type}:${s.codec_name}${s.height ? `:${s.height}` : ''}`)
    .sort();
}

describe(`rendition ladder on ${DRIVER}`, () => {
  it('makes 240p, 360p, 720p and audio only from one upload, all encrypted, listed in the master playlist', { timeout: 120_000 }, async () => {
    const { finished } = await tusUpload(t, teacher.b, course.videoLessonId, fx.video);
    expect(finished!.status).toBe(204);
    const status = await untilProcessed(teacher, course.videoLessonId, 110_000);
    expect(status).toMatchObject({ state: 'ready', renditions: [0, 240, 360, 720] });

    const playback = await teacher.b.json(await teacher.b.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'device-ladder-1' }));
    const master = await (await teacher.b.get(playback.playlistUrl)).text();
    const variants = variantsOf(master);
    // The lowest picture first (Safari's native player starts with it), the audio-only variant last.
    expect(variants.map((v) => v.uri)).toEqual(['240/index.m3u8', '360/index.m3u8', '720/index.m3u8', '0/index.m3u8']);
    expect(variants.map((v) => v.attrs.RESOLUTION)).toEqual(['426x240', '640x360', '1280x720', undefined]);
    expect(variants.map((v) => v.attrs.CODECS)).toEqual(['avc1.4d401f,mp4a.40.2', 'avc1.4d401f,mp4a.40.2', 'avc1.4d401f,mp4a.40.2', 'mp4a.40.2']);
    const bandwidth = variants.map((v) => Number(v.attrs.BANDWIDTH));
    const average = variants.map((v) => Number(v.attrs['AVERAGE-BANDWIDTH']));
    // Measured on the stored segments: audio < 240p < 360p < 720p, and a peak never under the average.
    expect(bandwidth[3]).toBeLessThan(bandwidth[0]!);
    expect(bandwidth[0]).toBeLessThan(bandwidth[1]!);
    expect(bandwidth[1]).toBeLessThan(bandwidth[2]!);
    for (let i = 0; i < 4; i += 1) expect(bandwidth[i]).toBeGreaterThanOrEqual(average[i]!);
    // About 64 kbit/s of AAC plus MPEG-TS overhead.
    expect(average[3]).toBeGreaterThan(50_000);
    expect(average[3]).toBeLessThan(110_000);

    const kinds: string[][] = [];
    for (const variant of variants) {
      const segment = await firstSegment(playback.playlistUrl, variant);
      // The first segment is short, so the first frame comes after a small download.
      expect(segment.firstDuration).toBeLessThanOrEqual(2.1);
      expect(segment.sealed[0] === 0x47 && segment.sealed[188] === 0x47 && segment.sealed[376] === 0x47).toBe(false);
      kinds.push(streamKinds(segment.clear));
    }
    expect(kinds).toEqual([['audio:aac', 'video:h264:240'], ['audio:aac', 'video:h264:360'], ['audio:aac', 'video:h264:720'], ['audio:aac']]);
  });

  it("sends the course's data saver default with each playback start, and refuses an unknown one", async () => {
    const path = `/api/courses/teacher/courses/${course.courseId}`;
    const start = async () =>
      (await teacher.b.json(await teacher.b.post(`/api/video/lessons/${course.videoLessonId}/playback`, { deviceId: 'device-ladder-1' }))).dataSaver;
    expect(await start()).toBe('off');
    expect((await teacher.b.patch(path, { videoDataSaver: 'audio' })).status).toBe(200);
    expect(await start()).toBe('audio');
    expect((await teacher.b.json(await teacher.b.get(path))).videoDataSaver).toBe('audio');
    const bad = await teacher.b.patch(path, { videoDataSaver: 'everything' });
    expect(bad.status).toBe(400);
    expect(await start()).toBe('audio');
  });
});
