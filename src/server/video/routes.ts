import { Hono } from 'hono';
import { z } from 'zod';
import { ZDeviceRegister, ZLicenceRequest, type TOfflineDevice, type TOfflineLicence, type TTeacherDevice } from '@shared/schemas/offline';
import { ZHeartbeat, ZPlaybackStart, type THeartbeatResult, type TPlayback, type TPreviewLesson, type TVideoStatus } from '@shared/schemas/video';
import type { TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TVideo } from './index';

const ZLessonParam = z.object({ lessonId: z.uuid('fields.invalid') });
const ZDeviceRef = z.object({ deviceId: z.uuid('fields.invalid') });
const ZStudentParam = z.object({ studentId: z.string().min(1).max(100) });

/**
 * /api/video/…: the teacher's status and removal, playback sessions and their heartbeat (the typed client's part
 * of the domain's API).
 */
function videoRoutes({ video, guards, config }: { video: TVideo; guards: TGuards; config: TConfig }) {
  return (
    new Hono<TAppEnv>()
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
      // Offline lessons (decision 192): the student's devices and licences, the teacher's view and revocation.
      .post('/devices', guards.requireUser, validate('json', ZDeviceRegister), async (c) => {
        const device: { id: string } = await video.registerDevice(c.var.viewer, c.req.valid('json'));
        return c.json(device);
      })
      .get('/devices', guards.requireUser, async (c) => {
        const devices: TOfflineDevice[] = await video.listDevices(c.var.viewer);
        return c.json({ devices });
      })
      .post('/devices/release', guards.requireUser, validate('json', ZDeviceRef), async (c) => {
        await video.releaseDevice(c.var.viewer, c.req.valid('json').deviceId);
        return c.json({ ok: true as const });
      })
      .post('/licences', guards.requireUser, validate('json', ZLicenceRequest), async (c) => {
        const licence: TOfflineLicence = await video.issueLicence(c.var.viewer, c.req.valid('json'));
        return c.json(licence);
      })
      .get('/teacher/students/:studentId/devices', guards.requireTeacher, validate('param', ZStudentParam), async (c) => {
        const devices: TTeacherDevice[] = await video.teacherDevices(c.var.teacher.id, c.req.valid('param').studentId);
        return c.json({ devices });
      })
      .post('/teacher/devices/revoke', guards.requireTeacher, validate('json', ZDeviceRef), async (c) => {
        await video.revokeDevice(c.var.teacher.id, c.req.valid('json').deviceId);
        return c.json({ ok: true as const });
      })
      .post('/playback/heartbeat', guards.requireUser, validate('json', ZHeartbeat), async (c) => {
        const result: THeartbeatResult = await video.heartbeat(c.var.viewer, c.req.valid('json'));
        return c.json(result);
      })
  );
}

/**
 * /api/video, the whole API of the domain. The tus endpoint (/uploads) and the token-guarded playlists, segments
 * and keys (/play) are added to the app without joining its type, so the typed client does not see them: the
 * tus client and hls.js call them by URL.
 */
export function videoApi(deps: { video: TVideo; guards: TGuards; config: TConfig }) {
  const api = videoRoutes(deps);
  api.route('/uploads', deps.video.uploadRoutes());
  api.route('/play', deps.video.playRoutes());
  api.route('/offline', deps.video.offlineRoutes());
  return api;
}
