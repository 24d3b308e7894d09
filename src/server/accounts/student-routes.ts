import { Hono } from 'hono';
import type { TGuards } from '@server/auth';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { studentPlatforms } from './queries';

type TDeps = { db: Db; guards: TGuards };

/** /api/accounts/student: what a student sees outside any one course. */
export function studentRoutes({ db, guards }: TDeps) {
  return new Hono<TAppEnv>().use(guards.requireStudent).get('/platforms', async (c) => c.json({ platforms: await studentPlatforms(db, c.var.studentId) }));
}
