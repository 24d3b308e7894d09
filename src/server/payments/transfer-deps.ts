import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import type { TConfig } from '@server/core/config';
import type { TReceiptStorage } from './receipt-storage';

/** What the transfer use cases need (issue 13, decision 092). */
export type TTransferDeps = {
  db: Db;
  clock: TClock;
  jobs: TJobQueue;
  mailer: TMailer;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  storage: TReceiptStorage;
  /** The notification centre (issue 26): a receipt arrives or is decided, in the app. */
  notify?: TNotify;
};
