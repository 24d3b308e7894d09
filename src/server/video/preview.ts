import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { VIDEO_HEARTBEAT_SECONDS, type TPlayback, type TPreviewLesson } from '@shared/schemas/video';
import { consume } from '@server/core/attempt-limits';
import { courses, lessons, lessonVideos, teachers } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import { signToken, type TPlaybackToken } from './crypto';
import type { TVideoDeps } from './deps';
import { playlistUrl } from './playback';
import { videoOf, videoPrefix } from './queries';
import { teacherIsActive } from '@server/core/db/teacher-active';

/*
 * Free previews played without an account (issues 12 + 15, decision 075). A visitor gets the same kind of
 * token as a student, for a random visitor id with no lease and no saved position; every playlist, segment
 * and key request checks again that the lesson is still a free preview of a published course of an active
 * teacher with a ready video, so a teacher who unticks "free preview" stops visitors' keys at once.
 */

const VISITOR = 'visitor:';
/** Starting a preview per IP: enough for a family behind one NAT, too few to farm tokens. */
const PREVIEW_LIMIT = { max: 30, windowMs: 10 * 60_000 };
const TOKEN_MIN_SECONDS = 30 * 60;

export const isVisitor = (userId: string) => userId.startsWith(VISITOR);

/** The lesson while it may play to anyone, or null. */
export async function previewLesson(db: TTx, lessonId: string) {
  const [row] = await db
    .select({
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      courseId: courses.id,
      courseTitle: courses.title,
      teacherName: teachers.name,
      subdomain: teachers.subdomain,
      durationSec: lessonVideos.durationSec,
      generation: lessonVideos.generation,
      hasThumbnail: lessonVideos.hasThumbnail,
    })
    .from(lessons)
    .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.teacherId, lessons.teacherId)))
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .innerJoin(lessonVideos, eq(lessonVideos.lessonId, lessons.id))
    .where(
      and(
        eq(lessons.id, lessonId),
        eq(lessons.type, 'video'),
        eq(lessons.freePreview, true),
        eq(courses.status, 'published'),
        teacherIsActive,
        eq(lessonVideos.state, 'ready'),
      ),
    );
  return row?.durationSec ? { ...row, durationSec: row.durationSec } : null;
}

/** What the public preview screen shows around the player; any other lesson is not found. */
export async function previewInfo(deps: TVideoDeps, lessonId: string): Promise<TPreviewLesson> {
  const lesson = await previewLesson(deps.db, lessonId);
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  const { generation, hasThumbnail, ...view } = lesson;
  return { ...view, thumbnailUrl: hasThumbnail ? `/api/video/lessons/${lessonId}/preview-thumbnail.jpg?v=${generation}` : null };
}

/** The poster of a free preview, for anyone while the lesson is one. */
export async function previewThumbnail(deps: TVideoDeps, lessonId: string) {
  const video = (await previewLesson(deps.db, lessonId)) ? await videoOf(deps.db, lessonId) : null;
  if (!video?.hasThumbnail) throw new AppError('NOT_FOUND');
  const object = await deps.storage.get(`${videoPrefix(video, video.generation)}/thumb.jpg`);
  if (!object) throw new AppError('NOT_FOUND');
  return object;
}

/** A visitor's playback of a free preview: a short token for a random visitor, watermarked as a preview. */
export async function startPreview(deps: TVideoDeps, lessonId: string, ip: string): Promise<TPlayback> {
  await consume(deps.db, { key: `video-preview:${ip}`, ...PREVIEW_LIMIT });
  const lesson = await previewLesson(deps.db, lessonId);
  if (!lesson) throw new AppError('VIDEO_FORBIDDEN');
  const now = deps.clock.now();
  const lifetime = Math.max(TOKEN_MIN_SECONDS, Math.ceil(lesson.durationSec * 2));
  const token = await signToken(deps.keys, {
    userId: `${VISITOR}${randomUUID()}`,
    lessonId,
    sessionId: randomUUID(),
    exp: Math.floor(now.getTime() / 1000) + lifetime,
  });
  return {
    token,
    playlistUrl: playlistUrl(token),
    // No personal data exists: the player writes "free preview" (translated) beside the teacher and platform.
    watermark: { name: lesson.teacherName, contact: lesson.subdomain, date: now.toISOString(), code: '' },
    resumeAt: 0,
    durationSec: lesson.durationSec,
    heartbeatSeconds: VIDEO_HEARTBEAT_SECONDS,
  };
}

/** A visitor token's claims while its lesson is still a free preview; null for any other token. */
export async function visitorClaims(deps: TVideoDeps, claims: TPlaybackToken) {
  if (!isVisitor(claims.userId)) return null;
  return (await previewLesson(deps.db, claims.lessonId)) ? claims : null;
}
