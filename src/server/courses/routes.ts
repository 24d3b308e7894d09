import { Hono } from 'hono';
import { z } from 'zod';
import { ZCourseCreate, ZCourseOrder, ZCourseUpdate, ZLessonCreate, ZLessonUpdate, ZPlansPut, ZSectionInput } from '@shared/schemas/courses';
import { loadViewer, type TAuth, type TGuards, type TTeacherEnv } from '@server/auth';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { validate } from '@server/core/validate';
import { AppError } from '@server/core/errors';
import { fileResponse, type TUploadKind } from './files';
import type { TCourses } from './index';

const ZCourseParam = z.object({ courseId: z.uuid('fields.invalid') });
const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });
const ZSectionParam = z.object({ sectionId: z.uuid('fields.invalid') });
const ZCourseLessonParam = ZCourseParam.extend(ZLessonParam.shape);

/** Upload paths stream their body to disk with their own size limits (app.ts skips the 1 MB API limit here). */
export const UPLOAD_PATH_PREFIX = '/api/courses/teacher/uploads/';

function upload(courses: TCourses, kind: TUploadKind, teacherId: string, req: Request) {
  const length = req.headers.get('content-length');
  return courses.files.save(teacherId, kind, req.body, {
    type: req.headers.get('content-type') ?? '',
    name: req.headers.get('x-file-name') ?? 'file',
    length: length ? Number(length) : null,
  });
}

/** /api/courses/teacher/…: a teacher's courses, outline, uploads and preview (behind requireTeacher). */
function courseTeacherRoutes(courses: TCourses) {
  return new Hono<TTeacherEnv>()
    .get('/usage', async (c) => c.json(await courses.courses.usage(c.var.teacher)))
    .get('/courses', async (c) => c.json(await courses.courses.list(c.var.teacher)))
    .post('/courses', validate('json', ZCourseCreate), async (c) => c.json(await courses.courses.create(c.var.teacher, c.req.valid('json')), 201))
    .get('/courses/:courseId', validate('param', ZCourseParam), async (c) => c.json(await courses.courses.get(c.var.teacher.id, c.req.valid('param').courseId)))
    .patch('/courses/:courseId', validate('param', ZCourseParam), validate('json', ZCourseUpdate), async (c) =>
      c.json(await courses.courses.update(c.var.teacher, c.req.valid('param').courseId, c.req.valid('json'))),
    )
    .delete('/courses/:courseId', validate('param', ZCourseParam), async (c) =>
      c.json(await courses.courses.remove(c.var.teacher.id, c.req.valid('param').courseId)),
    )
    .put('/courses/:courseId/plans', validate('param', ZCourseParam), validate('json', ZPlansPut), async (c) =>
      c.json(await courses.courses.putPlans(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json').plans)),
    )
    .put('/courses/:courseId/order', validate('param', ZCourseParam), validate('json', ZCourseOrder), async (c) =>
      c.json(await courses.content.reorder(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json'))),
    )
    .post('/courses/:courseId/sections', validate('param', ZCourseParam), validate('json', ZSectionInput), async (c) =>
      c.json(await courses.content.addSection(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json').title), 201),
    )
    .patch('/sections/:sectionId', validate('param', ZSectionParam), validate('json', ZSectionInput), async (c) =>
      c.json(await courses.content.renameSection(c.var.teacher.id, c.req.valid('param').sectionId, c.req.valid('json').title)),
    )
    .delete('/sections/:sectionId', validate('param', ZSectionParam), async (c) =>
      c.json(await courses.content.removeSection(c.var.teacher.id, c.req.valid('param').sectionId)),
    )
    .post('/courses/:courseId/lessons', validate('param', ZCourseParam), validate('json', ZLessonCreate), async (c) =>
      c.json(await courses.content.addLesson(c.var.teacher.id, c.req.valid('param').courseId, c.req.valid('json')), 201),
    )
    .patch('/lessons/:lessonId', validate('param', ZLessonParam), validate('json', ZLessonUpdate), async (c) =>
      c.json(await courses.content.updateLesson(c.var.teacher.id, c.req.valid('param').lessonId, c.req.valid('json'))),
    )
    .delete('/lessons/:lessonId', validate('param', ZLessonParam), async (c) =>
      c.json(await courses.content.removeLesson(c.var.teacher.id, c.req.valid('param').lessonId)),
    )
    .get('/lessons/:lessonId/file', validate('param', ZLessonParam), async (c) => {
      const file = await courses.content.lessonFile(c.var.teacher.id, c.req.valid('param').lessonId);
      return fileResponse(courses.files, file, c.req.header('range'));
    })
    .get('/courses/:courseId/lessons/:lessonId/preview', validate('param', ZCourseLessonParam), async (c) => {
      const { courseId, lessonId } = c.req.valid('param');
      return c.json(await courses.courses.previewLesson(c.var.teacher.id, courseId, lessonId));
    })
    .put('/uploads/lessons/:lessonId', validate('param', ZLessonParam), async (c) => {
      // Refuse before reading a byte of someone else's lesson, or one that cannot fit the plan's storage;
      // both are checked again on attach.
      const length = c.req.header('content-length');
      await courses.content.ensureLesson(c.var.teacher, c.req.valid('param').lessonId, length ? Number(length) : null);
      // Lesson videos go through tus, ffprobe and encrypted HLS (/api/video/uploads): never stored as a plain file.
      if ((c.req.header('content-type') ?? '').toLowerCase().startsWith('video/')) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      const stored = await upload(courses, 'file', c.var.teacher.id, c.req.raw);
      return c.json(
        await courses.content.setLessonFile(c.var.teacher, c.req.valid('param').lessonId, stored).catch(async (error: unknown) => {
          await courses.files.remove(stored.key);
          throw error;
        }),
      );
    })
    .put('/uploads/covers/:courseId', validate('param', ZCourseParam), async (c) => {
      await courses.courses.ensureCourse(c.var.teacher.id, c.req.valid('param').courseId);
      const stored = await upload(courses, 'cover', c.var.teacher.id, c.req.raw);
      return c.json(
        await courses.courses.setCover(c.var.teacher.id, c.req.valid('param').courseId, stored).catch(async (error: unknown) => {
          await courses.files.remove(stored.key);
          throw error;
        }),
      );
    });
}

type TDeps = { courses: TCourses; auth: TAuth; db: Db };

/** /api/courses/covers/:courseId. */
function courseCoverRoutes({ courses, auth, db }: TDeps) {
  return new Hono<TAppEnv>().get('/covers/:courseId', validate('param', ZCourseParam), async (c) => {
    // A draft's cover is the owner's until the course is published.
    const cover = await courses.courses.cover(c.req.valid('param').courseId, async () => (await loadViewer(auth, db, c.req.raw.headers))?.userId ?? null);
    const res = fileResponse(courses.files, cover, undefined);
    res.headers.set('cache-control', cover.isPublic ? 'public, max-age=86400' : 'private, no-store');
    return res;
  });
}

/** /api/courses, the whole API of the domain: the covers anyone may see and the teacher's side behind its guard. */
export function coursesApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', courseTeacherRoutes(deps.courses));
  return new Hono<TAppEnv>().route('/', courseCoverRoutes(deps)).route('/teacher', teacher);
}
