import { Hono } from 'hono';
import { z } from 'zod';
import { toLanguage } from '@shared/i18n';
import type { TGuards, TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TAppEnv } from '@server/core/env';
import { validate } from '@server/core/validate';
import { fileResponse } from '@server/courses';
import type { TCertificates } from './index';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZCertificateParam = z.object({ id: z.uuid('fields.invalid') });
const ZSettings = z.object({ enabled: z.boolean() });

/** Signature uploads stream their body to disk under the covers' limit (app.ts skips the 1 MB API limit here). */
export const SIGNATURE_UPLOAD_PREFIX = '/api/certificates/teacher/uploads/';

/** /api/certificates/student…: the student's certificates, a claim, the PDF in their language. */
function certificateStudentRoutes(certificates: TCertificates) {
  return new Hono<TStudentEnv>()
    .get('/', async (c) => c.json(await certificates.myCertificates(c.var.studentId)))
    .post('/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await certificates.claim(c.var.studentId, c.req.valid('param').courseId)))
    .get('/:id/pdf', validate('param', ZCertificateParam), async (c) => {
      const row = await certificates.ownCertificate(c.var.studentId, c.req.valid('param').id);
      const pdf = await certificates.pdf(row, toLanguage(c.get('language')));
      return attachment(pdf, 'application/pdf', `certificate-${row.id.slice(0, 8)}.pdf`);
    });
}

type TDeps = { certificates: TCertificates; files: Parameters<typeof fileResponse>[0] };

/** /api/certificates/teacher/courses/:courseId…: certificates on or off and the signature, per course. */
function certificateTeacherRoutes({ certificates, files }: TDeps) {
  return (
    new Hono<TTeacherEnv>()
      .get('/courses/:courseId', validate('param', ZCourseParam), async (c) =>
        c.json(await certificates.courseSettings(c.var.teacher.id, c.req.valid('param').courseId)),
      )
      .put('/courses/:courseId', validate('param', ZCourseParam), validate('json', ZSettings), async (c) =>
        c.json(await certificates.putSettings(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json'))),
      )
      .get('/courses/:courseId/signature', validate('param', ZCourseParam), async (c) => {
        const file = await certificates.signatureFile(c.var.teacher.id, c.req.valid('param').courseId);
        const res = fileResponse(files, file, undefined);
        res.headers.set('cache-control', 'private, no-store');
        return res;
      })
      .delete('/courses/:courseId/signature', validate('param', ZCourseParam), async (c) =>
        c.json(await certificates.removeSignature(c.var.teacher.id, c.req.valid('param').courseId)),
      )
      // Under /uploads/: streamed to disk with the covers' limits (5 MB), magic bytes checked (courses/files.ts).
      .put('/uploads/signatures/:courseId', validate('param', ZCourseParam), async (c) => {
        const { courseId } = c.req.valid('param');
        const type = c.req.header('content-type') ?? '';
        await certificates.ensureSignatureUpload(c.var.teacher.id, courseId, type);
        const length = c.req.header('content-length');
        const stored = await files.save(c.var.teacher.id, 'cover', c.req.raw.body, { type, name: 'signature', length: length ? Number(length) : null });
        return c.json(
          await certificates.setSignature(c.var.teacher.id, courseId, stored).catch(async (error: unknown) => {
            await files.remove(stored.key);
            throw error;
          }),
        );
      })
  );
}

/** /api/certificates, the whole API of the domain: the teacher's side and the student's, each behind its guard. */
export function certificatesApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', certificateTeacherRoutes(deps));
  const student = new Hono<TAppEnv>().use(deps.guards.requireStudent).route('/', certificateStudentRoutes(deps.certificates));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}
