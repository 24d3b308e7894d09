import { and, desc, eq } from 'drizzle-orm';
import { planLimits } from '@shared/courses';
import { toLanguage } from '@shared/i18n';
import { videoThumbnailUrl, type TVideoStatus } from '@shared/schemas/video';
import type { TTeacherRow } from '@server/auth';
import { auditLog, lessonVideos, user, videoKeys } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { errorMessage } from '@server/core/i18n';
import { storageUsedBytes } from '@server/plans';
import { entitlement } from './access';
import type { TVideoDeps } from './deps';
import { removeUpload } from './process-video';
import { videoOf, videoPrefix } from './queries';
import { ownLesson } from '@server/courses';

/** The teacher's view of a lesson's video: state, progress, renditions, what went wrong, and storage. */
export async function status(deps: TVideoDeps, teacher: TTeacherRow, lessonId: string, language: string): Promise<TVideoStatus> {
  await ownLesson(deps.db, teacher.id, lessonId);
  const video = await videoOf(deps.db, lessonId);
  const storage = { usedBytes: await storageUsedBytes(deps.db, teacher.id), limitBytes: planLimits(teacher.plan).storageBytes };
  const downloadAlerts = await alerts(deps, teacher.id, lessonId);
  if (!video) return { state: 'none', progress: 0, durationSec: null, thumbnailUrl: null, renditions: [], error: null, storage, downloadAlerts };
  const code = video.state === 'failed' ? (video.errorCode ?? 'VIDEO_PROCESSING_FAILED') : null;
  return {
    state: video.state as TVideoStatus['state'],
    progress: video.progress,
    durationSec: video.durationSec,
    thumbnailUrl: videoThumbnailUrl(video),
    renditions: video.renditions,
    error: code ? { code, message: errorMessage(toLanguage(language), code as 'VIDEO_PROCESSING_FAILED') } : null,
    storage,
    downloadAlerts,
  };
}

/** Who was stopped downloading this lesson's video, and when (rip-guard.ts): the last 20. */
async function alerts(deps: TVideoDeps, teacherId: string, lessonId: string) {
  const rows = await deps.db
    .select({ name: user.name, email: user.email, at: auditLog.createdAt })
    .from(auditLog)
    .innerJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(eq(auditLog.teacherId, teacherId), eq(auditLog.action, 'video.download_blocked'), eq(auditLog.targetId, lessonId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(20);
  return rows.map((r) => ({ name: r.name, email: r.email, at: r.at.toISOString() }));
}

/** Removes the video, its renditions, its keys and any original still waiting. */
export async function remove(deps: TVideoDeps, teacherId: string, lessonId: string): Promise<void> {
  const lesson = await ownLesson(deps.db, teacherId, lessonId);
  const video = await videoOf(deps.db, lessonId);
  if (!video) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await tx.delete(videoKeys).where(eq(videoKeys.lessonId, lesson.id));
    await tx.delete(lessonVideos).where(eq(lessonVideos.lessonId, lesson.id));
  });
  await deps.storage.remove(videoPrefix(video));
  if (video.uploadId) await removeUpload(deps, video.uploadId);
}

/** The poster image, for whoever may watch the lesson. */
export async function thumbnail(deps: TVideoDeps, userId: string, lessonId: string) {
  await entitlement(deps, userId, lessonId);
  const video = await videoOf(deps.db, lessonId);
  if (video?.state !== 'ready' || !video.hasThumbnail) throw new AppError('NOT_FOUND');
  const object = await deps.storage.get(`${videoPrefix(video, video.generation)}/thumb.jpg`);
  if (!object) throw new AppError('NOT_FOUND');
  return object;
}

/**
 * Lessons deleted by the courses domain (their rows, keys and leases went with them): their folders in storage go
 * too. Never throws: the lessons are already gone, and a folder left behind is only space.
 */
export async function forgetLessons(deps: TVideoDeps, teacherId: string, lessonIds: string[]): Promise<void> {
  for (const lessonId of lessonIds) {
    await deps.storage
      .remove(videoPrefix({ teacherId, lessonId }))
      .catch((err: unknown) => deps.logger.warn({ err, lessonId }, 'video storage of a deleted lesson not removed'));
  }
}
