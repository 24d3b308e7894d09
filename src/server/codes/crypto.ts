import { createHash, createHmac, hkdfSync, randomInt } from 'node:crypto';
import { CODE_LENGTH } from '@shared/courses';
import type { TConfig } from '@server/core/config';
import { dataDirSecret, openGcm, sealGcm } from '@server/core/secret-box';

export type TCodeKeys = { hmac: Buffer; aes: Buffer; link: Buffer; mail: Buffer };

/** CODES_SECRET, or outside production one generated once into the data directory (never the database). */
export function resolveCodesSecret(config: Pick<TConfig, 'codesSecret' | 'dataDir'>): string {
  return dataDirSecret(config.codesSecret, config.dataDir, '.codes-secret');
}

/** Two independent keys from one secret, so that the lookup key never doubles as the encryption key. */
export function deriveCodeKeys(secret: string): TCodeKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'darsi/activation-codes', info, 32));
  return { hmac: derive('hmac-lookup-v1'), aes: derive('aes-256-gcm-v1'), link: derive('card-link-v1'), mail: derive('waiting-mail-link-v1') };
}

/** A uniformly random six-digit code from the CSPRNG (leading zeros kept). */
export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** The lookup value: bound to the teacher, so one teacher's code says nothing about another's. */
export function codeHmac(keys: TCodeKeys, teacherId: string, code: string): string {
  return createHmac('sha256', keys.hmac).update(`${teacherId}:${code}`).digest('base64url');
}

/** AES-256-GCM; the teacher id is authenticated data, so a row moved to another tenant fails. */
export function encryptCode(keys: TCodeKeys, teacherId: string, code: string): string {
  return sealGcm(keys.aes, code, Buffer.from(teacherId));
}

export function decryptCode(keys: TCodeKeys, teacherId: string, blob: string): string {
  return openGcm(keys.aes, blob, Buffer.from(teacherId)).toString('utf8');
}

/**
 * A card's QR token (decision 106): 192 bits derived from the codes secret and the card's id, so that the
 * same card prints the same link again and the database, which keeps only its hash, cannot make it.
 */
export function cardLinkToken(keys: TCodeKeys, codeId: string): string {
  return createHmac('sha256', keys.link).update(`card:${codeId}`).digest('base64url').slice(0, 32);
}

/** What the database keeps of a QR token, and what a scanned link is looked up by. */
export function cardLinkHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
