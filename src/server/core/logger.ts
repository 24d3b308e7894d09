import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';
import type prettyFactory from 'pino-pretty';
import type { TConfig } from './config';

/**
 * JSON lines for log collectors; on a terminal (someone ran `npm start`), one readable line per entry instead.
 * pino-pretty is loaded only then, so a production start never pays for it.
 */
export function createLogger(config: Pick<TConfig, 'logLevel'>, terminal = process.stdout.isTTY === true) {
  const options = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  return terminal ? pino(options, prettyStream()) : pino(options);
}

function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof prettyFactory;
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true });
}
