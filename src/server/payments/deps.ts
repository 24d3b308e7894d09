import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import type { TSecretBox } from '@server/core/secret-box';

export type TPaymentsDeps = {
  db: Db;
  clock: TClock;
  config: TConfig;
  jobs: TJobQueue;
  mailer: TMailer;
  /** Seals and opens the teachers' Chargily secret keys (PAYMENTS_SECRET). */
  box: TSecretBox;
  /** The notification centre (issue 26): a card payment succeeded or failed, in the app. */
  notify?: TNotify;
};
