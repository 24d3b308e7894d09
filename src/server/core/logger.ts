import pino from 'pino';
import type { TConfig } from './config';

export function createLogger(config: Pick<TConfig, 'logLevel'>) {
  return pino({ level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] });
}
