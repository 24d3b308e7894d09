import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';
import { defineJob, type TJobDefinition } from '@server/core/jobs/queue';
import { acceptUpload } from './accept-upload';
import type { TVideoDeps } from './deps';
import type { TTranscodeJob } from './process-video';

const run = promisify(execFile);
const DEMO_SECONDS = 12;

/**
 * The demo course's video (seed step `video`): a 12-second 720p test picture with a tone, made by ffmpeg and
 * put through the same path as a teacher's upload (probe, queue, transcode, encrypt). It runs as a job so the
 * first start does not wait for it; without ffmpeg it is skipped and says so in the log.
 */
export function demoVideoJob(deps: TVideoDeps, transcode: TJobDefinition<TTranscodeJob>, logger: Logger) {
  return defineJob<{ teacherId: string; lessonId: string }>({
    name: 'video.demo',
    queue: { retryLimit: 1, retryDelay: 5 },
    run: async ({ teacherId, lessonId }) => {
      const ffmpeg = deps.config.ffmpegPath;
      const found = await run(ffmpeg, ['-version']).then(
        () => true,
        () => false,
      );
      if (!found) {
        logger.warn({ ffmpeg }, 'ffmpeg not found: the demo video lesson is left without its video (install ffmpeg, or set FFMPEG_PATH)');
        return;
      }
      await fs.mkdir(deps.uploadsDir, { recursive: true });
      const uploadId = `demo-${lessonId}`;
      const file = path.join(deps.uploadsDir, uploadId);
      const source = ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:beep_factor=4'];
      const encode = ['-t', String(DEMO_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4', '-shortest'];
      await run('nice', ['-n', '10', ffmpeg, '-hide_banner', '-v', 'error', '-y', ...source, ...encode, file], { timeout: 120_000 });
      const bytes = (await fs.stat(file)).size;
      await acceptUpload(deps, transcode, { uploadId, bytes, filename: 'demo.mp4', teacherId, lessonId });
    },
  });
}
