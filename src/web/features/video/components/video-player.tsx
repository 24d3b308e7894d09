import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { DataSaverPanel } from './data-saver';
import type { TPlayFailure } from './hls-recovery';
import { FailureBox, OVERLAY_BOX, usePlayerStream } from './player-failure';
import { PlayGlyph } from './player-icons';
import { useFullscreen, useMediaState } from './media-hooks';
import { PlayerControls } from './player-controls';
import { usePlayback } from './use-playback';
import { useWatermark } from './use-watermark';
import { stepTime } from './video-math';

const IDLE_MS = 2_500;
const STEP_SECONDS = 5;

type TSession = ReturnType<typeof usePlayback>['session'];

/** The viewer's name, masked contact, date and session code over the picture; hiding it pauses the lesson. */
function useViewerWatermark(container: RefObject<HTMLElement | null>, video: RefObject<HTMLVideoElement | null>, session: TSession, preview: boolean) {
  const { t, i18n } = useTranslation('video');
  const lng = toLanguage(i18n.resolvedLanguage);
  const date = session ? formatDate(lng, session.watermark.date, 'long') : '';
  // A visitor's preview has no viewer to name: it says "free preview" of the teacher's platform instead.
  const code = session?.watermark.code ? ` · ${session.watermark.code}` : '';
  const marks =
    session && preview
      ? [t('player.previewMark'), session.watermark.name, session.watermark.contact, date]
      : session
        ? [session.watermark.name, session.watermark.contact, `${date}${code}`]
        : null;
  // Hiding or removing the mark pauses the lesson (it comes back at once).
  useWatermark(container, marks, () => video.current?.pause());
}

function useResume(video: RefObject<HTMLVideoElement | null>, session: TSession, speed: number, clearFailure: () => void) {
  // A new session starts where the student stopped last time (unless that was the very end), at the chosen speed.
  useEffect(() => {
    const media = video.current;
    if (!session || !media) return;
    clearFailure();
    const onReady = () => {
      if (session.resumeAt > 1 && session.resumeAt < session.durationSec - 5) media.currentTime = session.resumeAt;
      media.playbackRate = speed;
      media.play().catch(() => undefined);
    };
    media.addEventListener('loadedmetadata', onReady, { once: true });
    return () => media.removeEventListener('loadedmetadata', onReady);
    // The speed is applied by its own handler afterwards; a new session alone restarts this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
}

/** The controls hide after a moment without the pointer moving. */
function useIdle() {
  const [active, setActive] = useState(true);
  const idle = useRef<number | undefined>(undefined);
  const wake = useCallback(() => {
    setActive(true);
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(() => setActive(false), IDLE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idle.current), []);
  return { active, wake };
}

function useMediaActions(video: RefObject<HTMLVideoElement | null>) {
  const toggle = () => {
    const m = video.current;
    if (!m) return;
    if (m.paused || m.ended) void m.play().catch(() => undefined);
    else m.pause();
  };
  const seek = (time: number) => {
    if (video.current) video.current.currentTime = time;
  };
  const mute = () => {
    if (video.current) video.current.muted = !video.current.muted;
  };
  const volume = (v: number) => {
    if (!video.current) return;
    video.current.volume = v;
    video.current.muted = v === 0;
  };
  const rate = (speed: number) => {
    if (video.current) video.current.playbackRate = speed;
  };
  return { toggle, seek, mute, volume, rate };
}

type TKeysInput = {
  video: RefObject<HTMLVideoElement | null>;
  hasSession: boolean;
  fullscreen: ReturnType<typeof useFullscreen>;
  wake: () => void;
  toggle: () => void;
  seek: (time: number) => void;
  mute: () => void;
};

/** Keyboard shortcuts of the player: space or k, arrows (5 s), f, m and Escape. */
function usePlayerKeys({ video, hasSession, fullscreen, wake, toggle, seek, mute }: TKeysInput) {
  return (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (!hasSession || target.tagName === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
    const m = video.current;
    if (!m) return;
    const key = e.key.toLowerCase();
    const actions: Record<string, () => void> = {
      ' ': toggle,
      k: toggle,
      arrowleft: () => seek(stepTime(m.currentTime, -STEP_SECONDS, m.duration)),
      arrowright: () => seek(stepTime(m.currentTime, STEP_SECONDS, m.duration)),
      f: fullscreen.toggle,
      m: mute,
      escape: fullscreen.leavePseudo,
    };
    const action = actions[key];
    if (!action || (target.dataset.testid === 'player-volume' && key.startsWith('arrow'))) return;
    e.preventDefault();
    wake();
    action();
  };
}

/**
 * The protected lesson player: encrypted HLS for this student only, custom controls in the page's direction,
 * keyboard shortcuts, resume, one screen at a time, and a moving watermark with the viewer's name. No
 * download button, no picture-in-picture, no context menu. This is not DRM (see the teachers' help page).
 */
export function VideoPlayer({ lessonId, poster, preview = false }: { lessonId: string; poster?: string | null; preview?: boolean }) {
  const { t } = useTranslation('video');
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const playback = usePlayback(lessonId, video, preview);
  const { session, stopped } = playback;
  const { failure, clearFailure, saver, hls, retry } = usePlayerStream(video, playback);
  const media = useMediaState(video);
  const fullscreen = useFullscreen(container);
  const [speed, setSpeed] = useState(1);
  useViewerWatermark(container, video, session, preview);
  useResume(video, session, speed, clearFailure);
  const { active, wake } = useIdle();
  const { toggle, seek, mute, volume, rate } = useMediaActions(video);
  const onKeyDown = usePlayerKeys({ video, hasSession: Boolean(session), fullscreen, wake, toggle, seek, mute });

  const showControls = active || !media.playing;
  return (
    <div
      ref={container}
      tabIndex={0}
      role="region"
      aria-label={t('player.label')}
      onKeyDown={onKeyDown}
      // Space on a focused button would click it too, after our shortcut already toggled playback.
      onKeyUp={(e) => e.key === ' ' && (e.target as HTMLElement).tagName === 'BUTTON' && e.preventDefault()}
      onPointerMove={wake}
      onContextMenu={(e) => e.preventDefault()}
      className={cx(
        'group relative aspect-video w-full select-none overflow-hidden bg-black text-white focus-visible:outline-2 focus-visible:outline-primary-500',
        fullscreen.pseudo ? 'fixed inset-0 z-50 aspect-auto h-dvh' : 'rounded-xl',
      )}
      data-testid="video-player"
      data-state={stopped ? stopped.kind : session ? 'playing' : 'idle'}
      data-preview={preview ? 'true' : undefined}
    >
      <video
        ref={video}
        playsInline
        preload="none"
        controlsList="nodownload noremoteplayback"
        disablePictureInPicture
        disableRemotePlayback
        poster={poster ?? undefined}
        onClick={toggle}
        onDoubleClick={fullscreen.toggle}
        className="absolute inset-0 h-full w-full object-contain"
        data-testid="lesson-video"
      >
        <track kind="captions" />
      </video>
      {session && !stopped ? (
        <PlayerControls
          media={media}
          fullscreen={fullscreen.active}
          visible={showControls}
          qualities={hls.qualities}
          level={hls.level}
          playingHeight={hls.playingHeight}
          speed={speed}
          onToggle={toggle}
          onSeek={seek}
          onVolume={volume}
          onMute={mute}
          onSpeed={(s) => {
            setSpeed(s);
            rate(s);
          }}
          onLevel={hls.setLevel}
          onFullscreen={fullscreen.toggle}
        />
      ) : null}
      <PlayerOverlay playback={playback} failure={stopped ? null : failure} recovering={hls.recovering && !stopped} onRetry={retry} />
      <DataSaverPanel saver={saver} visible={showControls && !stopped} />
    </div>
  );
}

type TOverlayProps = {
  playback: ReturnType<typeof usePlayback>;
  failure: TPlayFailure | null;
  recovering: boolean;
  onRetry: () => void;
};

/** What covers the picture before playback, while it reconnects, when another device took over, or when playback fails. */
function PlayerOverlay({ playback, failure, recovering, onRetry }: TOverlayProps) {
  const { t } = useTranslation('video');
  const { session, stopped, starting } = playback;
  const onStart = () => playback.start();
  if (session && !failure && !stopped) {
    if (!recovering) return null;
    return (
      <p
        role="status"
        className="absolute inset-x-0 top-0 z-40 bg-black/70 px-3 py-2 text-center text-xs font-medium sm:text-sm"
        data-testid="player-reconnecting"
      >
        {t('player.reconnecting')}
      </p>
    );
  }
  if (stopped?.kind === 'other-device') {
    return (
      <div className={OVERLAY_BOX} role="alert" data-testid="player-other-device">
        <p className="max-w-md text-sm font-bold sm:text-base">{t('player.otherDeviceTitle')}</p>
        <p className="max-w-md text-xs text-white/85 sm:text-sm">{stopped.message || t('player.otherDevice')}</p>
        <Button size="sm" onClick={onStart} busy={starting} data-testid="player-take-over">
          {t('player.playHere')}
        </Button>
      </div>
    );
  }
  if (stopped || failure)
    return <FailureBox failure={stopped ? null : failure} message={stopped?.message} busy={starting} onRetry={stopped ? onStart : onRetry} />;
  return (
    <div className="absolute inset-0 z-40 flex items-center justify-center bg-black/30">
      <button
        type="button"
        onClick={onStart}
        disabled={starting}
        aria-label={t('player.start')}
        className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-primary-600 text-white shadow-lg hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
        data-testid="player-start"
      >
        {starting ? <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-2 border-current border-e-transparent" /> : <PlayGlyph />}
      </button>
    </div>
  );
}
