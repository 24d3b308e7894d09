import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';
import type { TCourses } from '@server/courses';
import type { TLiveProvider, TProviderStatus } from './provider';

export type TLiveDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'live'>;
  mailer: TMailer;
  jobs: TJobQueue;
  /** Read once, on first use (decision 070): a wrong setting names itself on the teacher's page. */
  provider: () => Promise<{ provider: TLiveProvider | null; status: TProviderStatus }>;
  /** The courses domain's outline: the video lesson a recording goes into. */
  courseContent: Pick<TCourses['content'], 'addSection' | 'addLesson'>;
};
