import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TNotify } from '@server/core/notify-port';
import type { TCourses } from '@server/courses';
import type { TKicker } from './kick';
import type { TLiveProvider, TProviderStatus } from './provider';

export type TLiveDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'live'>;
  mailer: TMailer;
  jobs: TJobQueue;
  /** Read once, on first use (decision 070): a wrong setting names itself on the teacher's page. */
  provider: () => Promise<{ provider: TLiveProvider | null; status: TProviderStatus }>;
  /** Removes an occupant from a Jitsi room (kick.ts, decision 141); null when not configured. Read once. */
  kicker: () => Promise<TKicker | null>;
  /** The courses domain's outline: the video lesson a recording goes into. */
  courseContent: Pick<TCourses['content'], 'addSection' | 'addLesson'>;
  /** The notification centre (issue 26): sessions scheduled, moved, cancelled, in the app. */
  notify?: TNotify;
};
