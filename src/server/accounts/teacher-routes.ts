import { Hono } from 'hono';
import type { TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { teacherOverview } from './teacher-overview';

type TDeps = { config: TConfig; db: Db; guards: TGuards };

export function teacherRoutes({ config, db, guards }: TDeps) {
  return new Hono<TAppEnv>().use(guards.requireTeacher).get('/overview', async (c) => {
    return c.json(await teacherOverview(db, c.var.teacher, config));
  });
}
