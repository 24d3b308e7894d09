import type { TAuth } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TMailer } from '@server/core/mailer';

export type TAdminDeps = {
  db: Db;
  auth: TAuth;
  mailer: TMailer;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  /** The one-time token that creates the first admin (ADMIN_BOOTSTRAP_TOKEN). */
  bootstrapToken: string | undefined;
};
