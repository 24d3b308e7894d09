import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TConfig } from '@server/core/config';

/*
 * The video's secrets (docs/decisions/063-video-keys-and-tokens.md): one VIDEO_SECRET outside the database,
 * from which two independent keys are derived — one signs playback tokens, the other wraps the AES-128 segment
 * keys stored in the database (AES-256-GCM, bound to the lesson).
 */

export type TVideoKeys = { token: Buffer; wrap: Buffer };

/** Outside production a missing VIDEO_SECRET is generated once into the data directory, like CODES_SECRET. */
export function resolveVideoSecret(config: Pick<TConfig, 'videoSecret' | 'dataDir'>): string {
  if (config.videoSecret) return config.videoSecret;
  const file = path.join(config.dataDir, '.video-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function deriveVideoKeys(secret: string): TVideoKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'darsi/video', info, 32));
  return { token: derive('playback-token-v1'), wrap: derive('key-wrap-aes-256-gcm-v1') };
}

/** A playback token: who (user), what (lesson), which playback session, until when (unix seconds). */
export type TPlaybackToken = { userId: string; lessonId: string; sessionId: string; exp: number };

const sign = (keys: TVideoKeys, body: string) => createHmac('sha256', keys.token).update(body).digest('base64url');

export function signToken(keys: TVideoKeys, token: TPlaybackToken): string {
  const body = Buffer.from(JSON.stringify([token.userId, token.lessonId, token.sessionId, token.exp])).toString('base64url');
  return `${body}.${sign(keys, body)}`;
}

/** The token's claims when its signature holds and it has not expired; null otherwise (never says why). */
export function verifyToken(keys: TVideoKeys, raw: string, nowMs: number): TPlaybackToken | null {
  const [body, mac, extra] = raw.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(keys, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [userId, lessonId, sessionId, exp] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, string, number];
    if (typeof exp !== 'number' || exp * 1000 <= nowMs) return null;
    return { userId, lessonId, sessionId, exp };
  } catch {
    return null;
  }
}

const aad = (lessonId: string, generation: number, rendition: number, n: number) => Buffer.from(`${lessonId}:${generation}:${rendition}:${n}`);

/** A segment key encrypted for the database; the AAD binds it to its place, so a row copied elsewhere fails. */
export function wrapKey(keys: TVideoKeys, key: Buffer, place: [string, number, number, number]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.wrap, iv);
  cipher.setAAD(aad(...place));
  const body = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unwrapKey(keys: TVideoKeys, blob: string, place: [string, number, number, number]): Buffer {
  const raw = Buffer.from(blob, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.wrap, raw.subarray(0, 12));
  decipher.setAAD(aad(...place));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** HLS AES-128: CBC with PKCS#7 padding over the whole segment (RFC 8216 §4.3.2.4). */
export function encryptSegment(key: Buffer, iv: Buffer, clear: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}
