import { createCipheriv, hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { TConfig } from '@server/core/config';
import { dataDirSecret, openGcm, sealGcm } from '@server/core/secret-box';

/*
 * The video's secrets (docs/decisions/063-video-keys-and-tokens.md): one VIDEO_SECRET outside the database,
 * from which two independent keys are derived — one signs playback tokens, the other wraps the AES-128 segment
 * keys stored in the database (AES-256-GCM, bound to the lesson).
 */

export type TVideoKeys = { token: Buffer; wrap: Buffer };

/** Outside production a missing VIDEO_SECRET is generated once into the data directory, like CODES_SECRET. */
export function resolveVideoSecret(config: Pick<TConfig, 'videoSecret' | 'dataDir'>): string {
  return dataDirSecret(config.videoSecret, config.dataDir, '.video-secret');
}

export function deriveVideoKeys(secret: string): TVideoKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'darsi/video', info, 32));
  return { token: derive('playback-token-v1'), wrap: derive('key-wrap-aes-256-gcm-v1') };
}

/** A playback token: who (user), what (lesson), which playback session, until when (unix seconds). */
export type TPlaybackToken = { userId: string; lessonId: string; sessionId: string; exp: number };

// A JWT (RFC 7519) signed with HS256 by `jose` (decision 139): the claims are checked by a maintained library,
// never by hand; `aud` keeps a token of another kind signed with another key from ever being read as this one.
const AUDIENCE = 'darsi:video';

export async function signToken(keys: TVideoKeys, token: TPlaybackToken): Promise<string> {
  return new SignJWT({ lid: token.lessonId, sid: token.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(token.userId)
    .setAudience(AUDIENCE)
    .setExpirationTime(token.exp)
    .sign(keys.token);
}

/** The token's claims when its signature holds and it has not expired; null otherwise (never says why). */
export async function verifyToken(keys: TVideoKeys, raw: string, nowMs: number): Promise<TPlaybackToken | null> {
  try {
    const { payload } = await jwtVerify(raw, keys.token, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp'],
    });
    const { sub, lid, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof lid !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    return { userId: sub, lessonId: lid, sessionId: sid, exp };
  } catch {
    return null;
  }
}

const aad = (lessonId: string, generation: number, rendition: number, n: number) => Buffer.from(`${lessonId}:${generation}:${rendition}:${n}`);

/** A segment key encrypted for the database; the AAD binds it to its place, so a row copied elsewhere fails. */
export function wrapKey(keys: TVideoKeys, key: Buffer, place: [string, number, number, number]): string {
  return sealGcm(keys.wrap, key, aad(...place));
}

export function unwrapKey(keys: TVideoKeys, blob: string, place: [string, number, number, number]): Buffer {
  return openGcm(keys.wrap, blob, aad(...place));
}

/** HLS AES-128: CBC with PKCS#7 padding over the whole segment (RFC 8216 §4.3.2.4). */
export function encryptSegment(key: Buffer, iv: Buffer, clear: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}
