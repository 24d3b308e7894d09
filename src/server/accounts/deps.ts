import type { Logger } from 'pino';
import type { TAuth } from '@server/auth';
import type { Db } from '@server/core/db/client';

export type TAccountsDeps = { db: Db; auth: TAuth; logger: Logger };
/** A result plus the Set-Cookie headers Better Auth produced, for the route to pass on. */
export type TWithCookies<T> = { result: T; cookies: string[] };
