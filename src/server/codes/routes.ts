import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ZBatchCreate, ZBatchesQuery, ZCodeRequestsQuery, ZCodesQuery, ZPlatformQuery, ZRedeem } from '@shared/schemas/courses';
import type { TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import { coursesText } from '@server/core/i18n';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { cardsPdf } from './export';
import type { TCodes } from './index';
import { csvFileName, textCell, toCsv } from '@server/core/csv';

const ZBatchParam = z.object({ batchId: z.uuid('fields.invalid') });
const ZCodeParam = z.object({ codeId: z.uuid('fields.invalid') });
const ZRequestParam = z.object({ requestId: z.uuid('fields.invalid') });

type TDeps = { codes: TCodes; config: TConfig };

/** /api/courses/teacher/…: activation codes and the codes typed in teacher-confirmed mode (decision 031). */
export function codeTeacherRoutes({ codes, config }: TDeps) {
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });
  return new Hono<TTeacherEnv>()
    .get('/batches', validate('query', ZBatchesQuery), async (c) => c.json(await codes.batches.listBatches(c.var.teacher.id, c.req.valid('query'))))
    .post('/batches', validate('json', ZBatchCreate), async (c) => c.json(await codes.batches.generateBatch(c.var.teacher.id, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201))
    .get('/batches/:batchId/codes', validate('param', ZBatchParam), validate('query', ZCodesQuery), async (c) =>
      c.json(await codes.batches.listCodes(c.var.teacher.id, c.req.valid('param').batchId, c.req.valid('query'))),
    )
    .get('/batches/:batchId/export/csv', validate('param', ZBatchParam), async (c) => {
      const l = requestContext(c, config).language;
      const data = await codes.batches.batchCodesInClear(c.var.teacher.id, c.req.valid('param').batchId);
      const header = ['serial', 'code', 'course', 'plan', 'state', 'uses', 'maxUses', 'validUntil', 'link'].map((k) => coursesText(l, `csv.codes.${k}`));
      const plan = data.plan ? coursesText(l, `plans.types.${data.plan.type}`) : '';
      const rows = data.codes.map((x) => [x.serial, textCell(x.code), data.courseTitle, plan, coursesText(l, `codes.states.${x.state}`), x.uses, x.maxUses, x.validUntil.toISOString(), data.link]);
      return attachment(toCsv(header, rows), 'text/csv; charset=utf-8', csvFileName(`codes-${data.batch.id.slice(0, 8)}`));
    })
    .get('/batches/:batchId/export/pdf', validate('param', ZBatchParam), async (c) => {
      const data = await codes.batches.batchCodesInClear(c.var.teacher.id, c.req.valid('param').batchId);
      const planLabel = data.plan ? coursesText('ar', `plans.types.${data.plan.type}`) : '';
      const printable = data.codes.filter((x) => x.state === 'unused' || x.state === 'sold');
      const pdf = await cardsPdf(
        config.chromiumPath,
        printable.map((x) => ({ serial: x.serial, code: x.code, courseTitle: data.courseTitle, teacherName: data.teacherName, link: data.link.replace(/^https?:\/\//, ''), validUntil: x.validUntil, planLabel })),
      );
      return attachment(pdf, 'application/pdf', `codes-${data.batch.id.slice(0, 8)}.pdf`);
    })
    .post('/batches/:batchId/revoke', validate('param', ZBatchParam), async (c) => c.json(await codes.batches.revokeBatch(c.var.teacher.id, c.req.valid('param').batchId, actor(c, c.var.viewer.userId))))
    .post('/codes/:codeId/revoke', validate('param', ZCodeParam), async (c) => c.json(await codes.batches.revokeCode(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))))
    .post('/codes/:codeId/sold', validate('param', ZCodeParam), async (c) => c.json(await codes.batches.markSold(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))))
    // Codes typed in teacher-confirmed mode (decision 031)
    .get('/code-requests', validate('query', ZCodeRequestsQuery), async (c) => c.json(await codes.redemption.listRequests(c.var.teacher.id, c.req.valid('query'))))
    .post('/code-requests/:requestId/confirm', validate('param', ZRequestParam), async (c) =>
      c.json(await codes.redemption.confirmRequest(c.var.teacher, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
    )
    .post('/code-requests/:requestId/reject', validate('param', ZRequestParam), async (c) =>
      c.json(await codes.redemption.rejectRequest(c.var.teacher.id, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
    );
}

/** /api/courses/student/…: a student redeems a code and follows the ones sent to the teacher. */
export function codeStudentRoutes({ codes: { redemption }, config }: TDeps) {
  return new Hono<TStudentEnv>()
    .post('/redeem', validate('json', ZRedeem), async (c) => {
      const ctx = requestContext(c, config);
      return c.json(await redemption.redeem(c.var.studentId, c.req.valid('json'), ctx));
    })
    .get('/code-requests', validate('query', ZPlatformQuery), async (c) => {
      const platform = requestContext(c, config).hostSubdomain ?? c.req.valid('query').platform ?? null;
      return c.json(await redemption.studentRequests(c.var.studentId, platform));
    });
}
