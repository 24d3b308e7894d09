import { Hono } from 'hono';
import { z } from 'zod';
import { ZHeartbeat, ZPlaybackStart, type THeartbeatResult, type TPlayback, type TPreviewLesson, type TVideoStatus } from '@shared/schemas/video';
import type { TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TVideo } from './index';

const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });

/**
 * /api/video/…: the teacher's status and removal, playback sessions and their heartbeat. The tus upload
 * endpoint and the token-guarded playlists, segments and keys are mounted beside these (app.ts), outside the
 * typed client: hls.js and the tus client call them by URL.
 */
export function videoRoutes({ video, guards, config }: { video: TVideo; guards: TGuards; config: TConfig }) {
  return new Hono<TAppEnv>()
    .get('/lessons/:lessonId/status', guards.requireTeacher, validate('param', ZLessonParam), async (c) => {
      const status: TVideoStatus = await video.status(c.var.teacher, c.req.valid('param').lessonId, c.var.language);
      return c.json(status);
    })
    .delete('/lessons/:lessonId', guards.requireTeacher, validate('param', ZLessonParam), async (c) => {
      await video.remove(c.var.teacher.id, c.req.valid('param').lessonId);
      return c.json({ ok: true as const });
    })
    .post('/lessons/:lessonId/playback', guards.requireUser, validate('param', ZLessonParam), validate('json', ZPlaybackStart), async (c) => {
      const playback: TPlayback = await video.startPlayback(c.var.viewer, c.req.valid('param').lessonId, c.req.valid('json').deviceId);
      return c.json(playback);
    })
    // Free previews, for anyone without an account (decision 075).
    .get('/lessons/:lessonId/preview', validate('param', ZLessonParam), async (c) => {
      const lesson: TPreviewLesson = await video.previewInfo(c.req.valid('param').lessonId);
      return c.json(lesson);
    })
    .post('/lessons/:lessonId/preview-playback', validate('param', ZLessonParam), async (c) => {
      const playback: TPlayback = await video.startPreview(c.req.valid('param').lessonId, clientIp(c, config));
      return c.json(playback);
    })
    .get('/lessons/:lessonId/preview-thumbnail.jpg', validate('param', ZLessonParam), async (c) => {
      const image = await video.previewThumbnail(c.req.valid('param').lessonId);
      return c.body(image.body, 200, { 'content-type': 'image/jpeg', 'content-length': String(image.size), 'cache-control': 'public, max-age=3600' });
    })
    .get('/lessons/:lessonId/thumbnail.jpg', guards.requireUser, validate('param', ZLessonParam), async (c) => {
      const image = await video.thumbnail(c.var.viewer.userId, c.req.valid('param').lessonId);
      return c.body(image.body, 200, { 'content-type': 'image/jpeg', 'content-length': String(image.size), 'cache-control': 'private, max-age=86400' });
    })
    .post('/playback/heartbeat', guards.requireUser, validate('json', ZHeartbeat), async (c) => {
      const result: THeartbeatResult = await video.heartbeat(c.var.viewer, c.req.valid('json'));
      return c.json(result);
    });
}
