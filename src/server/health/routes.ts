import { Hono } from 'hono';
import type { TAppEnv } from '@server/core/env';
import type { TDatabase } from '@server/core/db/client';

export function healthRoutes(database: TDatabase) {
  return new Hono<TAppEnv>().get('/', async (c) => {
    const up = await database.ping();
    return c.json({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' } as const, up ? 200 : 503);
  });
}
