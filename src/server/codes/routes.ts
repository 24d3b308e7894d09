import { Hono, type Context, type Env } from 'hono';
import { z } from 'zod';
import {
  ZBatchCreate,
  ZBatchesQuery,
  ZCodeRequestsQuery,
  ZCodeSale,
  ZCodesQuery,
  ZConfirmWaiting,
  ZPlatformQuery,
  ZRedeem,
  ZRedeemLink,
  ZWaitingLink,
} from '@shared/schemas/courses';
import type { TGuards, TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { coursesText } from '@server/core/i18n';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TCodes } from './index';
import { csvFileName, localDateTime, textCell, toCsv } from '@server/core/csv';

const ZBatchParam = z.object({ batchId: z.uuid('fields.invalid') });
const ZCodeParam = z.object({ codeId: z.uuid('fields.invalid') });
const ZRequestParam = z.object({ requestId: z.uuid('fields.invalid') });

type TDeps = { codes: TCodes; config: TConfig };

/** /api/codes/teacher/…: activation codes and the codes typed in teacher-confirmed mode (decision 031). */
function codeTeacherRoutes({ codes, config }: TDeps) {
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });
  return (
    new Hono<TTeacherEnv>()
      .get('/batches', validate('query', ZBatchesQuery), async (c) => c.json(await codes.batches.listBatches(c.var.teacher.id, c.req.valid('query'))))
      .post('/batches', validate('json', ZBatchCreate), async (c) =>
        c.json(await codes.batches.generateBatch(c.var.teacher.id, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201),
      )
      .get('/batches/:batchId/codes', validate('param', ZBatchParam), validate('query', ZCodesQuery), async (c) =>
        c.json(await codes.batches.listCodes(c.var.teacher.id, c.req.valid('param').batchId, c.req.valid('query'))),
      )
      .get('/batches/:batchId/export/csv', validate('param', ZBatchParam), async (c) => {
        const l = requestContext(c, config).language;
        const data = await codes.batches.batchCodesInClear(c.var.teacher.id, c.req.valid('param').batchId);
        const header = ['serial', 'code', 'course', 'plan', 'state', 'uses', 'maxUses', 'validUntil', 'link', 'cardNumber', 'redeemLink'].map((k) =>
          coursesText(l, `csv.codes.${k}`),
        );
        const plan = data.plan ? coursesText(l, `plans.types.${data.plan.type}`) : '';
        const rows = data.codes.map((x) => [
          x.serial,
          textCell(x.code),
          data.courseTitle,
          plan,
          coursesText(l, `codes.states.${x.state}`),
          x.uses,
          x.maxUses,
          localDateTime(x.validUntil),
          data.link,
          textCell(x.cardNumber),
          x.redeemLink,
        ]);
        return attachment(toCsv(header, rows), 'text/csv; charset=utf-8', csvFileName(`codes-${data.batch.id.slice(0, 8)}`));
      })
      // PDF cards: printed by a job (decision 056); a second click joins the render already running.
      .post('/batches/:batchId/export/pdf', validate('param', ZBatchParam), async (c) =>
        c.json(await codes.exports.startCardsPdf(c.var.teacher.id, c.req.valid('param').batchId, c.var.viewer.userId), 202),
      )
      .get('/batches/:batchId/export/pdf', validate('param', ZBatchParam), async (c) =>
        c.json(await codes.exports.cardsPdfStatus(c.var.teacher.id, c.req.valid('param').batchId)),
      )
      .get('/batches/:batchId/export/pdf/file', validate('param', ZBatchParam), async (c) => {
        const { bytes, name } = await codes.exports.cardsPdfFile(c.var.teacher.id, c.req.valid('param').batchId);
        return attachment(bytes, 'application/pdf', name);
      })
      .post('/batches/:batchId/revoke', validate('param', ZBatchParam), async (c) =>
        c.json(await codes.batches.revokeBatch(c.var.teacher.id, c.req.valid('param').batchId, actor(c, c.var.viewer.userId))),
      )
      .post('/codes/:codeId/revoke', validate('param', ZCodeParam), async (c) =>
        c.json(await codes.batches.revokeCode(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))),
      )
      .post('/codes/:codeId/sold', validate('param', ZCodeParam), async (c) =>
        c.json(await codes.batches.markSold(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))),
      )
      .post('/codes/:codeId/unsold', validate('param', ZCodeParam), async (c) =>
        c.json(await codes.batches.unmarkSold(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))),
      )
      // Cash sales in bulk: a range of card numbers or the ticked cards (decision 055).
      .post('/batches/:batchId/sold', validate('param', ZBatchParam), validate('json', ZCodeSale), async (c) =>
        c.json(await codes.batches.markSoldMany(c.var.teacher.id, c.req.valid('param').batchId, c.req.valid('json'), actor(c, c.var.viewer.userId))),
      )
      // Codes typed in teacher-confirmed mode (decision 031)
      .get('/code-requests', validate('query', ZCodeRequestsQuery), async (c) =>
        c.json(await codes.redemption.listRequests(c.var.teacher.id, c.req.valid('query'))),
      )
      .get('/code-requests/pending', async (c) => c.json(await codes.redemption.pendingRequests(c.var.teacher.id)))
      // The way out of a guessing attack: immediate answers again, once in 24 hours (decision 084).
      .post('/code-safety/reopen', async (c) => c.json(await codes.redemption.reopenGuessing(c.var.teacher.id, actor(c, c.var.viewer.userId))))
      // The waiting-codes e-mail's link (decision 137): reading what it names changes nothing; confirming is a POST.
      .post('/code-requests/mail-link', validate('json', ZWaitingLink), async (c) =>
        c.json(await codes.redemption.waitingLink(c.var.teacher.id, c.req.valid('json').token)),
      )
      .post('/code-requests/confirm-all', validate('json', ZConfirmWaiting), async (c) =>
        c.json(await codes.redemption.confirmWaiting(c.var.teacher, c.req.valid('json'), actor(c, c.var.viewer.userId))),
      )
      .post('/code-requests/:requestId/confirm', validate('param', ZRequestParam), async (c) =>
        c.json(await codes.redemption.confirmRequest(c.var.teacher, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
      )
      .post('/code-requests/:requestId/reject', validate('param', ZRequestParam), async (c) =>
        c.json(await codes.redemption.rejectRequest(c.var.teacher.id, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
      )
  );
}

/** /api/codes/student/…: a student redeems a code and follows the ones sent to the teacher. */
function codeStudentRoutes({ codes: { redemption }, config }: TDeps) {
  return (
    new Hono<TStudentEnv>()
      .post('/redeem', validate('json', ZRedeem), async (c) => {
        const ctx = requestContext(c, config);
        return c.json(await redemption.redeem(c.var.studentId, c.req.valid('json'), ctx));
      })
      // A card's QR link (decision 106): the token comes in the body, never in a logged path.
      .post('/redeem-link', validate('json', ZRedeemLink), async (c) =>
        c.json(await redemption.redeemByLink(c.var.studentId, c.req.valid('json'), requestContext(c, config))),
      )
      // "I paid for this card": after a wrong-code answer, the student sends it to the teacher (decision 055).
      .post('/code-requests', validate('json', ZRedeem), async (c) =>
        c.json(await redemption.sendToTeacher(c.var.studentId, c.req.valid('json'), requestContext(c, config))),
      )
      .get('/code-requests', validate('query', ZPlatformQuery), async (c) => {
        const platform = requestContext(c, config).hostSubdomain ?? c.req.valid('query').platform ?? null;
        return c.json(await redemption.studentRequests(c.var.studentId, platform));
      })
  );
}

/** /api/codes, the whole API of the domain: the teacher's side and the student's, each behind its guard. */
export function codesApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', codeTeacherRoutes(deps));
  const student = new Hono<TAppEnv>().use(deps.guards.requireStudent).route('/', codeStudentRoutes(deps));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}

/**
 * The page a card's QR code opens (`/redeem#token`, decision 106). The token is in the fragment, which a
 * browser never sends, so it reaches no server log; no-referrer keeps even the page's address out of
 * what its links and images tell other sites.
 */
export function cardLinkPage<E extends Env>(app: Hono<E>) {
  for (const path of ['/redeem', '/student/dashboard/redeem']) {
    app.get(path, async (c, next) => {
      await next();
      c.header('Referrer-Policy', 'no-referrer');
    });
  }
}
