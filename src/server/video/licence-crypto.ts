import { createECDH, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { CompactEncrypt, importJWK, jwtVerify, SignJWT } from 'jose';
import type { TDevicePublicJwk } from '@shared/schemas/offline';

/*
 * Offline licences (decision 192). Darsi signs them with an ES256 key derived from VIDEO_SECRET (every instance
 * derives the same one, nothing more to store); the web verifies them offline with the public half. The segment
 * keys inside are a JWE (ECDH-ES+A128KW, A128GCM) for the device's public key: only the non-extractable private
 * key made in that browser opens it.
 */

export type TLicenceSigner = { privateKey: KeyObject; publicJwk: { kty: string; crv: string; x: string; y: string } };

const b64u = (b: Buffer) => b.toString('base64url');

/** A P-256 private scalar from the secret (HKDF; a value ≥ the curve order has probability ~2⁻³², refused by Node if ever). */
export function deriveLicenceSigner(secret: string): TLicenceSigner {
  const d = Buffer.from(hkdfSync('sha256', secret, 'darsi/video', 'offline-licence-es256-v1', 32));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) };
  const privateKey = createPrivateKey({ key: { ...jwk, d: b64u(d) }, format: 'jwk' });
  return { privateKey, publicJwk: createPublicKey(privateKey).export({ format: 'jwk' }) as TLicenceSigner['publicJwk'] };
}

const AUDIENCE = 'darsi:offline';

export type TLicenceClaims = {
  licenceId: string;
  userId: string;
  deviceId: string;
  lessonId: string;
  generation: number;
  rendition: number;
  /** Unix seconds. */
  exp: number;
};

/** The rendition's AES-128 keys ({n: hex}) wrapped for one device's public key. */
export async function wrapForDevice(publicJwk: TDevicePublicJwk, keys: Record<string, string>): Promise<string> {
  const key = await importJWK(publicJwk, 'ECDH-ES+A128KW');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(keys))).setProtectedHeader({ alg: 'ECDH-ES+A128KW', enc: 'A128GCM' }).encrypt(key);
}

export async function signLicence(signer: TLicenceSigner, claims: TLicenceClaims, wrappedKeys: string, iat: number): Promise<string> {
  return new SignJWT({ dev: claims.deviceId, lid: claims.lessonId, gen: claims.generation, ren: claims.rendition, keys: wrappedKeys })
    .setProtectedHeader({ alg: 'ES256' })
    .setJti(claims.licenceId)
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(claims.exp)
    .sign(signer.privateKey);
}

/** The claims of a licence whose signature holds and that has not expired at `nowMs`; null otherwise. */
export async function verifyLicence(signer: TLicenceSigner, raw: string, nowMs: number): Promise<TLicenceClaims | null> {
  try {
    const { payload: p } = await jwtVerify(raw, createPublicKey(signer.privateKey), {
      algorithms: ['ES256'],
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'jti'],
    });
    if (typeof p.dev !== 'string' || typeof p.lid !== 'string' || typeof p.gen !== 'number' || typeof p.ren !== 'number') return null;
    return { licenceId: p.jti!, userId: p.sub!, deviceId: p.dev, lessonId: p.lid, generation: p.gen, rendition: p.ren, exp: p.exp! };
  } catch {
    return null;
  }
}
