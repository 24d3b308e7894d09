import { Hono, type Context } from 'hono';
import type { TAppEnv } from '@server/core/env';
import type { TDatabase } from '@server/core/db/client';

/**
 * Readiness (`/api/health`, also `/api/health/ready`): can this instance serve requests now, i.e. does the
 * database answer; a proxy takes it out of rotation on 503. Liveness (`/api/health/live`): is the process
 * itself answering; an orchestrator restarts it only when this fails, never because the database is down.
 */
export function healthRoutes(database: TDatabase) {
  const ready = async (c: Context<TAppEnv>) => {
    const up = await database.ping();
    return c.json({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' } as const, up ? 200 : 503);
  };
  return new Hono<TAppEnv>()
    .get('/', ready)
    .get('/ready', ready)
    .get('/live', (c) => c.json({ status: 'ok' } as const));
}
