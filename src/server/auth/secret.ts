import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TConfig } from '@server/core/config';

/**
 * Outside production, a missing BETTER_AUTH_SECRET is generated once and kept beside the embedded
 * database, so sessions survive restarts without any set-up.
 */
export function resolveAuthSecret(config: Pick<TConfig, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, '.auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
