import path from 'node:path';
import { sql } from 'drizzle-orm';
import { lessonVideos } from '@server/core/db/schema';
import type { TJobDefinition } from '@server/core/jobs/queue';
import type { TVideoDeps } from './deps';
import { removeUpload, type TTranscodeJob } from './process-video';
import { probeVideo } from './probe';
import { videoOf } from './queries';
import { ownLesson } from '@server/courses';

export type TFinishedUpload = { uploadId: string; bytes: number; filename: string | null; teacherId: string; lessonId: string };

/**
 * A complete upload in the uploads folder: when ffprobe finds a real video in it, the lesson's video is
 * (re)recorded as queued under a new generation and a transcode job is sent; otherwise the file is deleted
 * and false returned (the caller refuses it). Nothing half-made stays behind either way.
 */
export async function acceptUpload(deps: TVideoDeps, transcode: TJobDefinition<TTranscodeJob>, upload: TFinishedUpload): Promise<boolean> {
  const file = path.join(deps.uploadsDir, path.basename(upload.uploadId));
  const probe = await probeVideo({ ffprobe: deps.config.ffprobePath, ffmpeg: deps.config.ffmpegPath }, file);
  if (!probe) {
    await removeUpload(deps, upload.uploadId);
    return false;
  }
  const lesson = await ownLesson(deps.db, upload.teacherId, upload.lessonId);
  const before = await videoOf(deps.db, lesson.id);
  const generation = (before?.generation ?? 0) + 1;
  const values = {
    state: 'queued',
    progress: 0,
    generation,
    uploadId: upload.uploadId,
    originalName: upload.filename,
    originalBytes: upload.bytes,
    errorCode: null,
    durationSec: probe.durationSec,
  };
  await deps.db
    .insert(lessonVideos)
    .values({ lessonId: lesson.id, teacherId: lesson.teacherId, courseId: lesson.courseId, ...values })
    .onConflictDoUpdate({ target: lessonVideos.lessonId, set: { ...values, updatedAt: sql`now()` } });
  // An earlier upload that never got processed is replaced by this one.
  if (before?.uploadId && before.uploadId !== upload.uploadId) await removeUpload(deps, before.uploadId);
  await deps.jobs.send(transcode, { lessonId: lesson.id, generation, uploadId: upload.uploadId });
  return true;
}
