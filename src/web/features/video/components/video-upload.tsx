import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_LOCALES, formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { useBytesFormat } from '@web/lib/format';
import { usageQuery } from '@web/lib/course-queries';
import { videoApi, videoKeys, videoStatusQuery } from '@web/features/video/api';
import { FilePicker } from '@web/components/file-picker';
import { ProgressBar } from '@web/components/ui/course-kit';
import { clock, durationParts, secondsLeft } from './video-math';
import { useVideoUpload, type TUploadState } from './use-video-upload';

const ACCEPT = 'video/mp4,video/webm,video/quicktime,video/x-matroska,video/ogg,.mp4,.mov,.mkv,.webm,.m4v';

/** "1.4 MB/s" and "about 3 minutes left" in the page's language. */
function useTransferFormat() {
  const { t, i18n } = useTranslation('video');
  const locale = DATE_LOCALES[toLanguage(i18n.resolvedLanguage)];
  return {
    // MB/s on a good line, kB/s on a slow one (0.04 MB/s would read as "0").
    speed: (bytesPerSecond: number) => {
      const mega = bytesPerSecond >= 1024 ** 2;
      const unit = mega ? 'megabyte-per-second' : 'kilobyte-per-second';
      return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
        bytesPerSecond / (mega ? 1024 ** 2 : 1024),
      );
    },
    left: (seconds: number) => {
      const { hours, minutes, seconds: s } = durationParts(seconds);
      if (hours > 0) return t('upload.hoursLeft', { count: hours + (minutes >= 30 ? 1 : 0) });
      if (minutes > 0) return t('upload.minutesLeft', { count: minutes + (s >= 30 ? 1 : 0) });
      return t('upload.secondsLeft', { count: Math.max(1, s) });
    },
  };
}

function UploadProgress({
  state,
  onPause,
  onResume,
  onCancel,
}: {
  state: Extract<TUploadState, { sent: number }>;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('video');
  const bytes = useBytesFormat();
  const format = useTransferFormat();
  const percent = state.total > 0 ? Math.floor((state.sent * 100) / state.total) : 0;
  const rate = 'rate' in state ? state.rate : null;
  const left = secondsLeft(state.sent, state.total, rate);
  return (
    <div className="space-y-2 rounded-xl border border-gray-200 p-3" data-testid="video-upload-progress" data-phase={state.phase}>
      <ProgressBar percent={percent} label={t('upload.progressLabel')} />
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-700" aria-live="polite">
        <span>{t('upload.sentOf', { sent: bytes(state.sent), total: bytes(state.total) })}</span>
        {state.phase === 'uploading' && rate ? <span data-testid="video-upload-speed">{format.speed(rate)}</span> : null}
        {state.phase === 'uploading' && left !== null ? <span data-testid="video-upload-left">{format.left(left)}</span> : null}
        {state.phase === 'paused' ? <span className="font-medium text-amber-800">{t('upload.paused')}</span> : null}
      </p>
      {'resumed' in state && state.resumed ? (
        <p className="text-xs text-green-800" data-testid="video-upload-resumed">
          {t('upload.resumed')}
        </p>
      ) : null}
      {state.phase === 'failed' ? <Notice tone="error">{state.message}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        {state.phase === 'uploading' ? (
          <Button size="sm" variant="secondary" onClick={onPause} data-testid="video-upload-pause">
            {t('upload.pause')}
          </Button>
        ) : null}
        {state.phase === 'paused' || (state.phase === 'failed' && state.canResume) ? (
          <Button size="sm" onClick={onResume} data-testid="video-upload-resume">
            {t('upload.resume')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid="video-upload-cancel">
          {state.phase === 'failed' ? t('upload.chooseAnother') : t('upload.cancel')}
        </Button>
      </div>
      {state.phase !== 'failed' ? <p className="text-xs text-gray-600">{t('upload.resumeHint')}</p> : null}
    </div>
  );
}

type TProps = {
  lessonId: string | null;
  /** Saves the lesson first when it is new (an upload belongs to a lesson); null when it could not be saved. */
  ensureLesson: () => Promise<string | null>;
  onBusyChange: (busy: boolean) => void;
};

type TVideoStatus = NonNullable<ReturnType<typeof useQuery<Awaited<ReturnType<NonNullable<ReturnType<typeof videoStatusQuery>['queryFn']>>>>>['data']>;

/** The server may take a moment to queue a finished upload: look again until it says so. */
function useWaitForQueue(uploaded: boolean, status: { data?: { state: string } | undefined; dataUpdatedAt: number; refetch: () => unknown }) {
  const waiting = uploaded && status.data?.state === 'none';
  const { refetch, dataUpdatedAt: updatedAt } = status;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => void refetch(), 1000);
    return () => window.clearTimeout(timer);
  }, [waiting, updatedAt, refetch]);
}

/** The server's side: processing with its percent, the result, download alerts, or what went wrong. */
function VideoState({ video }: { video: TVideoStatus }) {
  const { t } = useTranslation('video');
  return (
    <>
      {video.state === 'queued' || video.state === 'processing' ? (
        <div className="space-y-2 rounded-xl border border-gray-200 p-3" data-testid="video-processing" data-state={video.state}>
          <ProgressBar percent={Math.round(video.progress)} label={t('status.processingLabel')} />
          <p className="text-xs text-gray-700">{video.state === 'queued' ? t('status.queued') : t('status.processing')}</p>
        </div>
      ) : null}
      {video.state === 'ready' ? <ReadyVideo durationSec={video.durationSec} thumbnailUrl={video.thumbnailUrl} renditions={video.renditions} /> : null}
      {video.downloadAlerts.length > 0 ? <DownloadAlerts alerts={video.downloadAlerts} /> : null}
      {video.state === 'failed' ? (
        <Notice tone="error" testId="video-failed">
          {video.error?.message ?? t('status.failed')}
        </Notice>
      ) : null}
    </>
  );
}

function VideoPicker({ replace, file, onPick }: { replace: boolean; file: File | null; onPick: (file: File | null) => void }) {
  const { t } = useTranslation('video');
  return (
    <div className="space-y-1.5">
      <FilePicker id="lesson-video" label={replace ? t('upload.replace') : t('upload.pick')} accept={ACCEPT} file={file} onChange={onPick} />
      <p className="text-xs text-gray-600">{t('upload.hint')}</p>
      <a
        href="/documentation/courses/video"
        target="_blank"
        rel="noopener"
        className="inline-block text-xs text-primary-700 underline"
        data-testid="video-help"
      >
        {t('upload.help')}
      </a>
    </div>
  );
}

/**
 * The teacher's side of a video lesson: free space, a resumable upload with speed and time left, then the
 * server's processing with its percent, and the result (duration, picture, qualities), or what went wrong.
 */
export function VideoUpload({ lessonId, ensureLesson, onBusyChange }: TProps) {
  const { t } = useTranslation('video');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const bytes = useBytesFormat();
  const status = useQuery({ ...videoStatusQuery(lessonId ?? ''), enabled: lessonId !== null });
  const usage = useQuery({ ...usageQuery, enabled: lessonId === null });
  const [tooBig, setTooBig] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: videoKeys.status(lessonId ?? '') });
  const upload = useVideoUpload(() => {
    setFile(null);
    void queryClient.invalidateQueries({ queryKey: ['courses'] });
  });
  const remove = useMutation({ mutationFn: () => videoApi.remove(lessonId ?? ''), onSuccess: () => queryClient.invalidateQueries({ queryKey: ['courses'] }) });

  const uploading = upload.state.phase === 'uploading' || upload.state.phase === 'paused';
  useEffect(() => onBusyChange(uploading), [uploading, onBusyChange]);

  useWaitForQueue(upload.state.phase === 'done', status);
  const storage = status.data?.storage ?? usage.data?.storage ?? null;
  const remaining = storage ? Math.max(0, storage.limitBytes - storage.usedBytes) : null;

  const pick = async (picked: File | null) => {
    setFile(picked);
    setTooBig(null);
    if (!picked) return;
    if (remaining !== null && picked.size > remaining) {
      setTooBig(t('upload.tooBig', { size: bytes(picked.size), remaining: bytes(remaining) }));
      return;
    }
    const id = await ensureLesson();
    if (id) await upload.start(picked, id);
  };

  const video = status.data;
  const processing = video && (video.state === 'queued' || video.state === 'processing');
  const showPicker = !uploading && upload.state.phase !== 'failed' && !processing;
  return (
    <section className="space-y-3" aria-labelledby="video-upload-title" data-testid="video-upload">
      <h3 id="video-upload-title" className="text-sm font-medium text-gray-800">
        {t('upload.title')}
      </h3>
      {storage && remaining !== null ? (
        <p className="text-xs text-gray-600" data-testid="video-storage">
          {t('upload.storage', { remaining: bytes(remaining), limit: bytes(storage.limitBytes) })}
        </p>
      ) : null}
      {uploading || upload.state.phase === 'failed' ? (
        <UploadProgress
          state={upload.state as Extract<TUploadState, { sent: number }>}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={() => {
            upload.reset();
            setFile(null);
            void refresh();
          }}
        />
      ) : null}
      {video ? <VideoState video={video} /> : null}
      {tooBig ? (
        <Notice tone="error" testId="video-too-big">
          {tooBig}
        </Notice>
      ) : null}
      {showPicker ? <VideoPicker replace={video?.state === 'ready' || video?.state === 'failed'} file={file} onPick={(f) => void pick(f)} /> : null}
      {lessonId && video && video.state !== 'none' && !uploading ? (
        <ConfirmButton
          variant="ghost"
          label={t('upload.delete')}
          title={t('upload.deleteTitle')}
          body={t('upload.deleteBody')}
          confirmLabel={t('upload.delete')}
          cancelLabel={t('upload.keep')}
          onConfirm={() => remove.mutateAsync()}
          testId="video-delete"
        />
      ) : null}
      {remove.isError ? <Notice tone="error">{errorText(remove.error)}</Notice> : null}
    </section>
  );
}

/** Students whose playback was stopped for downloading the video much faster than anyone watches (decision 116). */
function DownloadAlerts({ alerts }: { alerts: Array<{ name: string; email: string; at: string }> }) {
  const { t, i18n } = useTranslation('video');
  const lng = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="space-y-1 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="status" data-testid="video-download-alerts">
      <p className="font-medium">{t('guard.title')}</p>
      <ul className="space-y-0.5">
        {alerts.map((a) => (
          <li key={`${a.at}-${a.email}`} data-testid="video-download-alert">
            {t('guard.row', { name: a.name, when: formatDateTime(lng, a.at, 'long') })} <bdi dir="ltr">{a.email}</bdi>
          </li>
        ))}
      </ul>
      <p className="text-xs">{t('guard.hint')}</p>
    </div>
  );
}

function ReadyVideo({ durationSec, thumbnailUrl, renditions }: { durationSec: number | null; thumbnailUrl: string | null; renditions: number[] }) {
  const { t } = useTranslation('video');
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-3 sm:flex-row sm:items-center" data-testid="video-ready">
      {thumbnailUrl ? <img src={thumbnailUrl} alt={t('status.thumbnail')} className="aspect-video w-full rounded-lg bg-black object-cover sm:w-40" /> : null}
      <div className="min-w-0 space-y-1 text-sm text-green-900">
        <p className="font-medium">{t('status.ready')}</p>
        {durationSec !== null ? (
          <p>
            {t('status.duration')} <span dir="ltr">{clock(durationSec)}</span>
          </p>
        ) : null}
        {renditions.length > 0 ? (
          <p className="flex flex-wrap items-center gap-1.5">
            <span>{t('status.qualities')}</span>
            {renditions.map((h) => (
              <Badge key={h} tone="green">
                {h === 0 ? t('dataSaver.audio') : t('player.height', { height: h })}
              </Badge>
            ))}
          </p>
        ) : null}
      </div>
    </div>
  );
}
