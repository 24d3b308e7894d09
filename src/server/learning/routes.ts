import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { asEntryPage, ENTRY_COOKIE } from '@shared/entry-page';
import { ZPlatformQuery } from '@shared/schemas/courses';
import type { TGuards, TStudentEnv } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import { fileResponse, type TFilesStore } from '@server/courses';
import type { TLearning } from './index';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });
const ZCourseLessonParam = ZCourseParam.extend(ZLessonParam.shape);

/** /api/learning/student/…: My Subscriptions, a course's outline and lessons, progress, free enrollment. */
type TDeps = { learning: TLearning; files: TFilesStore; config: TConfig };

function learningStudentRoutes({ learning, files, config }: TDeps) {
  const where = <E extends TAppEnv>(c: Context<E>) => ({ hostSubdomain: requestContext(c, config).hostSubdomain });
  return new Hono<TStudentEnv>()
    .get('/subscriptions', validate('query', ZPlatformQuery), async (c) => {
      const platform = requestContext(c, config).hostSubdomain ?? c.req.valid('query').platform ?? null;
      return c.json(await learning.dashboard(c.var.studentId, platform));
    })
    .get('/courses/:courseId', validate('param', ZCourseParam), async (c) =>
      c.json(await learning.outline(c.var.studentId, c.req.valid('param').courseId, where(c))),
    )
    .post('/courses/:courseId/enroll-free', validate('param', ZCourseParam), async (c) =>
      c.json(
        await learning.enrollFree(c.var.studentId, c.req.valid('param').courseId, where(c), clientIp(c, config), asEntryPage(getCookie(c, ENTRY_COOKIE))),
        201,
      ),
    )
    .get('/courses/:courseId/lessons/:lessonId', validate('param', ZCourseLessonParam), async (c) => {
      const { courseId, lessonId } = c.req.valid('param');
      return c.json(await learning.lesson(c.var.studentId, courseId, lessonId, where(c)));
    })
    .post('/lessons/:lessonId/complete', validate('param', ZLessonParam), async (c) =>
      c.json(await learning.complete(c.var.studentId, c.req.valid('param').lessonId, where(c))),
    )
    .get('/lessons/:lessonId/file', validate('param', ZLessonParam), async (c) => {
      const file = await learning.lessonFile(c.var.studentId, c.req.valid('param').lessonId, where(c));
      return fileResponse(files, file, c.req.header('range'));
    });
}

/** /api/learning, the whole API of the domain: the student's side, behind its guard. */
export function learningApi(deps: TDeps & { guards: TGuards }) {
  return new Hono<TAppEnv>().route('/student', new Hono<TAppEnv>().use(deps.guards.requireStudent).route('/', learningStudentRoutes(deps)));
}
