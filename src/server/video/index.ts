import type { THeartbeat, THeartbeatResult, TPlayback, TVideoStatus } from '@shared/schemas/video';
import type { TTeacherRow, TViewer } from '@server/auth';
import { AppError } from '@server/core/errors';

/*
 * The video domain (issue 12): tus uploads checked by ffprobe, transcoding to encrypted HLS as a job, and
 * playback for those who paid through short-lived tokens and a one-device lease. Other domains import this file.
 */

export { videoRoutes } from './routes';

// First version of the contract: the web codes against these types while the use cases land.
export function createVideo() {
  const notYet = (): never => {
    throw new AppError('NOT_FOUND');
  };
  return {
    status: async (_teacher: TTeacherRow, _lessonId: string, _language: string): Promise<TVideoStatus> => notYet(),
    remove: async (_teacherId: string, _lessonId: string): Promise<void> => notYet(),
    startPlayback: async (_viewer: TViewer, _lessonId: string, _deviceId: string): Promise<TPlayback> => notYet(),
    heartbeat: async (_viewer: TViewer, _input: THeartbeat): Promise<THeartbeatResult> => notYet(),
  };
}

export type TVideo = ReturnType<typeof createVideo>;
