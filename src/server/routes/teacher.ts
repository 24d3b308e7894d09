import { Hono } from 'hono';
import type { TGuards } from '../auth/guards';
import type { TConfig } from '../config';
import type { Db } from '../db/client';
import type { TAppEnv } from '../env';
import { teacherOverview } from '../services/teachers';

type TDeps = { config: TConfig; db: Db; guards: TGuards };

export function teacherRoutes({ config, db, guards }: TDeps) {
  return new Hono<TAppEnv>().use(guards.requireTeacher).get('/overview', async (c) => {
    return c.json(await teacherOverview(db, c.var.teacher, config));
  });
}
