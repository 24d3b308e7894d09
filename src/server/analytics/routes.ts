import { Hono } from 'hono';
import { z } from 'zod';
import { ANALYTICS_TABLES, ZPeriodQuery } from '@shared/schemas/analytics';
import type { TGuards, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { analyticsCsv } from './csv';
import type { TAnalytics } from './index';

const ZTableParam = z.object({ table: z.enum(ANALYTICS_TABLES) });
const ZQuizParam = z.object({ quizId: z.uuid('fields.invalid') });
const ZStudentParam = z.object({ studentId: z.string().min(1).max(100) });

/** /api/analytics/teacher…: the analytics page's figures for a period and course, their CSV, one student's view. */
function analyticsTeacherRoutes({ analytics, config }: { analytics: TAnalytics; config: TConfig }) {
  return new Hono<TTeacherEnv>()
    .get('/funnel', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.funnel(c.var.teacher.id, c.req.valid('query'))))
    .get('/activity', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.activity(c.var.teacher.id, c.req.valid('query'))))
    .get('/overview', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.overview(c.var.teacher.id, c.req.valid('query'))))
    .get('/completion', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.completion(c.var.teacher.id, c.req.valid('query'))))
    .get('/stops', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.stops(c.var.teacher.id, c.req.valid('query'))))
    .get('/video', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.video(c.var.teacher.id, c.req.valid('query'))))
    .get('/codes', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.codes(c.var.teacher.id, c.req.valid('query'))))
    .get('/revenue', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.revenue(c.var.teacher.id, c.req.valid('query'))))
    .get('/quizzes', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.quizzes(c.var.teacher.id, c.req.valid('query'))))
    .get('/quizzes/:quizId/items', validate('param', ZQuizParam), async (c) => c.json(await analytics.quizItems(c.var.teacher.id, c.req.valid('param').quizId)))
    .get('/students/:studentId', validate('param', ZStudentParam), async (c) =>
      c.json(await analytics.student(c.var.teacher.id, c.req.valid('param').studentId)),
    )
    .get('/csv/:table', validate('param', ZTableParam), validate('query', ZPeriodQuery), async (c) => {
      const { table } = c.req.valid('param');
      const csv = await analyticsCsv(analytics, c.var.teacher.id, table, c.req.valid('query'), requestContext(c, config).language);
      return attachment(csv, 'text/csv; charset=utf-8', `analytics-${table}.csv`);
    });
}

/** /api/analytics, the whole API of the domain: the teacher's reports and the admin's platform view, each behind its guard. */
export function analyticsApi({ guards, analytics, config }: { analytics: TAnalytics; config: TConfig; guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', analyticsTeacherRoutes({ analytics, config }));
  const admin = new Hono<TAppEnv>()
    .use(guards.requireAdmin)
    .get('/platform', validate('query', ZPeriodQuery), async (c) => c.json(await analytics.platform(c.req.valid('query'))));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/admin', admin);
}
