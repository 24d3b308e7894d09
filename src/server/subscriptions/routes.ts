import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ZChangePlan, ZEnroll, ZStudentsQuery } from '@shared/schemas/courses';
import type { TGuards, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { studentsCsv } from './export-students';
import type { TSubscriptions } from './index';

const ZEnrollmentParam = z.object({ enrollmentId: z.uuid('fields.invalid') });
const ZStudentsFilter = ZStudentsQuery.omit({ after: true, before: true, pageSize: true });

/** /api/subscriptions/teacher/…: Student Subscription Management. */
function subscriptionTeacherRoutes({ subscriptions, config }: { subscriptions: TSubscriptions; config: TConfig }) {
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });
  return new Hono<TTeacherEnv>()
    .get('/students', validate('query', ZStudentsQuery), async (c) => c.json(await subscriptions.list(c.var.teacher.id, c.req.valid('query'))))
    .get('/students/export/csv', validate('query', ZStudentsFilter), async (c) => {
      const rows = await subscriptions.exportRows(c.var.teacher.id, c.req.valid('query'));
      return attachment(studentsCsv(rows, requestContext(c, config).language), 'text/csv; charset=utf-8', 'students.csv');
    })
    .post('/enrollments', validate('json', ZEnroll), async (c) =>
      c.json(await subscriptions.enroll(c.var.teacher.id, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201),
    )
    .patch('/enrollments/:enrollmentId/plan', validate('param', ZEnrollmentParam), validate('json', ZChangePlan), async (c) =>
      c.json(await subscriptions.changePlan(c.var.teacher.id, c.req.valid('param').enrollmentId, c.req.valid('json'), actor(c, c.var.viewer.userId))),
    )
    .post('/enrollments/:enrollmentId/cancel', validate('param', ZEnrollmentParam), async (c) =>
      c.json(await subscriptions.cancel(c.var.teacher.id, c.req.valid('param').enrollmentId, actor(c, c.var.viewer.userId))),
    )
    .post('/enrollments/:enrollmentId/suspend', validate('param', ZEnrollmentParam), async (c) =>
      c.json(await subscriptions.suspend(c.var.teacher.id, c.req.valid('param').enrollmentId, actor(c, c.var.viewer.userId))),
    )
    .post('/enrollments/:enrollmentId/reactivate', validate('param', ZEnrollmentParam), async (c) =>
      c.json(await subscriptions.reactivate(c.var.teacher.id, c.req.valid('param').enrollmentId, actor(c, c.var.viewer.userId))),
    );
}

/** /api/subscriptions, the whole API of the domain: the teacher's side, behind its guard. */
export function subscriptionsApi(deps: { subscriptions: TSubscriptions; config: TConfig; guards: TGuards }) {
  return new Hono<TAppEnv>().route('/teacher', new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', subscriptionTeacherRoutes(deps)));
}
