import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TConfig } from './config';

/*
 * Secrets a teacher gives Darsi (their Chargily secret keys, issue 13) are kept sealed in the database:
 * AES-256-GCM under a key derived (HKDF) from PAYMENTS_SECRET, which lives outside the database, like
 * VIDEO_SECRET and CODES_SECRET. A sealed value is `v1.<base64url(iv | tag | ciphertext)>`.
 */

/** Outside production a missing PAYMENTS_SECRET is generated once into the data directory. */
export function resolvePaymentsSecret(config: Pick<TConfig, 'paymentsSecret' | 'dataDir'>): string {
  if (config.paymentsSecret) return config.paymentsSecret;
  const file = path.join(config.dataDir, '.payments-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type TSecretBox = { sealSecret: (plain: string) => string; openSecret: (sealed: string) => string };

export function secretBox(secret: string): TSecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'darsi/payments', 'secret-box-aes-256-gcm-v1', 32));
  return {
    sealSecret(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** Throws when the value was not sealed under this secret (or was changed). */
    openSecret(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
