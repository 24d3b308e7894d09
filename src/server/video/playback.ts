import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  VIDEO_COMPLETION_RATIO,
  VIDEO_HEARTBEAT_SECONDS,
  type THeartbeat,
  type THeartbeatResult,
  type TPlayback,
  type TVideoDataSaver,
} from '@shared/schemas/video';
import type { TViewer } from '@server/auth';
import { courses, lessonProgress, students, videoLeases, videoPositions } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { entitlement, leaseEnd, maskedContact } from './access';
import { signToken, verifyToken, type TPlaybackToken } from './crypto';
import type { TVideoDeps } from './deps';
import { videoOf } from './queries';

// The lease outlives three missed heartbeats; a newer device takes it at once anyway (decision 064).
const LEASE_SECONDS = VIDEO_HEARTBEAT_SECONDS * 3;
const TOKEN_MIN_SECONDS = 2 * 60 * 60;

export const playlistUrl = (token: string) => `/api/video/play/${token}/master.m3u8`;

async function readyVideo(deps: TVideoDeps, lessonId: string) {
  const video = await videoOf(deps.db, lessonId);
  if (video?.state !== 'ready' || !video.durationSec) throw new AppError('VIDEO_NOT_READY');
  return { ...video, durationSec: video.durationSec };
}

/** Six characters of the session id, upper case: short enough to read off a recording, logged with the session. */
export const sessionCode = (sessionId: string) => sessionId.replace(/-/g, '').slice(0, 6).toUpperCase();

/** Starts a playback session: a token for this user, lesson and session, and this device takes the lease. */
export async function startPlayback(deps: TVideoDeps, viewer: TViewer, lessonId: string, deviceId: string): Promise<TPlayback> {
  const access = await entitlement(deps, viewer.userId, lessonId);
  const video = await readyVideo(deps, lessonId);
  const now = deps.clock.now();
  const sessionId = randomUUID();
  // This device takes the lease below: the user's other sessions lose their keys now, not when their verdict ends.
  deps.verdicts.forgetUser(viewer.userId);
  const lease = { teacherId: access.teacherId, sessionId, deviceId, lessonId, expiresAt: new Date(now.getTime() + LEASE_SECONDS * 1000) };
  // The newest device wins: the older one learns it at its next heartbeat (409) and its keys stop (403).
  await deps.db
    .insert(videoLeases)
    .values({ userId: viewer.userId, ...lease })
    .onConflictDoUpdate({ target: videoLeases.userId, set: lease });
  // Long enough for the whole lecture watched twice over, never less than two hours.
  const lifetime = Math.max(TOKEN_MIN_SECONDS, Math.ceil(video.durationSec * 2));
  const token = await signToken(deps.keys, { userId: viewer.userId, lessonId, sessionId, exp: Math.floor(now.getTime() / 1000) + lifetime });
  const [position] = await deps.db
    .select({ at: videoPositions.positionSec })
    .from(videoPositions)
    .where(and(eq(videoPositions.userId, viewer.userId), eq(videoPositions.lessonId, lessonId)));
  const [student] = await deps.db.select({ phone: students.phone }).from(students).where(eq(students.id, viewer.userId));
  const [course] = await deps.db.select({ dataSaver: courses.videoDataSaver }).from(courses).where(eq(courses.id, video.courseId));
  const resumeAt = position && position.at < video.durationSec * 0.98 ? position.at : 0;
  // The code drawn on the picture, kept in the logs: a leaked recording's code names the account and lesson.
  deps.logger.info({ userId: viewer.userId, lessonId, code: sessionCode(sessionId) }, 'video playback started');
  return {
    token,
    playlistUrl: playlistUrl(token),
    watermark: { name: viewer.name, contact: maskedContact(viewer, student?.phone ?? null), date: now.toISOString(), code: sessionCode(sessionId) },
    resumeAt,
    durationSec: video.durationSec,
    heartbeatSeconds: VIDEO_HEARTBEAT_SECONDS,
    dataSaver: (course?.dataSaver ?? 'off') as TVideoDataSaver,
  };
}

async function isCompleted(deps: TVideoDeps, userId: string, lessonId: string) {
  const [row] = await deps.db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.studentId, userId), eq(lessonProgress.lessonId, lessonId)));
  return row !== undefined;
}

/** Keeps the lease, saves the position, and marks the lesson done for a student at 90 % watched. */
export async function heartbeat(deps: TVideoDeps, viewer: TViewer, input: THeartbeat): Promise<THeartbeatResult> {
  const now = deps.clock.now();
  const claims = await verifyToken(deps.keys, input.token, now.getTime());
  if (!claims || claims.userId !== viewer.userId) throw new AppError('VIDEO_TOKEN_INVALID');
  // The heartbeat checks everything again: when it refuses, the session's keys stop at once in this process.
  const access = await entitlement(deps, viewer.userId, claims.lessonId).catch((error: unknown) => {
    deps.verdicts.forgetSession(claims.sessionId);
    throw error;
  });
  const video = await readyVideo(deps, claims.lessonId);
  const renewed = await deps.db
    .update(videoLeases)
    .set({ expiresAt: new Date(now.getTime() + LEASE_SECONDS * 1000) })
    .where(and(eq(videoLeases.userId, viewer.userId), eq(videoLeases.sessionId, claims.sessionId)))
    .returning({ userId: videoLeases.userId });
  if (renewed.length === 0) {
    deps.verdicts.forgetSession(claims.sessionId);
    throw new AppError('VIDEO_OTHER_DEVICE');
  }
  const positionSec = Math.min(input.position, video.durationSec);
  await deps.db
    .insert(videoPositions)
    .values({ teacherId: access.teacherId, userId: viewer.userId, lessonId: claims.lessonId, positionSec })
    .onConflictDoUpdate({ target: [videoPositions.userId, videoPositions.lessonId], set: { positionSec, updatedAt: sql`now()` } });
  if (access.role === 'teacher') return { ok: true, completed: false };
  if (await isCompleted(deps, viewer.userId, claims.lessonId)) return { ok: true, completed: true };
  if (positionSec < video.durationSec * VIDEO_COMPLETION_RATIO) return { ok: true, completed: false };
  await deps.learning.complete(viewer.userId, claims.lessonId, { hostSubdomain: null });
  return { ok: true, completed: true };
}

/** The claims of a verified token whose session still holds the lease, with the lease's end, or null (playlists and keys answer 403). */
export async function leasedClaims(deps: TVideoDeps, claims: TPlaybackToken) {
  // A visitor's token (preview.ts) holds no lease: it never plays a paid lesson.
  if (claims.userId.startsWith('visitor:')) return null;
  const leaseEnds = await leaseEnd(deps, claims.userId, claims.sessionId);
  return leaseEnds ? { ...claims, leaseEnds } : null;
}
