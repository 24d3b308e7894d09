import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RECEIPT_MAX_BYTES } from '@shared/schemas/transfer';
import { z } from 'zod';
import { ZBroadcastInput, ZFeedbackAnswer, ZMessageInput } from '@shared/schemas/messages';
import { ZFeedbackSubmission } from '@shared/schemas/site';
import type { TGuards, TStudentEnv, TTeacherEnv, TViewer } from '@server/auth';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { validate } from '@server/core/validate';
import { sandboxedFile } from '@server/core/attachment';
import type { TMessages } from './index';

const ZStudent = z.object({ studentId: z.string().min(1).max(100) });
const ZTeacher = z.object({ teacherId: z.uuid('fields.invalid') });
type TAdminEnv = TAppEnv & { Variables: { viewer: TViewer } };
const ZId = z.object({ id: z.uuid('fields.invalid') });
const ZSearch = z.object({ q: z.string().trim().max(200).default('') });
const ZCaption = z.object({ caption: z.string().max(500, 'fields.tooLong').default('') });
const ZMessage = z.object({ messageId: z.uuid('fields.invalid') });

/**
 * An attachment is the raw body (the file), under the receipts' size limit; its path is left out of the API's 1 MB
 * JSON limit in app.ts (MESSAGE_ATTACHMENT_PATH).
 */
export const MESSAGE_ATTACHMENT_PATH = /^\/api\/messages\/(teacher|student)\/conversations\/[^/]+\/attachment$/;
const fileLimit = bodyLimit({
  maxSize: RECEIPT_MAX_BYTES,
  onError: () => {
    throw new AppError('RECEIPT_TOO_LARGE', undefined, { mb: RECEIPT_MAX_BYTES / 1024 / 1024 });
  },
});
const fileOf = async (c: { req: { arrayBuffer: () => Promise<ArrayBuffer> } }) => Buffer.from(await c.req.arrayBuffer());

function teacherRoutes(m: TMessages) {
  return new Hono<TTeacherEnv>()
    .get('/conversations', validate('query', ZSearch), async (c) => c.json(await m.teacherConversations(c.var.teacher.id, c.req.valid('query').q)))
    .get('/conversations/:studentId', validate('param', ZStudent), validate('query', ZSearch), async (c) =>
      c.json(await m.teacherThread(c.var.teacher.id, c.req.valid('param').studentId, c.req.valid('query').q)),
    )
    .post('/conversations/:studentId', validate('param', ZStudent), validate('json', ZMessageInput), async (c) =>
      c.json(await m.teacherSend(c.var.teacher.id, c.req.valid('param').studentId, c.req.valid('json')), 201),
    )
    .put('/conversations/:studentId/attachment', fileLimit, validate('param', ZStudent), validate('query', ZCaption), async (c) =>
      c.json(await m.sendAttachment(c.var.teacher.id, c.req.valid('param').studentId, 'teacher', await fileOf(c), c.req.valid('query').caption), 201),
    )
    .get('/conversations/:studentId/messages/:messageId/attachment', validate('param', ZStudent.extend(ZMessage.shape)), async (c) => {
      const { studentId, messageId } = c.req.valid('param');
      return sandboxedFile(await m.attachmentFile(c.var.teacher.id, studentId, messageId));
    })
    .get('/broadcasts', async (c) => c.json(await m.listBroadcasts(c.var.teacher.id)))
    .get('/broadcasts/targets', async (c) => c.json(await m.broadcastTargets(c.var.teacher.id)))
    .post('/broadcasts', validate('json', ZBroadcastInput), async (c) => c.json(await m.sendBroadcast(c.var.teacher.id, c.req.valid('json')), 202))
    .get('/feedback', async (c) => c.json(await m.teacherFeedback(c.var.teacher.id)))
    .post('/feedback', validate('json', ZFeedbackSubmission), async (c) =>
      c.json(await m.sendFeedback({ id: c.var.teacher.id, language: c.var.viewer.language }, c.req.valid('json')), 201),
    );
}

/** Feedback from teachers, answered by the admins. */
function adminRoutes(m: TMessages) {
  return new Hono<TAdminEnv>()
    .get('/feedback', async (c) => c.json(await m.adminFeedback()))
    .patch('/feedback/:id', validate('param', ZId), validate('json', ZFeedbackAnswer), async (c) =>
      c.json(await m.answerFeedback(c.var.viewer.userId, c.req.valid('param').id, c.req.valid('json'))),
    );
}

function studentRoutes(m: TMessages) {
  return new Hono<TStudentEnv>()
    .get('/conversations', async (c) => c.json(await m.studentConversations(c.var.studentId)))
    .get('/conversations/:teacherId', validate('param', ZTeacher), validate('query', ZSearch), async (c) =>
      c.json(await m.studentThread(c.var.studentId, c.req.valid('param').teacherId, c.req.valid('query').q)),
    )
    .post('/conversations/:teacherId', validate('param', ZTeacher), validate('json', ZMessageInput), async (c) =>
      c.json(await m.studentSend(c.var.studentId, c.req.valid('param').teacherId, c.req.valid('json')), 201),
    )
    .put('/conversations/:teacherId/attachment', fileLimit, validate('param', ZTeacher), validate('query', ZCaption), async (c) =>
      c.json(await m.sendAttachment(c.req.valid('param').teacherId, c.var.studentId, 'student', await fileOf(c), c.req.valid('query').caption), 201),
    )
    .get('/conversations/:teacherId/messages/:messageId/attachment', validate('param', ZTeacher.extend(ZMessage.shape)), async (c) => {
      const { teacherId, messageId } = c.req.valid('param');
      return sandboxedFile(await m.attachmentFile(teacherId, c.var.studentId, messageId));
    });
}

/** /api/messages: conversations between a teacher and each student, and the teacher's broadcasts (issue 26). */
export function messagesApi({ messages, guards }: { messages: TMessages; guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', teacherRoutes(messages));
  const student = new Hono<TAppEnv>().use(guards.requireStudent).route('/', studentRoutes(messages));
  const admin = new Hono<TAppEnv>().use(guards.requireAdmin).route('/', adminRoutes(messages));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student).route('/admin', admin);
}
