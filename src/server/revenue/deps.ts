import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';

/** What the revenue domain's use cases run on (wired once in services.ts). */
export type TRevenueDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'chromiumPath'>;
};
