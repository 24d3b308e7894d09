import { Hono } from 'hono';
import type { TAppEnv } from '@server/core/env';
import { accountRoutes } from './routes';
import { studentRoutes } from './student-routes';
import { teacherRoutes } from './teacher-routes';

type TDeps = Parameters<typeof accountRoutes>[0] & Parameters<typeof teacherRoutes>[0] & Parameters<typeof studentRoutes>[0];

/**
 * /api/accounts, the whole API of the domain: sign-up, sign-in, the session and the profile (routes.ts), the
 * teacher's first screens under /teacher and the student's under /student (each behind its guard).
 */
export function accountsApi(deps: TDeps) {
  return new Hono<TAppEnv>().route('/', accountRoutes(deps)).route('/teacher', teacherRoutes(deps)).route('/student', studentRoutes(deps));
}
