import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ZBatchCreate,
  ZBatchesQuery,
  ZChangePlan,
  ZCodeRequestsQuery,
  ZCodesQuery,
  ZCourseCreate,
  ZCourseOrder,
  ZCourseUpdate,
  ZEnroll,
  ZLessonCreate,
  ZLessonUpdate,
  ZPlansPut,
  ZPlatformQuery,
  ZRedeem,
  ZSectionInput,
  ZStudentsQuery,
} from '../../shared/schemas/courses';
import { loadViewer } from '../auth/guards';
import type { TAppEnv } from '../env';
import { clientIp, requestContext } from '../request-context';
import type { TServices } from '../services';
import { cardsPdf, csvFileName, formatDate, textCell, toCsv } from '../services/codes-export';
import { coursesText } from '../i18n';
import { fileResponse, type TUploadKind } from '../services/courses-files';
import { validate } from '../validate';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });
const ZSectionParam = z.object({ sectionId: z.uuid('fields.invalid') });
const ZBatchParam = z.object({ batchId: z.uuid('fields.invalid') });
const ZCodeParam = z.object({ codeId: z.uuid('fields.invalid') });
const ZEnrollmentParam = z.object({ enrollmentId: z.uuid('fields.invalid') });
const ZRequestParam = z.object({ requestId: z.uuid('fields.invalid') });
const ZCourseLessonParam = ZCourseParam.extend(ZLessonParam.shape);
const ZStudentsFilter = ZStudentsQuery.omit({ page: true, pageSize: true });

/** Upload paths stream their body to disk with their own size limits (app.ts skips the 1 MB API limit here). */
export const UPLOAD_PATH_PREFIX = '/api/courses/teacher/uploads/';

function attachment(body: string | Buffer, type: string, name: string) {
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** API of the courses domain, mounted at /api/courses. */
export function coursesRoutes(services: TServices) {
  const { guards, config } = services;
  const domain = services.courses;
  const actor = (c: Context, userId: string) => ({ userId, ip: clientIp(c, config) });

  function upload(kind: TUploadKind, teacherId: string, req: Request) {
    const length = req.headers.get('content-length');
    return domain.files.save(teacherId, kind, req.body, {
      type: req.headers.get('content-type') ?? '',
      name: req.headers.get('x-file-name') ?? 'file',
      length: length ? Number(length) : null,
    });
  }

  const teacher = new Hono<TAppEnv>()
    .use(guards.requireTeacher)
    .get('/usage', async (c) => c.json(await domain.courses.usage(c.var.teacher)))
    .get('/courses', async (c) => c.json(await domain.courses.list(c.var.teacher)))
    .post('/courses', validate('json', ZCourseCreate), async (c) => c.json(await domain.courses.create(c.var.teacher, c.req.valid('json')), 201))
    .get('/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await domain.courses.get(c.var.teacher.id, c.req.valid('param').courseId)))
    .patch('/courses/:courseId', validate('param', ZCourseParam), validate('json', ZCourseUpdate), async (c) =>
      c.json(await domain.courses.update(c.var.teacher, c.req.valid('param').courseId, c.req.valid('json'))),
    )
    .delete('/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await domain.courses.remove(c.var.teacher.id, c.req.valid('param').courseId)))
    .put('/courses/:courseId/plans', validate('param', ZCourseParam), validate('json', ZPlansPut), async (c) =>
      c.json(await domain.courses.putPlans(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json').plans)),
    )
    .put('/courses/:courseId/order', validate('param', ZCourseParam), validate('json', ZCourseOrder), async (c) =>
      c.json(await domain.content.reorder(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json'))),
    )
    .post('/courses/:courseId/sections', validate('param', ZCourseParam), validate('json', ZSectionInput), async (c) =>
      c.json(await domain.content.addSection(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json').title), 201),
    )
    .patch('/sections/:sectionId', validate('param', ZSectionParam), validate('json', ZSectionInput), async (c) =>
      c.json(await domain.content.renameSection(c.var.teacher.id, c.req.valid('param').sectionId, c.req.valid('json').title)),
    )
    .delete('/sections/:sectionId', validate('param', ZSectionParam), async (c) =>
      c.json(await domain.content.removeSection(c.var.teacher.id, c.req.valid('param').sectionId)),
    )
    .post('/courses/:courseId/lessons', validate('param', ZCourseParam), validate('json', ZLessonCreate), async (c) =>
      c.json(await domain.content.addLesson(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json')), 201),
    )
    .patch('/lessons/:lessonId', validate('param', ZLessonParam), validate('json', ZLessonUpdate), async (c) =>
      c.json(await domain.content.updateLesson(c.var.teacher.id, c.req.valid('param').lessonId, c.req.valid('json'))),
    )
    .delete('/lessons/:lessonId', validate('param', ZLessonParam), async (c) => c.json(await domain.content.removeLesson(c.var.teacher.id, c.req.valid('param').lessonId)))
    .get('/lessons/:lessonId/file', validate('param', ZLessonParam), async (c) => {
      const file = await domain.content.lessonFile(c.var.teacher.id, c.req.valid('param').lessonId);
      return fileResponse(domain.files, file, c.req.header('range'), /^(video|image)\/|^application\/pdf$/.test(file.type));
    })
    .get('/courses/:courseId/lessons/:lessonId/preview', validate('param', ZCourseLessonParam), async (c) => {
      const { courseId, lessonId } = c.req.valid('param');
      return c.json(await domain.learning.preview(c.var.teacher.id, courseId, lessonId));
    })
    .put('/uploads/lessons/:lessonId', validate('param', ZLessonParam), async (c) => {
      // Refuse before reading a byte of someone else's lesson, or one that cannot fit the plan's storage;
      // both are checked again on attach.
      const length = c.req.header('content-length');
      await domain.content.ensureLesson(c.var.teacher, c.req.valid('param').lessonId, length ? Number(length) : null);
      const kind: TUploadKind = (c.req.header('content-type') ?? '').startsWith('video/') ? 'video' : 'file';
      const stored = await upload(kind, c.var.teacher.id, c.req.raw);
      return c.json(await domain.content.setLessonFile(c.var.teacher, c.req.valid('param').lessonId, stored).catch(async (error: unknown) => {
        await domain.files.remove(stored.key);
        throw error;
      }));
    })
    .put('/uploads/covers/:courseId', validate('param', ZCourseParam), async (c) => {
      await domain.courses.ensureCourse(c.var.teacher.id, c.req.valid('param').courseId);
      const stored = await upload('cover', c.var.teacher.id, c.req.raw);
      return c.json(await domain.courses.setCover(c.var.teacher.id, c.req.valid('param').courseId, stored).catch(async (error: unknown) => {
        await domain.files.remove(stored.key);
        throw error;
      }));
    })
    // Activation codes
    .get('/batches', validate('query', ZBatchesQuery), async (c) => c.json(await domain.codes.listBatches(c.var.teacher.id, c.req.valid('query'))))
    .post('/batches', validate('json', ZBatchCreate), async (c) => c.json(await domain.codes.generateBatch(c.var.teacher.id, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201))
    .get('/batches/:batchId/codes', validate('param', ZBatchParam), validate('query', ZCodesQuery), async (c) =>
      c.json(await domain.codes.listCodes(c.var.teacher.id, c.req.valid('param').batchId, c.req.valid('query'))),
    )
    .get('/batches/:batchId/export/csv', validate('param', ZBatchParam), async (c) => {
      const l = requestContext(c, config).language;
      const data = await domain.codes.batchCodesInClear(c.var.teacher.id, c.req.valid('param').batchId);
      const header = ['serial', 'code', 'course', 'plan', 'state', 'uses', 'maxUses', 'validUntil', 'link'].map((k) => coursesText(l, `csv.codes.${k}`));
      const plan = data.plan ? coursesText(l, `plans.types.${data.plan.type}`) : '';
      const rows = data.codes.map((x) => [x.serial, textCell(x.code), data.courseTitle, plan, coursesText(l, `codes.states.${x.state}`), x.uses, x.maxUses, x.validUntil.toISOString(), data.link]);
      return attachment(toCsv(header, rows), 'text/csv; charset=utf-8', csvFileName(`codes-${data.batch.id.slice(0, 8)}`));
    })
    .get('/batches/:batchId/export/pdf', validate('param', ZBatchParam), async (c) => {
      const data = await domain.codes.batchCodesInClear(c.var.teacher.id, c.req.valid('param').batchId);
      const planLabel = data.plan ? coursesText('ar', `plans.types.${data.plan.type}`) : '';
      const printable = data.codes.filter((x) => x.state === 'unused' || x.state === 'sold');
      const pdf = await cardsPdf(
        config.chromiumPath,
        printable.map((x) => ({ serial: x.serial, code: x.code, courseTitle: data.courseTitle, teacherName: data.teacherName, link: data.link.replace(/^https?:\/\//, ''), validUntil: x.validUntil, planLabel })),
      );
      return attachment(pdf, 'application/pdf', `codes-${data.batch.id.slice(0, 8)}.pdf`);
    })
    .post('/batches/:batchId/revoke', validate('param', ZBatchParam), async (c) => c.json(await domain.codes.revokeBatch(c.var.teacher.id, c.req.valid('param').batchId, actor(c, c.var.viewer.userId))))
    .post('/codes/:codeId/revoke', validate('param', ZCodeParam), async (c) => c.json(await domain.codes.revokeCode(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))))
    .post('/codes/:codeId/sold', validate('param', ZCodeParam), async (c) => c.json(await domain.codes.markSold(c.var.teacher.id, c.req.valid('param').codeId, actor(c, c.var.viewer.userId))))
    // Codes typed in teacher-confirmed mode (decision 031)
    .get('/code-requests', validate('query', ZCodeRequestsQuery), async (c) => c.json(await domain.redemption.listRequests(c.var.teacher.id, c.req.valid('query'))))
    .post('/code-requests/:requestId/confirm', validate('param', ZRequestParam), async (c) =>
      c.json(await domain.redemption.confirmRequest(c.var.teacher, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
    )
    .post('/code-requests/:requestId/reject', validate('param', ZRequestParam), async (c) =>
      c.json(await domain.redemption.rejectRequest(c.var.teacher.id, c.req.valid('param').requestId, actor(c, c.var.viewer.userId))),
    )
    // Student Subscription Management
    .get('/students', validate('query', ZStudentsQuery), async (c) => c.json(await domain.subscriptions.list(c.var.teacher.id, c.req.valid('query'))))
    .get('/students/export/csv', validate('query', ZStudentsFilter), async (c) => {
      const l = requestContext(c, config).language;
      const rows = await domain.subscriptions.exportRows(c.var.teacher.id, c.req.valid('query'));
      const header = ['name', 'email', 'course', 'type', 'status', 'daysLeft', 'startedAt', 'expiresAt', 'autoRenew', 'progress', 'totalPaid', 'notes'].map((k) =>
        coursesText(l, `csv.students.${k}`),
      );
      const lines = rows.map((r) => {
        const e = r.enrollment;
        return [
          r.name,
          r.email,
          e?.courseTitle ?? '',
          e ? coursesText(l, `plans.types.${e.type}`) : '',
          coursesText(l, `subscriptions.status.${e?.status ?? 'none'}`),
          e?.daysLeft ?? '',
          e ? formatDate(l, new Date(e.startedAt)) : '',
          e?.expiresAt ? formatDate(l, new Date(e.expiresAt)) : '',
          e ? coursesText(l, e.autoRenew ? 'csv.yes' : 'csv.no') : '',
          e ? `${e.progress.percent}%` : '',
          e?.totalPaidDzd ?? '',
          e?.notes ?? '',
        ];
      });
      return attachment(toCsv(header, lines), 'text/csv; charset=utf-8', 'students.csv');
    })
    .post('/enrollments', validate('json', ZEnroll), async (c) => c.json(await domain.subscriptions.enroll(c.var.teacher.id, c.req.valid('json'), actor(c, c.var.viewer.userId)), 201))
    .patch('/enrollments/:enrollmentId/plan', validate('param', ZEnrollmentParam), validate('json', ZChangePlan), async (c) =>
      c.json(await domain.subscriptions.changePlan(c.var.teacher.id, c.req.valid('param').enrollmentId, c.req.valid('json'), actor(c, c.var.viewer.userId))),
    )
    .post('/enrollments/:enrollmentId/cancel', validate('param', ZEnrollmentParam), async (c) =>
      c.json(await domain.subscriptions.cancel(c.var.teacher.id, c.req.valid('param').enrollmentId, actor(c, c.var.viewer.userId))),
    )
    .post('/enrollments/:enrollmentId/reactivate', validate('param', ZEnrollmentParam), async (c) =>
      c.json(await domain.subscriptions.reactivate(c.var.teacher.id, c.req.valid('param').enrollmentId, actor(c, c.var.viewer.userId))),
    );

  const where = <E extends TAppEnv>(c: Context<E>) => ({ hostSubdomain: requestContext(c, config).hostSubdomain });

  const student = new Hono<TAppEnv>()
    .use(guards.requireStudent)
    .get('/subscriptions', validate('query', ZPlatformQuery), async (c) => {
      const platform = requestContext(c, config).hostSubdomain ?? c.req.valid('query').platform ?? null;
      return c.json(await domain.learning.dashboard(c.var.studentId, platform));
    })
    .post('/redeem', validate('json', ZRedeem), async (c) => {
      const ctx = requestContext(c, config);
      return c.json(await domain.redemption.redeem(c.var.studentId, c.req.valid('json'), ctx));
    })
    .get('/code-requests', validate('query', ZPlatformQuery), async (c) => {
      const platform = requestContext(c, config).hostSubdomain ?? c.req.valid('query').platform ?? null;
      return c.json(await domain.redemption.studentRequests(c.var.studentId, platform));
    })
    .get('/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await domain.learning.outline(c.var.studentId, c.req.valid('param').courseId, where(c))))
    .post('/courses/:courseId/enroll-free', validate('param', ZCourseParam), async (c) =>
      c.json(await domain.learning.enrollFree(c.var.studentId, c.req.valid('param').courseId, where(c), clientIp(c, config)), 201),
    )
    .get('/courses/:courseId/lessons/:lessonId', validate('param', ZCourseLessonParam), async (c) => {
      const { courseId, lessonId } = c.req.valid('param');
      return c.json(await domain.learning.lesson(c.var.studentId, courseId, lessonId, where(c)));
    })
    .post('/lessons/:lessonId/complete', validate('param', ZLessonParam), async (c) =>
      c.json(await domain.learning.complete(c.var.studentId, c.req.valid('param').lessonId, where(c))),
    )
    .get('/lessons/:lessonId/file', validate('param', ZLessonParam), async (c) => {
      const file = await domain.learning.lessonFile(c.var.studentId, c.req.valid('param').lessonId, where(c));
      return fileResponse(domain.files, file, c.req.header('range'), /^(video|image)\/|^application\/pdf$/.test(file.type));
    });

  return new Hono<TAppEnv>()
    .get('/covers/:courseId', validate('param', ZCourseParam), async (c) => {
      // A draft's cover is the owner's until the course is published.
      const cover = await domain.courses.cover(c.req.valid('param').courseId, async () => (await loadViewer(services.auth, services.db, c.req.raw.headers))?.userId ?? null);
      const res = fileResponse(domain.files, cover, undefined, true);
      res.headers.set('cache-control', cover.isPublic ? 'public, max-age=86400' : 'private, no-store');
      return res;
    })
    .route('/teacher', teacher)
    .route('/student', student);
}
