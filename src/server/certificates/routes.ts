import { Hono } from 'hono';
import { z } from 'zod';
import { toLanguage } from '@shared/i18n';
import type { TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import { validate } from '@server/core/validate';
import { fileResponse } from '@server/courses';
import type { TCertificates } from './index';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZCertificateParam = z.object({ id: z.uuid('fields.invalid') });
const ZSettings = z.object({ enabled: z.boolean() });

/** /api/courses/student/certificates…: the student's certificates, a claim, the PDF in their language. */
export function certificateStudentRoutes(certificates: TCertificates) {
  return new Hono<TStudentEnv>()
    .get('/certificates', async (c) => c.json(await certificates.myCertificates(c.var.studentId)))
    .post('/certificates/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await certificates.claim(c.var.studentId, c.req.valid('param').courseId)))
    .get('/certificates/:id/pdf', validate('param', ZCertificateParam), async (c) => {
      const row = await certificates.ownCertificate(c.var.studentId, c.req.valid('param').id);
      const pdf = await certificates.pdf(row, toLanguage(c.get('language')));
      return attachment(pdf, 'application/pdf', `certificate-${row.id.slice(0, 8)}.pdf`);
    });
}

/** /api/courses/teacher/certificates/:courseId…: certificates on or off and the signature, per course. */
export function certificateTeacherRoutes({ certificates, files }: { certificates: TCertificates; files: Parameters<typeof fileResponse>[0] }) {
  return new Hono<TTeacherEnv>()
    .get('/certificates/:courseId', validate('param', ZCourseParam), async (c) => c.json(await certificates.courseSettings(c.var.teacher.id, c.req.valid('param').courseId)))
    .put('/certificates/:courseId', validate('param', ZCourseParam), validate('json', ZSettings), async (c) =>
      c.json(await certificates.putSettings(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json'))),
    )
    .get('/certificates/:courseId/signature', validate('param', ZCourseParam), async (c) => {
      const file = await certificates.signatureFile(c.var.teacher.id, c.req.valid('param').courseId);
      const res = fileResponse(files, file, undefined);
      res.headers.set('cache-control', 'private, no-store');
      return res;
    })
    .delete('/certificates/:courseId/signature', validate('param', ZCourseParam), async (c) => c.json(await certificates.removeSignature(c.var.teacher.id, c.req.valid('param').courseId)))
    // Under /uploads/: streamed to disk with the covers' limits (5 MB), magic bytes checked (courses/files.ts).
    .put('/uploads/signatures/:courseId', validate('param', ZCourseParam), async (c) => {
      const { courseId } = c.req.valid('param');
      const type = c.req.header('content-type') ?? '';
      await certificates.ensureSignatureUpload(c.var.teacher.id, courseId, type);
      const length = c.req.header('content-length');
      const stored = await files.save(c.var.teacher.id, 'cover', c.req.raw.body, { type, name: 'signature', length: length ? Number(length) : null });
      return c.json(await certificates.setSignature(c.var.teacher.id, courseId, stored).catch(async (error: unknown) => {
        await files.remove(stored.key);
        throw error;
      }));
    });
}
