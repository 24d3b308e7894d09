import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ZAdminPlanInvoicesQuery, ZPlanChoice, ZPlanInvoiceCreate, ZReceiptReject } from '@shared/schemas/billing';
import type { TGuards, TTeacherEnv, TViewer } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TBilling } from './index';
import { RECEIPT_MAX_BYTES } from './receipts';

type TDeps = { billing: TBilling; config: TConfig };
type TAdminEnv = TAppEnv & { Variables: { viewer: TViewer } };

const ZInvoiceParam = z.object({ id: z.uuid('fields.invalid') });
const ZReceiptForm = z.object({ file: z.instanceof(File, { message: 'fields.required' }) });

/** Where the receipt upload lives, outside the API's 1 MB body limit (app.ts). */
export const BILLING_RECEIPT_PATH = /^\/api\/billing\/teacher\/invoices\/[^/]+\/receipt$/;

const receiptLimit = bodyLimit({
  maxSize: RECEIPT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('BILLING_RECEIPT_INVALID');
  },
});

/**
 * A plan receipt's bytes, served like the students' transfer receipts (issue 23, decision 109): a PDF is only
 * ever a download, and every receipt sits in a CSP sandbox (no script, no origin) with `nosniff`. An image
 * (re-encoded on upload) stays inline: the admin's review screen shows it in an <img>.
 */
function fileResponse(file: { data: Buffer; mime: string }, invoiceId: string) {
  const pdf = file.mime === 'application/pdf';
  return new Response(new Uint8Array(file.data), {
    headers: {
      'content-type': file.mime,
      'content-disposition': `${pdf ? 'attachment' : 'inline'}; filename="receipt-${invoiceId}.${pdf ? 'pdf' : 'webp'}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}

/** /api/billing/teacher/…: the teacher's own plan, quotes, invoices, receipts, cancellation. */
function billingTeacherRoutes({ billing, config }: TDeps) {
  return new Hono<TTeacherEnv>()
    .get('/overview', async (c) => c.json(await billing.overview(c.var.teacher.id)))
    .get('/banner', async (c) => c.json(await billing.banner(c.var.teacher.id)))
    .get('/quote', validate('query', ZPlanChoice), async (c) => c.json(await billing.quote(c.var.teacher.id, c.req.valid('query'))))
    .post('/invoices', validate('json', ZPlanInvoiceCreate), async (c) =>
      c.json(await billing.createInvoice(c.var.teacher.id, c.req.valid('json'), requestContext(c, config).language), 201),
    )
    .post('/invoices/:id/refresh', validate('param', ZInvoiceParam), async (c) =>
      c.json(await billing.refreshInvoice(c.var.teacher.id, c.req.valid('param').id)),
    )
    .post('/invoices/:id/receipt', receiptLimit, validate('param', ZInvoiceParam), validate('form', ZReceiptForm), async (c) => {
      const { file } = c.req.valid('form');
      if (file.size > RECEIPT_MAX_BYTES) throw new AppError('BILLING_RECEIPT_INVALID');
      return c.json(await billing.uploadReceipt(c.var.teacher.id, c.req.valid('param').id, Buffer.from(await file.arrayBuffer())));
    })
    .get('/invoices/:id/receipt', validate('param', ZInvoiceParam), async (c) =>
      fileResponse(await billing.ownReceipt(c.var.teacher.id, c.req.valid('param').id), c.req.valid('param').id),
    )
    .post('/cancel', async (c) => c.json(await billing.cancelPlan(c.var.teacher.id)))
    .post('/reactivate', async (c) => c.json(await billing.reactivatePlan(c.var.teacher.id)));
}

/** /api/billing/admin/…: plan payments, receipts to review, platform revenue (admins only). */
function billingAdminRoutes({ billing, config }: TDeps) {
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });
  return new Hono<TAdminEnv>()
    .get('/invoices', validate('query', ZAdminPlanInvoicesQuery), async (c) => c.json(await billing.adminInvoices(c.req.valid('query').status)))
    .get('/invoices/:id/receipt', validate('param', ZInvoiceParam), async (c) =>
      fileResponse(await billing.adminReceipt(c.req.valid('param').id), c.req.valid('param').id),
    )
    .post('/invoices/:id/approve', validate('param', ZInvoiceParam), async (c) =>
      c.json(await billing.approveReceipt(c.req.valid('param').id, actor(c, c.var.viewer.userId))),
    )
    .post('/invoices/:id/reject', validate('param', ZInvoiceParam), validate('json', ZReceiptReject), async (c) =>
      c.json(await billing.rejectReceipt(c.req.valid('param').id, c.req.valid('json').reason, actor(c, c.var.viewer.userId))),
    )
    .get('/revenue', async (c) => c.json(await billing.platformRevenue()));
}

/**
 * POST /api/billing/chargily/webhook: called by Chargily, no session; the signature is the check. Its URL is
 * sent with each invoice (invoices.ts) and set in Darsi's Chargily account: it stays.
 */
function billingWebhookRoutes({ billing }: Pick<TDeps, 'billing'>) {
  return new Hono<TAppEnv>().post('/chargily/webhook', async (c) => c.json(await billing.chargilyWebhook(await c.req.text(), c.req.header('signature'))));
}

/** /api/billing, the whole API of the domain (issue 13): the teacher's side, the admins' side, Chargily's webhook. */
export function billingApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', billingTeacherRoutes(deps));
  const admin = new Hono<TAppEnv>().use(deps.guards.requireAdmin).route('/', billingAdminRoutes(deps));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/admin', admin).route('/', billingWebhookRoutes(deps));
}
