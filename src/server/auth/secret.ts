import type { TConfig } from '@server/core/config';
import { dataDirSecret } from '@server/core/secret-box';

/**
 * Outside production, a missing BETTER_AUTH_SECRET is generated once and kept beside the embedded
 * database, so sessions survive restarts without any set-up.
 */
export function resolveAuthSecret(config: Pick<TConfig, 'authSecret' | 'dataDir'>): string {
  return dataDirSecret(config.authSecret, config.dataDir, '.auth-secret');
}
