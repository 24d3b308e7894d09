import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TLearning } from '@server/learning';
import type { Logger } from 'pino';
import type { TVideoKeys } from './crypto';
import type { TVideoStorage } from './storage';
import type { TVerdicts } from './verdicts';

export type TVideoDeps = {
  db: Db;
  clock: TClock;
  config: TConfig;
  jobs: TJobQueue;
  storage: TVideoStorage;
  keys: TVideoKeys;
  /** The tus file store's folder: originals wait here until processed, then go. */
  uploadsDir: string;
  learning: TLearning;
  logger: Logger;
  /** The key endpoint's verdicts per playback session (verdicts.ts): dropped when a session ends here. */
  verdicts: TVerdicts;
};
