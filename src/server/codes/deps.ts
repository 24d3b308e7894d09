import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import type { TCodeKeys } from './crypto';
import type { TGate } from './gate';
import type { TRedemptionLimits } from './limits';

export type TCodesDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'chromiumPath' | 'dataDir' | 'env'>;
  /** Background work: the PDF cards (decision 056). */
  jobs: TJobQueue;
  /** The e-mail telling a teacher that codes wait for confirmation (issue 22). */
  mailer: Pick<TMailer, 'send'>;
  keys: TCodeKeys;
  /** Redemption budgets (decision 031); tests and benchmarks change them on the running instance. */
  limits: TRedemptionLimits;
  /** Redemptions on one platform wait their turn in this process (decision 084). */
  gate: TGate;
  /** The notification centre (issue 26), wired by services.ts. */
  notify?: TNotify;
};
