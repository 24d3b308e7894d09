import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskedContact } from './access';
import { deriveVideoKeys, signToken, unwrapKey, verifyToken, wrapKey } from './crypto';
import { progressParser, renditionsFor } from './ffmpeg';

const keys = deriveVideoKeys('unit-test-video-secret-0123456789abcdef');
const claims = { userId: 'u1', lessonId: '0f0e0d0c-0b0a-4909-8807-060504030201', sessionId: 's1', exp: 2_000_000_000 };

describe('playback tokens', () => {
  it('verify while unexpired and untouched, and never otherwise', () => {
    const token = signToken(keys, claims);
    expect(verifyToken(keys, token, 1_000_000_000_000)).toEqual(claims);
    expect(verifyToken(keys, token, claims.exp * 1000)).toBeNull();
    expect(verifyToken(deriveVideoKeys('another-secret-0123456789abcdef0123456'), token, 0)).toBeNull();
    const [body, mac] = token.split('.');
    expect(verifyToken(keys, `${body}.${mac!.slice(1)}x`, 0)).toBeNull();
    expect(verifyToken(keys, `${body}x.${mac}`, 0)).toBeNull();
    expect(verifyToken(keys, `${token}.extra`, 0)).toBeNull();
    expect(verifyToken(keys, '', 0)).toBeNull();
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
    expect(renditionsFor(probe(1080))).toEqual([360, 720]);
    expect(renditionsFor(probe(720))).toEqual([360, 720]);
    expect(renditionsFor(probe(480))).toEqual([360]);
    expect(renditionsFor(probe(241))).toEqual([240]);
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
