import { queryOptions } from '@tanstack/react-query';
import type { TDeviceRegister, TLicenceRequest } from '@shared/schemas/offline';
import { api, unwrap } from '@web/lib/api';

/* Protected video (issue 12). The uploader (tus) and the player (HLS) fetch their own URLs; the JSON calls go here. */
const video = api.video;

export const videoKeys = {
  status: (lessonId: string) => ['courses', 'video', 'status', lessonId] as const,
};

/** A lesson's video as the teacher sees it: polled every 1.5 s while it waits or is being processed. */
export const videoStatusQuery = (lessonId: string) =>
  queryOptions({
    queryKey: videoKeys.status(lessonId),
    queryFn: () => unwrap(video.lessons[':lessonId'].status.$get({ param: { lessonId } })),
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'processing' ? 1500 : false;
    },
  });

export const videoApi = {
  remove: (lessonId: string) => unwrap(video.lessons[':lessonId'].$delete({ param: { lessonId } })),
  /** Opens a playback session on this device: the token, the playlist, the watermark, where to resume. */
  play: (lessonId: string, deviceId: string) => unwrap(video.lessons[':lessonId'].playback.$post({ param: { lessonId }, json: { deviceId } })),
  heartbeat: (token: string, position: number) => unwrap(video.playback.heartbeat.$post({ json: { token, position } })),
  /** A free preview for a visitor without an account (decision 075): no lease, no heartbeat, no resume. */
  previewPlay: (lessonId: string) => unwrap(video.lessons[':lessonId']['preview-playback'].$post({ param: { lessonId } })),
  /** Offline lessons (decision 192): this browser's public key, the student's devices, licences. */
  registerDevice: (json: TDeviceRegister) => unwrap(video.devices.$post({ json })),
  devices: () => unwrap(video.devices.$get()),
  releaseDevice: (deviceId: string) => unwrap(video.devices.release.$post({ json: { deviceId } })),
  licence: (json: TLicenceRequest) => unwrap(video.licences.$post({ json })),
  studentDevices: (studentId: string) => unwrap(video.teacher.students[':studentId'].devices.$get({ param: { studentId } })),
  revokeDevice: (deviceId: string) => unwrap(video.teacher.devices.revoke.$post({ json: { deviceId } })),
};

/** A free preview video lesson as anyone may see it: its titles and its teacher's platform. */
export const videoPreviewQuery = (lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'video', 'preview', lessonId] as const,
    queryFn: () => unwrap(video.lessons[':lessonId'].preview.$get({ param: { lessonId } })),
    retry: false,
  });
