import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TFilesStore } from '@server/courses';

/** What the certificates domain's use cases run on (wired once in index.ts). */
export type TCertificatesDeps = {
  db: Db;
  clock: TClock;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'chromiumPath'>;
  /** The uploads store of the courses domain: signature images live beside the covers. */
  files: TFilesStore;
};
