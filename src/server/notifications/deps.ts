import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TLiveHub } from './live-hub';

export type TNotificationsDeps = {
  db: Db;
  clock: TClock;
  jobs: TJobQueue;
  mailer: Pick<TMailer, 'send'>;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  /** Signs the unsubscribe links (the auth secret). */
  secret: string;
  hub: TLiveHub;
  logger: Logger;
  push: TPushOptions;
  /** Seals the VAPID private key in the database: derived from PUSH_SECRET (decision 228). */
  pushSealKey: Buffer;
};

/** Web push (decision 210): the VAPID subject, and for tests a TLS agent and the hosts of a local push-service stand-in. */
export type TPushOptions = { subject: string; agent?: Agent; extraHosts?: string[] };
