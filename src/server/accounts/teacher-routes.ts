import { Hono } from 'hono';
import type { TGuards } from '@server/auth';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { ZTeacherContact } from '@shared/schemas/accounts';
import { validate } from '@server/core/validate';
import { teacherContact, updateTeacherContact } from './platform-profile';
import { adsOverview } from './ads';
import { gettingStarted } from './getting-started';
import { teacherOverview } from './teacher-overview';

type TDeps = { config: TConfig; db: Db; guards: TGuards; clock: TClock };

export function teacherRoutes({ config, db, guards, clock }: TDeps) {
  return new Hono<TAppEnv>()
    .use(guards.requireTeacher)
    .get('/overview', async (c) => c.json(await teacherOverview(db, c.var.teacher, config, clock.now())))
    .get('/overview/getting-started', async (c) => c.json(await gettingStarted(db, c.var.teacher.id)))
    .get('/ads', async (c) => c.json(await adsOverview(db, c.var.teacher, config)))
    .get('/contact', async (c) => c.json(await teacherContact(db, c.var.teacher.id)))
    .put('/contact', validate('json', ZTeacherContact), async (c) => c.json(await updateTeacherContact(db, c.var.teacher.id, c.req.valid('json'))));
}
