import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  FIGURE_MAX_BYTES,
  HANDWRITING_MAX_BYTES,
  ZAnswerSave,
  ZAttemptStart,
  ZBankQuery,
  ZBankQuestionInput,
  ZExtraTime,
  ZFigure,
  ZGrade,
  ZQuizCreate,
  ZQuizInput,
} from '@shared/quizzes/schemas';
import type { TGuards, TStudentEnv, TTeacherEnv, TViewer } from '@server/auth';
import { attachment, sandboxedFile } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { attemptsCsv } from './export';
import type { TQuizzes } from './index';
import { readLimited } from '@server/core/read-limited';

/*
 * /api/quizzes (issue 25). The handwriting upload is a raw body under its own limit: QUIZ_UPLOAD_PREFIX is left out
 * of the API's 1 MB JSON limit in app.ts.
 */

export const QUIZ_UPLOAD_PREFIX = '/api/quizzes/student/uploads/';
/** Figures of questions (images ≤ FIGURE_MAX_BYTES), read under their own limit too. */
export const QUIZ_FIGURE_PREFIX = '/api/quizzes/teacher/figures/';

const ZQuizParam = z.object({ quizId: z.uuid('fields.invalid') });
const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });
const ZAttemptParam = z.object({ attemptId: z.uuid('fields.invalid') });
const ZBankParam = z.object({ questionId: z.uuid('fields.invalid') });
const ZFigureParam = z.object({ quizId: z.uuid('fields.invalid'), name: ZFigure });
const ZBankFigureParam = z.object({ courseId: z.uuid('fields.invalid'), name: ZFigure });
const ZAnswerParam = z.object({ attemptId: z.uuid('fields.invalid'), questionId: z.string().min(1).max(40) });

type TDeps = { quizzes: TQuizzes; config: TConfig };

/** /api/quizzes/teacher/…: building, the bank, extra time, attempts, grading, export and item analysis. */
function quizzesTeacherRoutes({ quizzes: { authoring, bank, results, figures }, config }: TDeps) {
  const tid = (c: Context<TTeacherEnv>) => c.var.teacher.id;
  return new Hono<TTeacherEnv>()
    .get('/courses/:courseId/quizzes', validate('param', ZCourseParam), async (c) => c.json(await authoring.listQuizzes(tid(c), c.req.valid('param').courseId)))
    .post('/quizzes', validate('json', ZQuizCreate), async (c) => c.json(await authoring.createQuiz(tid(c), c.req.valid('json')), 201))
    .get('/quizzes/:quizId', validate('param', ZQuizParam), async (c) => c.json(await authoring.getQuiz(tid(c), c.req.valid('param').quizId)))
    .put('/quizzes/:quizId', validate('param', ZQuizParam), validate('json', ZQuizInput), async (c) =>
      c.json(await authoring.updateQuiz(tid(c), c.req.valid('param').quizId, c.req.valid('json'))),
    )
    .delete('/quizzes/:quizId', validate('param', ZQuizParam), async (c) => c.json(await authoring.removeQuiz(tid(c), c.req.valid('param').quizId)))
    .put('/figures/:quizId', validate('param', ZQuizParam), async (c) => {
      const body = await readLimited(c.req.raw.body, FIGURE_MAX_BYTES, { invalid: 'FIGURE_INVALID', tooLarge: 'FIGURE_TOO_LARGE' });
      return c.json(await figures.uploadFigure(tid(c), c.req.valid('param').quizId, body), 201);
    })
    .get('/quizzes/:quizId/figures/:name', validate('param', ZFigureParam), async (c) => {
      const { quizId, name } = c.req.valid('param');
      return sandboxedFile(await figures.teacherFigure(tid(c), quizId, name));
    })
    .put('/figures/bank/:courseId', validate('param', ZCourseParam), async (c) => {
      const body = await readLimited(c.req.raw.body, FIGURE_MAX_BYTES, { invalid: 'FIGURE_INVALID', tooLarge: 'FIGURE_TOO_LARGE' });
      return c.json(await figures.uploadBankFigure(tid(c), c.req.valid('param').courseId, body), 201);
    })
    .get('/courses/:courseId/bank/figures/:name', validate('param', ZBankFigureParam), async (c) => {
      const { courseId, name } = c.req.valid('param');
      return sandboxedFile(await figures.teacherBankFigure(tid(c), courseId, name));
    })
    .get('/courses/:courseId/bank', validate('param', ZCourseParam), validate('query', ZBankQuery), async (c) =>
      c.json(await bank.listBank(tid(c), c.req.valid('param').courseId, c.req.valid('query'))),
    )
    .post('/courses/:courseId/bank', validate('param', ZCourseParam), validate('json', ZBankQuestionInput), async (c) =>
      c.json(await bank.addBankQuestion(tid(c), c.req.valid('param').courseId, c.req.valid('json')), 201),
    )
    .put('/bank/:questionId', validate('param', ZBankParam), validate('json', ZBankQuestionInput), async (c) =>
      c.json(await bank.updateBankQuestion(tid(c), c.req.valid('param').questionId, c.req.valid('json'))),
    )
    .delete('/bank/:questionId', validate('param', ZBankParam), async (c) => c.json(await bank.removeBankQuestion(tid(c), c.req.valid('param').questionId)))
    .get('/quizzes/:quizId/extra-time', validate('param', ZQuizParam), async (c) => c.json(await bank.listExtraTime(tid(c), c.req.valid('param').quizId)))
    .put('/quizzes/:quizId/extra-time', validate('param', ZQuizParam), validate('json', ZExtraTime), async (c) =>
      c.json(await bank.setExtraTime(tid(c), c.req.valid('param').quizId, c.req.valid('json'))),
    )
    .get('/quizzes/:quizId/attempts', validate('param', ZQuizParam), async (c) => c.json(await results.listAttempts(tid(c), c.req.valid('param').quizId)))
    .get('/quizzes/:quizId/attempts/csv', validate('param', ZQuizParam), async (c) => {
      const { quizId } = c.req.valid('param');
      const csv = await attemptsCsv(results, tid(c), quizId, requestContext(c, config).language);
      return attachment(csv.body, 'text/csv; charset=utf-8', csv.fileName);
    })
    .get('/quizzes/:quizId/analysis', validate('param', ZQuizParam), async (c) => c.json(await results.itemAnalysis(tid(c), c.req.valid('param').quizId)))
    .get('/quizzes/:quizId/grading', validate('param', ZQuizParam), async (c) => c.json(await results.gradingQueue(tid(c), c.req.valid('param').quizId)))
    .get('/attempts/:attemptId', validate('param', ZAttemptParam), async (c) => c.json(await results.teacherResult(tid(c), c.req.valid('param').attemptId)))
    .post('/attempts/:attemptId/grade', validate('param', ZAttemptParam), validate('json', ZGrade), async (c) =>
      c.json(await results.gradeAnswer(tid(c), c.req.valid('param').attemptId, c.req.valid('json'))),
    )
    .get('/attempts/:attemptId/files/:questionId', validate('param', ZAnswerParam), async (c) => {
      const { attemptId, questionId } = c.req.valid('param');
      return sandboxedFile(await results.answerFile({ teacherId: tid(c) }, attemptId, questionId));
    });
}

/** /api/quizzes/student/…: the quiz page, attempts (start, reopen, save, upload, submit), results, practice checks. */
function quizzesStudentRoutes({ quizzes: { taking, figures }, config }: TDeps) {
  const where = (c: Context<TStudentEnv>) => ({ hostSubdomain: requestContext(c, config).hostSubdomain });
  return new Hono<TStudentEnv>()
    .get('/lessons/:lessonId/quiz', validate('param', ZLessonParam), async (c) =>
      c.json(await taking.quizIntro(c.var.studentId, c.req.valid('param').lessonId, where(c))),
    )
    .post('/quizzes/:quizId/attempts', validate('param', ZQuizParam), validate('json', ZAttemptStart), async (c) =>
      c.json(await taking.startAttempt(c.var.studentId, c.req.valid('param').quizId, c.req.valid('json'), where(c))),
    )
    .get('/quizzes/:quizId/figures/:name', validate('param', ZFigureParam), async (c) => {
      const { quizId, name } = c.req.valid('param');
      return sandboxedFile(await figures.studentFigure(c.var.studentId, quizId, name, where(c)));
    })
    .get('/attempts/:attemptId', validate('param', ZAttemptParam), async (c) =>
      c.json(await taking.attemptView(c.var.studentId, c.req.valid('param').attemptId)),
    )
    .put('/attempts/:attemptId/answers', validate('param', ZAttemptParam), validate('json', ZAnswerSave), async (c) =>
      c.json(await taking.saveAnswers(c.var.studentId, c.req.valid('param').attemptId, c.req.valid('json'))),
    )
    .put('/uploads/:attemptId/:questionId', validate('param', ZAnswerParam), async (c) => {
      const { attemptId, questionId } = c.req.valid('param');
      const body = await readLimited(c.req.raw.body, HANDWRITING_MAX_BYTES, { invalid: 'HANDWRITING_INVALID', tooLarge: 'HANDWRITING_TOO_LARGE' });
      return c.json(await taking.uploadHandwriting(c.var.studentId, attemptId, questionId, body), 201);
    })
    .get('/attempts/:attemptId/files/:questionId', validate('param', ZAnswerParam), async (c) => {
      const { attemptId, questionId } = c.req.valid('param');
      return sandboxedFile(await taking.answerFile({ studentId: c.var.studentId }, attemptId, questionId));
    })
    .post('/attempts/:attemptId/submit', validate('param', ZAttemptParam), async (c) =>
      c.json(await taking.submitAttempt(c.var.studentId, c.req.valid('param').attemptId)),
    )
    .get('/attempts/:attemptId/result', validate('param', ZAttemptParam), async (c) =>
      c.json(await taking.studentResult(c.var.studentId, c.req.valid('param').attemptId)),
    )
    .post('/attempts/:attemptId/check/:questionId', validate('param', ZAnswerParam), async (c) => {
      const { attemptId, questionId } = c.req.valid('param');
      return c.json(await taking.checkAnswer(c.var.studentId, attemptId, questionId));
    });
}

/** A save or a submission: the request names an attempt, and only the student it belongs to gets anywhere with it. */
const attemptWrite = (c: Context) =>
  (c.req.method === 'PUT' && /\/attempts\/[^/]+\/answers$/.test(c.req.path)) || (c.req.method === 'POST' && /\/attempts\/[^/]+\/submit$/.test(c.req.path));

/**
 * The student guard, lighter on the two requests an exam sends most (decision 231): a save and a submission find the
 * attempt by its id and the session's user id, and an attempt's student_id references students, so the student row
 * the full guard reads would prove nothing more. The session and the user (banned or not) are still checked.
 */
function studentGuard(guards: TGuards) {
  return createMiddleware<{ Variables: { viewer: TViewer; studentId: string } }>(async (c, next) => {
    if (!attemptWrite(c)) return guards.requireStudent(c, next);
    // The same context: requireUser's narrower type only does not name studentId, set just below.
    return guards.requireUser(c as unknown as Context<{ Variables: { viewer: TViewer } }>, async () => {
      c.set('studentId', c.var.viewer.userId);
      await next();
    });
  });
}

/** /api/quizzes, the whole API of the domain (issue 25): the teacher's side and the student's, each behind its guard. */
export function quizzesApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', quizzesTeacherRoutes(deps));
  const student = new Hono<TAppEnv>().use(studentGuard(deps.guards)).route('/', quizzesStudentRoutes(deps));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}
