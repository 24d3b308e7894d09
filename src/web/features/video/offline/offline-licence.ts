import { compactDecrypt, importJWK, jwtVerify } from 'jose';
import { deviceKey, type TOfflineLesson } from './offline-store';

/** Why an offline lesson does not play: the licence expired (renew online) or it is not for this device. */
export type TLicenceRefusal = 'expired' | 'invalid';

export class LicenceRefused extends Error {
  constructor(readonly reason: TLicenceRefusal) {
    super(reason);
  }
}

/**
 * Checks the licence offline (Darsi's ES256 signature, its expiry against the later of this clock and the last
 * server time seen) and unwraps the segment keys with this device's private key, in memory only.
 */
export async function openLicence(lesson: TOfflineLesson, nowMs = Date.now()): Promise<Record<string, Uint8Array>> {
  const now = new Date(Math.max(nowMs, lesson.seenAt));
  let payload;
  try {
    ({ payload } = await jwtVerify(lesson.licence.licence, await importJWK(lesson.licence.serverKey, 'ES256'), {
      audience: 'darsi:offline',
      currentDate: now,
    }));
  } catch (error) {
    throw new LicenceRefused((error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid');
  }
  const device = await deviceKey();
  if (payload.dev !== device.id || payload.lid !== lesson.lessonId) throw new LicenceRefused('invalid');
  try {
    const { plaintext } = await compactDecrypt(String(payload.keys), device.privateKey);
    const hex = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, string>;
    return Object.fromEntries(Object.entries(hex).map(([n, h]) => [n, Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)))]));
  } catch {
    throw new LicenceRefused('invalid');
  }
}
