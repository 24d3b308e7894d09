import { Hono } from 'hono';
import { z } from 'zod';
import { ZCardCheck, ZCardOrderInput, ZCardSettingsInput } from '@shared/schemas/payments';
import type { TGuards, TStudentEnv, TTeacherEnv } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TPayments } from './index';
import { transferStudentRoutes, transferTeacherRoutes } from './transfer-routes';
import type { TTransfers } from './transfer-service';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZOrderParam = z.object({ orderId: z.uuid('fields.invalid') });

type TDeps = { payments: TPayments; transfers: TTransfers; guards: TGuards; config: TConfig };

/** /api/payments/teacher/…: the teacher's Chargily account. */
function teacherRoutes({ payments }: TDeps) {
  return new Hono<TTeacherEnv>()
    .get('/card-settings', async (c) => c.json(await payments.cardSettings(c.var.teacher.id)))
    .put('/card-settings', validate('json', ZCardSettingsInput), async (c) => c.json(await payments.saveCardSettings(c.var.teacher.id, c.req.valid('json'))))
    .post('/card-settings/check', validate('json', ZCardCheck), async (c) =>
      c.json(await payments.checkCardConnection(c.var.teacher.id, c.req.valid('json').mode)),
    );
}

/** /api/payments/student/…: what a course can be paid with, a card order, the order page. */
function studentRoutes({ payments, config }: TDeps) {
  return new Hono<TStudentEnv>()
    .get('/courses/:courseId/options', validate('param', ZCourseParam), async (c) =>
      c.json(await payments.paymentOptions(c.req.valid('param').courseId, requestContext(c, config).hostSubdomain)),
    )
    .post('/orders/card', validate('json', ZCardOrderInput), async (c) => {
      const { hostSubdomain, language } = requestContext(c, config);
      // Chargily sends the student back here: built from the configured host, never from the request's Host
      // header (issue 23); on a teacher's subdomain, that subdomain of it.
      const origin = `${config.publicHttps ? 'https' : 'http'}://${hostSubdomain ? `${hostSubdomain}.` : ''}${config.publicHost}`;
      return c.json(await payments.startCardOrder({ studentId: c.var.studentId, origin, hostSubdomain, language }, c.req.valid('json')), 201);
    })
    .get('/orders/:orderId', validate('param', ZOrderParam), async (c) =>
      c.json(await payments.studentOrderView(c.var.studentId, c.req.valid('param').orderId)),
    );
}

/**
 * /api/payments, the whole API of the domain: cards (this file) and transfers (transfer-routes.ts), the
 * teacher's side and the student's each behind its guard. The webhook has no guard: Chargily's signature is
 * its proof, checked on the raw body (webhook.ts). Its URL is set in each teacher's Chargily account: it stays.
 */
export function paymentsApi(deps: TDeps) {
  const { guards, payments } = deps;
  return new Hono<TAppEnv>()
    .post('/chargily/webhook', async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      return c.json(await payments.handleChargilyWebhook(raw, c.req.header('signature')));
    })
    .route('/teacher', new Hono<TAppEnv>().use(guards.requireTeacher).route('/', teacherRoutes(deps)).route('/', transferTeacherRoutes(deps)))
    .route('/student', new Hono<TAppEnv>().use(guards.requireStudent).route('/', studentRoutes(deps)).route('/', transferStudentRoutes(deps)));
}
