import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { RECEIPT_MAX_BYTES, ZReceiptInboxQuery, ZReceiptReject, ZTransferOrderCreate, ZTransferSettings } from '@shared/schemas/transfer';
import type { TStudentEnv, TTeacherEnv } from '@server/auth';
import type { TConfig } from '@server/core/config';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { readLimited } from '@server/core/read-limited';
import { sandboxedFile } from '@server/core/attachment';
import type { TTransfers } from './transfer-service';

/*
 * Transfers and receipts (decision 092). The receipt upload is a raw body (the file), under its own size limit:
 * RECEIPT_UPLOAD_PREFIX is left out of the API's 1 MB JSON limit in app.ts.
 */

export const RECEIPT_UPLOAD_PREFIX = '/api/payments/student/receipts/';

const ZOrderParam = z.object({ orderId: z.uuid('fields.invalid') });
const ZReceiptParam = z.object({ receiptId: z.uuid('fields.invalid') });
const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });

type TDeps = { transfers: TTransfers; config: TConfig };

/** /api/payments/teacher/…: transfer details and the receipts inbox. */
export function transferTeacherRoutes({ transfers }: TDeps) {
  return new Hono<TTeacherEnv>()
    .get('/transfer-settings', async (c) => c.json(await transfers.getTransferSettings(c.var.teacher.id)))
    .put('/transfer-settings', validate('json', ZTransferSettings), async (c) =>
      c.json(await transfers.saveTransferSettings(c.var.teacher.id, c.req.valid('json'))),
    )
    .get('/receipts', validate('query', ZReceiptInboxQuery), async (c) =>
      c.json({ receipts: await transfers.receiptsInbox(c.var.teacher.id, c.req.valid('query').status) }),
    )
    .get('/receipts/count', async (c) => c.json(await transfers.pendingReceiptsCount(c.var.teacher.id)))
    .get('/receipts/:receiptId/file', validate('param', ZReceiptParam), async (c) =>
      sandboxedFile(await transfers.receiptFile({ teacherId: c.var.teacher.id }, c.req.valid('param').receiptId)),
    )
    .post('/receipts/:receiptId/approve', validate('param', ZReceiptParam), async (c) =>
      c.json(await transfers.approveReceipt(c.var.teacher.id, c.req.valid('param').receiptId, c.var.viewer.userId)),
    )
    .post('/receipts/:receiptId/reject', validate('param', ZReceiptParam), validate('json', ZReceiptReject), async (c) =>
      c.json(await transfers.rejectReceipt(c.var.teacher.id, c.req.valid('param').receiptId, c.req.valid('json').reason, c.var.viewer.userId)),
    );
}

/** /api/payments/student/…: the checkout choice, transfer orders and their receipts. */
export function transferStudentRoutes({ transfers, config }: TDeps) {
  const where = (c: Context<TStudentEnv>) => ({ hostSubdomain: requestContext(c, config).hostSubdomain });
  return new Hono<TStudentEnv>()
    .get('/checkout/:courseId', validate('param', ZCourseParam), async (c) =>
      c.json(await transfers.checkoutOptions(c.var.studentId, c.req.valid('param').courseId, where(c))),
    )
    .post('/transfer-orders', validate('json', ZTransferOrderCreate), async (c) => {
      const order = await transfers.createTransferOrder(c.var.studentId, c.req.valid('json'), where(c));
      return c.json(order, order.created ? 201 : 200);
    })
    .get('/transfer-orders/:orderId', validate('param', ZOrderParam), async (c) =>
      c.json(await transfers.studentOrder(c.var.studentId, c.req.valid('param').orderId)),
    )
    .put('/receipts/:orderId', validate('param', ZOrderParam), async (c) => {
      const body = await readLimited(c.req.raw.body, RECEIPT_MAX_BYTES, { invalid: 'RECEIPT_INVALID', tooLarge: 'RECEIPT_TOO_LARGE' });
      return c.json(await transfers.uploadReceipt(c.var.studentId, c.req.valid('param').orderId, body), 201);
    })
    .get('/receipts/:receiptId/file', validate('param', ZReceiptParam), async (c) =>
      sandboxedFile(await transfers.receiptFile({ studentId: c.var.studentId }, c.req.valid('param').receiptId)),
    );
}
