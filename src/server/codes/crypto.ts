import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CODE_LENGTH } from '@shared/courses';
import type { TConfig } from '@server/core/config';

export type TCodeKeys = { hmac: Buffer; aes: Buffer; link: Buffer };

/**
 * Outside production, a missing CODES_SECRET is generated once and kept in the data directory (never in
 * the database), like the auth secret; production must set it (config.ts refuses to start without it).
 */
export function resolveCodesSecret(config: Pick<TConfig, 'codesSecret' | 'dataDir'>): string {
  if (config.codesSecret) return config.codesSecret;
  const file = path.join(config.dataDir, '.codes-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Two independent keys from one secret, so that the lookup key never doubles as the encryption key. */
export function deriveCodeKeys(secret: string): TCodeKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'darsi/activation-codes', info, 32));
  return { hmac: derive('hmac-lookup-v1'), aes: derive('aes-256-gcm-v1'), link: derive('card-link-v1') };
}

/** A uniformly random six-digit code from the CSPRNG (leading zeros kept). */
export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** The lookup value: bound to the teacher, so one teacher's code says nothing about another's. */
export function codeHmac(keys: TCodeKeys, teacherId: string, code: string): string {
  return createHmac('sha256', keys.hmac).update(`${teacherId}:${code}`).digest('base64url');
}

/** AES-256-GCM with a random nonce; the teacher id is authenticated data, so a row moved to another tenant fails. */
export function encryptCode(keys: TCodeKeys, teacherId: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.aes, iv);
  cipher.setAAD(Buffer.from(teacherId));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptCode(keys: TCodeKeys, teacherId: string, blob: string): string {
  const raw = Buffer.from(blob, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.aes, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(teacherId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
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
