import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { videoKeys } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import { wrapKey } from './crypto';
import type { TVideoDeps } from './deps';
import { encryptRendition, masterPlaylist, type TRate, type TSegmentKey } from './encrypt-hls';
import { allRenditionsFor, thumbnail, transcodeToHls } from './ffmpeg';
import { probeVideo } from './probe';
import { dropOldKeys, setVideo, videoOf, videoPrefix, type TVideoRow } from './queries';

/** `uploadId` lets a job whose lesson was deleted meanwhile still remove the original. */
export type TTranscodeJob = { lessonId: string; generation: number; uploadId?: string };

const RETRIES = 2;
// Progress is written at most this often: a 2-hour lecture must not become thousands of UPDATEs.
const PROGRESS_WRITE_MS = 2_000;

/**
 * A clean temporary folder per attempt, so a job cut short by a restart starts again from nothing. Earlier
 * attempts' folders are removed: an ffmpeg orphaned by a killed server then fails on its next write and exits.
 */
async function freshWorkDir(job: TTranscodeJob, attempt: number): Promise<string> {
  const root = path.join(os.tmpdir(), 'darsi-transcode');
  const stem = `${job.lessonId}-${job.generation}-`;
  await fs.mkdir(root, { recursive: true });
  for (const name of await fs.readdir(root)) if (name.startsWith(stem)) await fs.rm(path.join(root, name), { recursive: true, force: true });
  const dir = path.join(root, `${stem}${attempt}`);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

async function saveKeys(deps: TVideoDeps, video: TVideoRow, keys: TSegmentKey[]) {
  const rows = keys.map((k) => ({
    teacherId: video.teacherId,
    lessonId: video.lessonId,
    generation: video.generation,
    rendition: k.rendition,
    n: k.n,
    keyEnc: wrapKey(deps.keys, k.key, [video.lessonId, video.generation, k.rendition, k.n]),
  }));
  await deps.db.transaction(async (tx) => {
    await tx.delete(videoKeys).where(and(eq(videoKeys.lessonId, video.lessonId), eq(videoKeys.generation, video.generation)));
    if (rows.length > 0) await tx.insert(videoKeys).values(rows);
  });
}

function progressWriter(deps: TVideoDeps, video: TVideoRow) {
  let last = 0;
  let lastPercent = -1;
  return (percent: number) => {
    const now = Date.now();
    if (percent === lastPercent || (now - last < PROGRESS_WRITE_MS && percent < 100)) return;
    last = now;
    lastPercent = percent;
    // 0-90 for ffmpeg; encrypting and storing take the rest.
    void setVideo(deps.db, video.lessonId, video.generation, { progress: Math.round(percent * 0.9) }).catch(() => undefined);
  };
}

/** Transcode, thumbnail, encrypt, store, then mark ready. Throws on any failure (the job retries). */
async function transcode(deps: TVideoDeps, video: TVideoRow, source: string, job: Pick<Job, 'signal' | 'retryCount'>) {
  const { signal } = job;
  const { ffmpegPath: ffmpeg, ffprobePath: ffprobe } = deps.config;
  const work = await freshWorkDir({ lessonId: video.lessonId, generation: video.generation }, job.retryCount);
  try {
    const probe = await probeVideo({ ffmpeg, ffprobe }, source);
    if (!probe) throw new Error('source is not a processable video');
    const heights = allRenditionsFor(probe);
    await setVideo(deps.db, video.lessonId, video.generation, { state: 'processing', progress: 0, errorCode: null });
    await Promise.all(heights.map((h) => fs.mkdir(path.join(work, String(h)), { recursive: true })));
    const started = performance.now();
    await transcodeToHls(ffmpeg, source, work, probe, heights, progressWriter(deps, video), signal);
    const speed = probe.durationSec / ((performance.now() - started) / 1000);
    const thumb = path.join(work, 'thumb.jpg');
    await thumbnail(ffmpeg, source, thumb, probe, signal);
    const prefix = videoPrefix(video, video.generation);
    // An earlier, interrupted attempt may have left objects: this one starts from an empty prefix.
    await deps.storage.remove(prefix);
    const keys: TSegmentKey[] = [];
    const rates: TRate[] = [];
    let bytes = 0;
    for (const h of heights) {
      const done = await encryptRendition(deps.storage, prefix, work, h);
      keys.push(...done.keys);
      rates.push(done.rate);
      bytes += done.bytes;
    }
    const master = Buffer.from(masterPlaylist(rates, probe.width / probe.height, probe.hasAudio));
    await deps.storage.put(`${prefix}/master.m3u8`, master);
    const thumbBytes = await fs.readFile(thumb);
    await deps.storage.put(`${prefix}/thumb.jpg`, thumbBytes);
    await saveKeys(deps, video, keys);
    return { probe, heights, speed, storedBytes: bytes + master.length + thumbBytes.length };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Older generations (a replaced video) and the original go once the new one is ready. */
async function cleanUp(deps: TVideoDeps, video: TVideoRow) {
  await dropOldKeys(deps.db, video.lessonId, video.generation);
  // Generations only grow, one per upload: removing a prefix that is already gone costs nothing.
  for (let g = 1; g < video.generation; g += 1) await deps.storage.remove(videoPrefix(video, g));
  if (video.uploadId) await removeUpload(deps, video.uploadId);
}

/** A tus upload's file and its metadata file. */
export async function removeUpload(deps: Pick<TVideoDeps, 'uploadsDir'>, uploadId: string) {
  const safe = path.basename(uploadId);
  await fs.rm(path.join(deps.uploadsDir, safe), { force: true });
  await fs.rm(path.join(deps.uploadsDir, `${safe}.json`), { force: true });
}

async function runTranscode(deps: TVideoDeps, data: TTranscodeJob, job: Job<TTranscodeJob>) {
  const video = await videoOf(deps.db, data.lessonId);
  // Replaced by a newer upload, deleted, or already done (a retry after the commit): nothing to do.
  if (!video) {
    // The lesson (or its video) was deleted before processing: its original goes too.
    if (data.uploadId) await removeUpload(deps, data.uploadId);
    return;
  }
  if (video.generation !== data.generation || video.state === 'ready' || video.state === 'failed' || !video.uploadId) return;
  try {
    const done = await transcode(deps, video, path.join(deps.uploadsDir, path.basename(video.uploadId)), job);
    const current = await videoOf(deps.db, video.lessonId);
    if (current?.generation !== video.generation) {
      // Deleted or replaced while it was processing: what this attempt stored belongs to nobody.
      await deps.storage.remove(videoPrefix(video, video.generation));
      if (!current) await removeUpload(deps, video.uploadId);
      return;
    }
    await setVideo(deps.db, video.lessonId, video.generation, {
      state: 'ready',
      progress: 100,
      durationSec: done.probe.durationSec,
      renditions: done.heights,
      storedBytes: done.storedBytes,
      originalBytes: 0,
      hasThumbnail: 1,
      speed: Math.round(done.speed * 100) / 100,
      uploadId: null,
    });
    await cleanUp(deps, video);
  } catch (error) {
    if (job.retryCount < RETRIES) throw error;
    // The last attempt: nothing half-made stays, then the teacher is told to upload again. In this order, a
    // "failed" that anyone reads is already clean; the state is written even if a removal fails.
    try {
      await deps.storage.remove(videoPrefix(video, video.generation));
      await removeUpload(deps, video.uploadId);
    } finally {
      await setVideo(deps.db, video.lessonId, video.generation, {
        state: 'failed',
        errorCode: 'VIDEO_PROCESSING_FAILED',
        uploadId: null,
        originalBytes: 0,
        storedBytes: 0,
      });
    }
    throw error;
  }
}

/** One transcode at a time per process (2 cores shared with the web server), retried twice, then failed. */
export function transcodeJob(deps: TVideoDeps) {
  return defineJob<TTranscodeJob>({
    name: 'video.transcode',
    concurrency: 1,
    queue: { retryLimit: RETRIES, retryDelay: 10, expireInSeconds: 4 * 60 * 60 },
    run: (data, job) => runTranscode(deps, data, job),
  });
}
