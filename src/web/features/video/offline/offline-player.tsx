import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Notice } from '@web/components/ui/notice';
import { Button, buttonClass } from '@web/components/ui/button';
import { recoverFatalErrors, recoveryConfig } from '@web/features/video/components/hls-recovery';
import { useWatermark } from '@web/features/video/components/use-watermark';
import { LicenceRefused, openLicence, type TLicenceRefusal } from './offline-licence';
import { offlineLoader } from './offline-loader';
import type { TOfflineLesson } from './offline-store';

/**
 * Why a stored lesson does not play: its licence (expired: renew online; invalid: download again), a part missing
 * from this browser's storage (the browser may free it when the phone is full: download again), or the picture.
 */
type TOfflineProblem = TLicenceRefusal | 'missing' | 'media';

/** hls.js (light) on the stored lesson: keys from the licence, segments from this browser; nothing from the network. */
function useOfflineHls(video: RefObject<HTMLVideoElement | null>, lesson: TOfflineLesson, onProblem: (problem: TOfflineProblem) => void) {
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let player: { destroy: () => void } | null = null;
    let recovery: { cancel: () => void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const keys = await openLicence(lesson);
        const { default: Hls } = await import('hls.js/light');
        if (cancelled) return;
        const hls = new Hls({ loader: offlineLoader(lesson.lessonId, lesson.playlist, keys), enableWorker: true, ...recoveryConfig(Hls.DefaultConfig) });
        player = hls;
        hls.on(Hls.Events.MANIFEST_PARSED, () => void media.play().catch(() => undefined));
        // Nothing comes from the network here: a refused or failed read is a part (or key) this device no longer has.
        recovery = recoverFatalErrors(Hls, hls, media, {
          onRecovering: () => undefined,
          onFailure: (f) => onProblem(f.kind === 'media' ? 'media' : 'missing'),
        });
        hls.loadSource(`${location.origin}/offline-lesson/${lesson.lessonId}/${lesson.licence.rendition}/index.m3u8`);
        hls.attachMedia(media);
      } catch (error) {
        if (error instanceof LicenceRefused) onProblem(error.reason);
        else throw error;
      }
    })();
    return () => {
      cancelled = true;
      recovery?.cancel();
      player?.destroy();
    };
    // A new lesson or licence starts again; the refusal handler is stable enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, lesson.lessonId, lesson.licence.licence]);
}

type TActions = { lessonUrl: string; onRenew: () => Promise<void>; onRetry: () => void };

/** The problem in words, with what the student can do about it: renew online, download again, or try again. */
function OfflineProblem({ problem, lessonUrl, onRenew, onRetry }: { problem: TOfflineProblem } & TActions) {
  const { t } = useTranslation('video');
  const [renewing, setRenewing] = useState(false);
  const online = navigator.onLine;
  const renew = () => {
    setRenewing(true);
    void onRenew().finally(() => setRenewing(false));
  };
  return (
    <Notice tone="error" testId="offline-refused">
      <p data-testid="offline-problem" data-problem={problem}>
        {t(`offline.refused.${problem}`)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {problem === 'expired' && online ? (
          <Button size="sm" onClick={renew} busy={renewing} data-testid="offline-renew">
            {t('offline.renew')}
          </Button>
        ) : null}
        {problem === 'media' ? (
          <Button size="sm" onClick={onRetry} data-testid="offline-retry">
            {t('player.retry')}
          </Button>
        ) : null}
        {problem === 'invalid' || problem === 'missing' ? (
          <Link to={lessonUrl} className={buttonClass('secondary', 'sm')} data-testid="offline-download-again">
            {t('offline.downloadAgain')}
          </Link>
        ) : null}
      </div>
    </Notice>
  );
}

/** An offline lesson's player: the same moving watermark as online (name, masked contact, date, the licence's code). */
export function OfflinePlayer({ lesson, ...actions }: { lesson: TOfflineLesson } & TActions) {
  const { i18n } = useTranslation('video');
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [refused, setRefused] = useState<TOfflineProblem | null>(null);
  useOfflineHls(video, lesson, setRefused);
  const mark = lesson.licence.watermark;
  const date = formatDate(toLanguage(i18n.resolvedLanguage), new Date().toISOString(), 'long');
  useWatermark(container, refused ? null : [mark.name, mark.contact, `${date} · ${mark.code}`], () => video.current?.pause());
  if (refused) return <OfflineProblem problem={refused} {...actions} />;
  return (
    <div
      ref={container}
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-black"
      onContextMenu={(e) => e.preventDefault()}
      data-testid="offline-player"
    >
      <video
        ref={video}
        controls
        playsInline
        controlsList="nodownload noremoteplayback"
        disablePictureInPicture
        className="absolute inset-0 h-full w-full object-contain"
        data-testid="offline-video"
      >
        <track kind="captions" />
      </video>
    </div>
  );
}
