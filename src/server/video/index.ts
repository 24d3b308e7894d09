import path from 'node:path';
import type { TAuth, TTeacherRow } from '@server/auth';
import { bindDeps } from '@server/core/bind';
import type { TCacheBus } from '@server/core/cache-bus';
import type { TClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { defineJob, type TJobQueue } from '@server/core/jobs/queue';
import type { TLearning } from '@server/learning';
import type { Logger } from 'pino';
import { deriveVideoKeys, resolveVideoSecret } from './crypto';
import type { TVideoDeps } from './deps';
import { demoVideoJob } from './demo-video';
import { forgetLessons, remove, status, thumbnail } from './manage';
import { playRoutes } from './play-routes';
import { createRipGuard } from './rip-guard';
import { heartbeat, startPlayback } from './playback';
import { previewInfo, previewThumbnail, startPreview } from './preview';
import { transcodeJob } from './process-video';
import { deriveLicenceSigner } from './licence-crypto';
import { issueLicence, listDevices, registerDevice, releaseDevice, revokeDevice, teacherDevices } from './offline';
import { offlineRoutes } from './offline-routes';
import { s3VideoStorage } from './s3-storage';
import { localVideoStorage } from './storage';
import { createTusServer } from './tus';
import { createVerdicts } from './verdicts';
import { uploadRoutes } from './upload-routes';

/*
 * The video domain (issue 12): tus uploads checked by ffprobe, transcoding to encrypted HLS as a job, and
 * playback for those who paid through short-lived tokens and a one-device lease. Other domains import this file.
 */

export { videoApi } from './routes';
// Payment receipts are stored through the same interface, on disk or in the bucket (issue 13).
export { localVideoStorage, type TVideoStorage } from './storage';
export { s3VideoStorage } from './s3-storage';

type TVideoDomainDeps = {
  config: TConfig;
  db: Db;
  clock: TClock;
  jobs: TJobQueue;
  auth: TAuth;
  learning: TLearning;
  logger: Logger;
  /** The signed-in, active teacher a request comes from (the guards' rule), or null. */
  findTeacher: (headers: Headers) => Promise<TTeacherRow | null>;
  /** Asks another instance's upload request to let go of its lock (tus-lock.ts). */
  bus?: TCacheBus;
};

export function createVideo({ config, db, clock, jobs, auth, learning, logger, findTeacher, bus }: TVideoDomainDeps) {
  const deps: TVideoDeps = {
    db,
    clock,
    config,
    jobs,
    learning,
    logger,
    storage: config.s3 ? s3VideoStorage(config.s3) : localVideoStorage(path.join(config.dataDir, 'video')),
    keys: deriveVideoKeys(resolveVideoSecret(config)),
    uploadsDir: path.join(config.dataDir, 'video-uploads'),
    verdicts: createVerdicts(),
  };
  const ripGuard = createRipGuard(db, logger);
  const offline = { ...deps, signer: deriveLicenceSigner(resolveVideoSecret(config)) };
  const transcode = transcodeJob(deps);
  jobs.define(transcode);
  const demo = demoVideoJob(deps, transcode, logger);
  jobs.define(demo);
  const tus = createTusServer({ ...deps, auth, findTeacher, transcode, bus });
  // Uploads a teacher abandoned (closed tab, lost connection) are removed a day later.
  jobs.define(defineJob<object>({ name: 'video.uploads-cleanup', cron: '17 * * * *', queue: { retryLimit: 0 }, run: () => tus.cleanUpExpiredUploads() }));
  return {
    ...bindDeps(deps, { status, remove, startPlayback, startPreview, previewInfo, previewThumbnail, heartbeat, thumbnail, forgetLessons }),
    /** The transcode job's definition, to send one directly (bench/video.bench.ts). */
    transcodeJob: transcode,
    /** Seed step `video`: makes the demo lesson's video in the background (demo-video.ts). */
    makeDemoVideo: (teacherId: string, lessonId: string) => jobs.send(demo, { teacherId, lessonId }),
    uploadRoutes: () => uploadRoutes(tus, config.videoMaxBytes),
    playRoutes: () => playRoutes({ ...deps, auth, ripGuard }),
    /** Offline lessons (decision 192): devices, licences and the licence-guarded downloads. */
    ...bindDeps(deps, { registerDevice, listDevices, releaseDevice, teacherDevices, revokeDevice }),
    ...bindDeps(offline, { issueLicence }),
    offlineRoutes: () => offlineRoutes(offline),
    /** The pace watch of playback sessions (rip-guard.ts). */
    ripGuard,
  };
}

export type TVideo = ReturnType<typeof createVideo>;
