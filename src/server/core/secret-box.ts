import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TConfig } from './config';

/*
 * The one place Darsi keeps secrets and seals values (issue 21): the secret files of the data directory
 * (auth, codes, video, payments) and AES-256-GCM, which seals teachers' Chargily keys (issue 13), activation
 * codes (issue 11) and video segment keys (decision 063). A sealed blob is base64url(iv | tag | ciphertext).
 */

/**
 * A secret from the configuration or, outside production (config.ts refuses to start there without it),
 * generated once into the data directory and kept there (never in the database), so restarts keep it.
 */
export function dataDirSecret(configured: string | undefined, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** AES-256-GCM with a random nonce; `aad` binds the value to its place, so a copy moved elsewhere fails to open. */
export function sealGcm(key: Buffer, plain: Buffer | string, aad?: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Throws when the blob was not sealed under this key and `aad` (or was changed). */
export function openGcm(key: Buffer, blob: string, aad?: Buffer): Buffer {
  const raw = Buffer.from(blob, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** Outside production a missing PAYMENTS_SECRET is generated once into the data directory. */
export function resolvePaymentsSecret(config: Pick<TConfig, 'paymentsSecret' | 'dataDir'>): string {
  return dataDirSecret(config.paymentsSecret, config.dataDir, '.payments-secret');
}

export type TSecretBox = { sealSecret: (plain: string) => string; openSecret: (sealed: string) => string };

/** Teachers' secrets in the database, under a key derived (HKDF) from PAYMENTS_SECRET: `v1.<sealed>`. */
export function secretBox(secret: string): TSecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'darsi/payments', 'secret-box-aes-256-gcm-v1', 32));
  return {
    sealSecret: (plain) => `v1.${sealGcm(key, plain)}`,
    openSecret(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format');
      return openGcm(key, sealed.slice(3)).toString('utf8');
    },
  };
}
