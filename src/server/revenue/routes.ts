import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toLanguage } from '@shared/i18n';
import { ZLedgerFilter, ZLedgerQuery, ZRefund, ZSummaryQuery } from '@shared/schemas/revenue';
import type { TGuards, TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { ledgerCsv } from './csv';
import type { TRevenue } from './index';

const ZEntryParam = z.object({ entryId: z.uuid('fields.invalid') });

/** /api/revenue/teacher…: the revenue page (totals, chart, ledger, CSV) and refunds. */
function revenueTeacherRoutes({ revenue, config }: { revenue: TRevenue; config: TConfig }) {
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });
  return new Hono<TTeacherEnv>()
    .get('/summary', validate('query', ZSummaryQuery), async (c) => c.json(await revenue.summary(c.var.teacher.id, c.req.valid('query').granularity)))
    .get('/entries', validate('query', ZLedgerQuery), async (c) => c.json(await revenue.listEntries(c.var.teacher.id, c.req.valid('query'))))
    .get('/entries/csv', validate('query', ZLedgerFilter), async (c) => {
      const rows = await revenue.exportEntries(c.var.teacher.id, c.req.valid('query'));
      return attachment(ledgerCsv(rows, requestContext(c, config).language), 'text/csv; charset=utf-8', 'revenue.csv');
    })
    .post('/entries/:entryId/refund', validate('param', ZEntryParam), validate('json', ZRefund), async (c) =>
      c.json(await revenue.refundPayment(c.var.teacher.id, c.req.valid('param').entryId, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201),
    );
}

/** /api/revenue/student…: "My payments" and a receipt per payment, in the student's language. */
function revenueStudentRoutes(revenue: TRevenue) {
  return new Hono<TStudentEnv>()
    .get('/payments', async (c) => c.json(await revenue.myPayments(c.var.studentId)))
    .get('/payments/:entryId/receipt', validate('param', ZEntryParam), async (c) => {
      const row = await revenue.receiptRow(c.var.studentId, c.req.valid('param').entryId);
      const pdf = await revenue.receiptPdf(row, toLanguage(c.get('language')));
      return attachment(pdf, 'application/pdf', `receipt-${row.id.slice(0, 8)}.pdf`);
    });
}

/** /api/revenue, the whole API of the domain: the teacher's side and the student's, each behind its guard. */
export function revenueApi({ guards, revenue, config }: { revenue: TRevenue; config: TConfig; guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', revenueTeacherRoutes({ revenue, config }));
  const student = new Hono<TAppEnv>().use(guards.requireStudent).route('/', revenueStudentRoutes(revenue));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}
