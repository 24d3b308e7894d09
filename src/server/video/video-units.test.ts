import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { maskedContact } from './access';
import { deriveVideoKeys, signToken, unwrapKey, verifyToken, wrapKey } from './crypto';
import { masterPlaylist } from './encrypt-hls';
import { allRenditionsFor, progressParser, renditionsFor } from './ffmpeg';

const keys = deriveVideoKeys('unit-test-video-secret-0123456789abcdef');
const claims = { userId: 'u1', lessonId: '0f0e0d0c-0b0a-4909-8807-060504030201', sessionId: 's1', exp: 2_000_000_000 };

describe('playback tokens', () => {
  it('verify while unexpired and untouched, and never otherwise', async () => {
    const token = await signToken(keys, claims);
    expect(await verifyToken(keys, token, 1_000_000_000_000)).toEqual(claims);
    expect(await verifyToken(keys, token, claims.exp * 1000)).toBeNull();
    expect(await verifyToken(deriveVideoKeys('another-secret-0123456789abcdef0123456'), token, 0)).toBeNull();
    const [header, body, mac] = token.split('.');
    expect(await verifyToken(keys, `${header}.${body}.${mac!.slice(1)}x`, 0)).toBeNull();
    expect(await verifyToken(keys, `${header}.${body}x.${mac}`, 0)).toBeNull();
    expect(await verifyToken(keys, `${token}.extra`, 0)).toBeNull();
    expect(await verifyToken(keys, '', 0)).toBeNull();
  });

  it('are JWTs that jose reads, and refuse the tricks a hand-written check can miss (decision 139)', async () => {
    const token = await signToken(keys, claims);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header).toEqual({ alg: 'HS256' });
    const body = token.split('.')[1]!;
    // alg "none" with the same claims, and a token signed with the right key for another audience.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${body}.`;
    expect(await verifyToken(keys, none, 0)).toBeNull();
    const otherAudience = await new SignJWT({ lid: claims.lessonId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setAudience('jitsi')
      .setExpirationTime(claims.exp)
      .sign(keys.token);
    expect(await verifyToken(keys, otherAudience, 0)).toBeNull();
    // Claims of the wrong type are refused, not coerced.
    const numeric = await new SignJWT({ lid: 7, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setAudience('darsi:video')
      .setExpirationTime(claims.exp)
      .sign(keys.token);
    expect(await verifyToken(keys, numeric, 0)).toBeNull();
  });
});

describe('segment keys at rest', () => {
  it('unwrap only in their own place (lesson, generation, rendition, number)', () => {
    const key = randomBytes(16);
    const wrapped = wrapKey(keys, key, [claims.lessonId, 1, 360, 0]);
    expect(Buffer.from(wrapped, 'base64url').includes(key)).toBe(false);
    expect(unwrapKey(keys, wrapped, [claims.lessonId, 1, 360, 0])).toEqual(key);
    expect(() => unwrapKey(keys, wrapped, [claims.lessonId, 1, 360, 1])).toThrow();
    expect(() => unwrapKey(keys, wrapped, [claims.lessonId, 2, 360, 0])).toThrow();
  });
});

describe('renditions and progress', () => {
  const probe = (height: number) => ({ durationSec: 10, width: Math.round((height * 16) / 9), height, fps: 25, hasAudio: true });
  it('never upscales, and always makes one', () => {
    expect(renditionsFor(probe(1080))).toEqual([240, 360, 720]);
    expect(renditionsFor(probe(720))).toEqual([240, 360, 720]);
    expect(renditionsFor(probe(480))).toEqual([240, 360]);
    expect(renditionsFor(probe(241))).toEqual([240]);
    expect(renditionsFor(probe(181))).toEqual([180]);
  });

  it('add the audio-only rendition (id 0) when the source has sound', () => {
    expect(allRenditionsFor(probe(720))).toEqual([0, 240, 360, 720]);
    expect(allRenditionsFor({ ...probe(720), hasAudio: false })).toEqual([240, 360, 720]);
  });

  it('list the lowest picture first and the audio-only variant last, without RESOLUTION', () => {
    const rates = [0, 240, 360, 720].map((r) => ({ rendition: r, peak: r * 1000 + 70_000, average: r * 900 + 66_000 }));
    const lines = masterPlaylist(rates, 16 / 9, true)
      .trim()
      .split('\n');
    expect(lines.slice(3)).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=310000,AVERAGE-BANDWIDTH=282000,RESOLUTION=426x240,CODECS="avc1.4d401f,mp4a.40.2"',
      '240/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=430000,AVERAGE-BANDWIDTH=390000,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"',
      '360/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=790000,AVERAGE-BANDWIDTH=714000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
      '720/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=70000,AVERAGE-BANDWIDTH=66000,CODECS="mp4a.40.2"',
      '0/index.m3u8',
    ]);
  });

  it('reads percent from ffmpeg -progress blocks split anywhere', () => {
    const seen: number[] = [];
    const feed = progressParser(10, (p) => seen.push(p));
    feed(Buffer.from('frame=10\nout_time_us=2500'));
    feed(Buffer.from('000\nprogress=continue\nout_time_us=N/A\nout_time_us=9990000\nprogress=end\n'));
    expect(seen).toEqual([25, 99, 100]);
  });
});

describe('the watermark contact', () => {
  it('masks an e-mail or a phone enough to trace, not to read', () => {
    expect(maskedContact({ email: 'yacine.benali@gmail.com' }, null)).toBe('ya•••••••••••@g••••.com');
    expect(maskedContact({ email: 'x@y.dz' }, '+213555123456')).toBe('+213•••••••56');
  });
});
