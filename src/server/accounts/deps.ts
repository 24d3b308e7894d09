import type { Logger } from 'pino';
import type { TAuth } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TJobQueue } from '@server/core/jobs/queue';
import type { TMailer } from '@server/core/mailer';

export type TAccountsDeps = { db: Db; auth: TAuth; logger: Logger; jobs: TJobQueue; config: TConfig; mailer: TMailer };
/** A result plus the Set-Cookie headers Better Auth produced, for the route to pass on. */
export type TWithCookies<T> = { result: T; cookies: string[] };
