import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Notice } from '@web/components/ui/notice';
import { useWatermark } from '@web/features/video/components/use-watermark';
import { LicenceRefused, openLicence, type TLicenceRefusal } from './offline-licence';
import { offlineLoader } from './offline-loader';
import type { TOfflineLesson } from './offline-store';

/** hls.js (light) on the stored lesson: keys from the licence, segments from this browser; nothing from the network. */
function useOfflineHls(video: React.RefObject<HTMLVideoElement | null>, lesson: TOfflineLesson, onRefused: (reason: TLicenceRefusal) => void) {
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let player: { destroy: () => void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const keys = await openLicence(lesson);
        const { default: Hls } = await import('hls.js/light');
        if (cancelled) return;
        const hls = new Hls({ loader: offlineLoader(lesson.lessonId, lesson.playlist, keys), enableWorker: true });
        player = hls;
        hls.on(Hls.Events.MANIFEST_PARSED, () => void media.play().catch(() => undefined));
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) console.error('offline playback', data.type, data.details, data.error?.message);
        });
        hls.loadSource(`${location.origin}/offline-lesson/${lesson.lessonId}/${lesson.licence.rendition}/index.m3u8`);
        hls.attachMedia(media);
      } catch (error) {
        if (error instanceof LicenceRefused) onRefused(error.reason);
        else throw error;
      }
    })();
    return () => {
      cancelled = true;
      player?.destroy();
    };
    // A new lesson or licence starts again; the refusal handler is stable enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, lesson.lessonId, lesson.licence.licence]);
}

/** An offline lesson's player: the same moving watermark as online (name, masked contact, date, the licence's code). */
export function OfflinePlayer({ lesson }: { lesson: TOfflineLesson }) {
  const { t, i18n } = useTranslation('video');
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [refused, setRefused] = useState<TLicenceRefusal | null>(null);
  useOfflineHls(video, lesson, setRefused);
  const mark = lesson.licence.watermark;
  const date = formatDate(toLanguage(i18n.resolvedLanguage), new Date().toISOString(), 'long');
  useWatermark(container, refused ? null : [mark.name, mark.contact, `${date} · ${mark.code}`], () => video.current?.pause());
  if (refused)
    return (
      <Notice tone="error" testId="offline-refused">
        {t(`offline.refused.${refused}`)}
      </Notice>
    );
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
