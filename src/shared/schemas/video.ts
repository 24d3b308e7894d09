import { z } from 'zod';

/* The protected-video contract (issue 12) between the server (src/server/video) and the web player and uploader. */

export const VIDEO_STATES = ['none', 'queued', 'processing', 'ready', 'failed'] as const;
export type TVideoState = (typeof VIDEO_STATES)[number];

/** The tus endpoint; an upload's own URL is this path followed by `/{id}`. */
export const VIDEO_UPLOAD_PATH = '/api/video/uploads';

/** Upload-Metadata keys the uploader sends with a new upload. */
export const VIDEO_UPLOAD_METADATA_KEYS = ['lessonId', 'filename', 'filetype'] as const;

/** Seconds between two playback heartbeats; the lease lives three of them. */
export const VIDEO_HEARTBEAT_SECONDS = 15;

/**
 * The data saver (issue 30, decision 190): off (the player chooses), low (the lowest picture) or audio (sound only).
 * A student's choice is kept on their device; a course's default applies until they choose.
 */
export const VIDEO_DATA_SAVER_MODES = ['off', 'low', 'audio'] as const;
export type TVideoDataSaver = (typeof VIDEO_DATA_SAVER_MODES)[number];

/** A lesson counts as done once this share of its video has been watched. */
export const VIDEO_COMPLETION_RATIO = 0.9;

const ZErrorBody = z.object({ code: z.string(), message: z.string() });

export const ZVideoStatus = z.object({
  state: z.enum(VIDEO_STATES),
  /** 0-100 while processing; 100 when ready. */
  progress: z.number().min(0).max(100),
  durationSec: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Heights of the renditions made, e.g. [360, 720]. */
  renditions: z.array(z.number().int()),
  /** Set when state is `failed`: a translated message that says what to do. */
  error: ZErrorBody.nullable(),
  storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
  /** Playback sessions stopped for downloading much faster than anyone watches (decision 116), newest first. */
  downloadAlerts: z.array(z.object({ name: z.string(), email: z.string(), at: z.string() })),
});
export type TVideoStatus = z.infer<typeof ZVideoStatus>;

/** What a lesson view carries about its video (teacher's and student's), null for a lesson without one. */
export const ZLessonVideo = z.object({
  state: z.enum(VIDEO_STATES),
  durationSec: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type TLessonVideo = z.infer<typeof ZLessonVideo>;

/** The poster's URL, versioned by the upload's generation so a replaced video shows its own picture. */
export function videoThumbnailUrl(v: { lessonId: string; generation: number; hasThumbnail: number; state: string }): string | null {
  return v.hasThumbnail && v.state === 'ready' ? `/api/video/lessons/${v.lessonId}/thumbnail.jpg?v=${v.generation}` : null;
}

/** A lesson view's `video` from its lesson_videos row (null: no video uploaded yet). */
export function lessonVideoView(
  v: { lessonId: string; generation: number; hasThumbnail: number; state: string; durationSec: number | null } | null | undefined,
): TLessonVideo | null {
  if (!v) return null;
  return { state: v.state as TVideoState, durationSec: v.durationSec, thumbnailUrl: videoThumbnailUrl(v) };
}

export const ZPlaybackStart = z.object({ deviceId: z.string().trim().min(8).max(100) });

export const ZPlayback = z.object({
  token: z.string(),
  /** `/api/video/play/{token}/master.m3u8`; every URI inside is relative to it. */
  playlistUrl: z.string(),
  watermark: z.object({
    name: z.string(),
    /** A masked e-mail or phone. */
    contact: z.string(),
    /** ISO date-time. */
    date: z.string(),
    /** A short code of this playback session, drawn with the name (decision 116): it names the session in a leak. */
    code: z.string(),
  }),
  /** Seconds: the last saved position. */
  resumeAt: z.number(),
  durationSec: z.number(),
  heartbeatSeconds: z.number(),
  /** The course's data saver default for students who have not chosen on this device (absent: off). */
  dataSaver: z.enum(VIDEO_DATA_SAVER_MODES).optional(),
});
export type TPlayback = z.infer<typeof ZPlayback>;

/** A free preview as the public preview screen shows it around the player (decision 075). */
export const ZPreviewLesson = z.object({
  lessonId: z.string(),
  lessonTitle: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  teacherName: z.string(),
  subdomain: z.string(),
  durationSec: z.number(),
  /** The poster, served to anyone while the lesson is a free preview. */
  thumbnailUrl: z.string().nullable(),
});
export type TPreviewLesson = z.infer<typeof ZPreviewLesson>;

export const ZHeartbeat = z.object({ token: z.string().min(1).max(1000), position: z.number().min(0).max(1e7) });
export type THeartbeat = z.infer<typeof ZHeartbeat>;

export const ZHeartbeatResult = z.object({ ok: z.literal(true), completed: z.boolean() });
export type THeartbeatResult = z.infer<typeof ZHeartbeatResult>;

/** The JSON body of every refusal (tus included): `remainingBytes` only with STORAGE_LIMIT_EXCEEDED. */
export const ZVideoError = z.object({
  error: z.object({ code: z.string(), message: z.string(), remainingBytes: z.number().optional() }),
});
