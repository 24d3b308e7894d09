import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_LOCALES } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { cx } from '@web/lib/cx';
import { FullscreenGlyph, PauseGlyph, PlayGlyph, VolumeGlyph } from './player-icons';
import { SPEEDS, clock } from './video-math';
import type { TQuality } from './use-hls';

export type TMediaState = { playing: boolean; time: number; duration: number; volume: number; muted: boolean; buffered: number };

type TProps = {
  media: TMediaState;
  fullscreen: boolean;
  visible: boolean;
  qualities: TQuality[];
  level: number;
  playingHeight: number | null;
  speed: number;
  onToggle: () => void;
  onSeek: (time: number) => void;
  onVolume: (volume: number) => void;
  onMute: () => void;
  onSpeed: (speed: number) => void;
  onLevel: (level: number) => void;
  onFullscreen: () => void;
};

function ControlButton({ label, onClick, children, testId }: { label: string; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
    >
      {children}
    </button>
  );
}

const SELECT =
  'h-8 max-w-24 shrink-0 rounded-md border border-white/30 bg-black/40 px-1 text-xs text-white focus-visible:outline-2 focus-visible:outline-white';

/** The seek bar over what is buffered: left to right in every language, like the video's own timeline. */
function SeekBar({ media, onSeek }: { media: TProps['media']; onSeek: TProps['onSeek'] }) {
  const { t } = useTranslation('video');
  const percent = media.duration > 0 ? (media.time / media.duration) * 100 : 0;
  const bufferedPercent = media.duration > 0 ? (media.buffered / media.duration) * 100 : 0;
  return (
    <div dir="ltr" className="relative flex h-5 items-center">
      <div aria-hidden className="absolute inset-x-0 h-1 rounded-full bg-white/25">
        <div className="h-full rounded-full bg-white/40" style={{ width: `${bufferedPercent}%` }} />
      </div>
      <div aria-hidden className="pointer-events-none absolute h-1 rounded-full bg-primary-500" style={{ width: `${percent}%` }} />
      <input
        type="range"
        min={0}
        max={media.duration > 0 ? media.duration : 0}
        step={0.1}
        value={Math.min(media.time, media.duration || 0)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label={t('player.seek')}
        aria-valuetext={t('player.position', { time: clock(media.time), duration: clock(media.duration) })}
        className="relative h-5 w-full cursor-pointer appearance-none bg-transparent accent-primary-500 [&::-webkit-slider-thumb]:h-3.5 [&::-webkit-slider-thumb]:w-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white"
        data-testid="player-seek"
      />
    </div>
  );
}

/**
 * The player's bar. The seek bar runs left to right in every language, since a video's time runs that way
 * on its own timeline (and ←/→ step back and forward accordingly); the buttons follow the page's direction,
 * so in Arabic play sits at the right and full screen at the left.
 */
export function PlayerControls(p: TProps) {
  const { t, i18n } = useTranslation('video');
  const number = new Intl.NumberFormat(DATE_LOCALES[toLanguage(i18n.resolvedLanguage)]);
  return (
    <div
      className={cx(
        'absolute inset-x-0 bottom-0 z-30 bg-gradient-to-t from-black/80 to-transparent px-2 pb-1.5 pt-6 transition-opacity sm:px-3',
        p.visible ? 'opacity-100' : 'pointer-events-none opacity-0',
      )}
      data-testid="player-controls"
    >
      <SeekBar media={p.media} onSeek={p.onSeek} />
      <div className="flex items-center gap-1 sm:gap-2">
        <ControlButton label={p.media.playing ? t('player.pause') : t('player.play')} onClick={p.onToggle} testId="player-toggle">
          {p.media.playing ? <PauseGlyph /> : <PlayGlyph />}
        </ControlButton>
        <span dir="ltr" className="shrink-0 text-xs tabular-nums text-white" data-testid="player-time">
          {clock(p.media.time)} / {clock(p.media.duration)}
        </span>
        <span className="flex-1" />
        <ControlButton label={p.media.muted ? t('player.unmute') : t('player.mute')} onClick={p.onMute} testId="player-mute">
          <VolumeGlyph muted={p.media.muted || p.media.volume === 0} />
        </ControlButton>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={p.media.muted ? 0 : p.media.volume}
          onChange={(e) => p.onVolume(Number(e.target.value))}
          aria-label={t('player.volume')}
          className="hidden w-20 accent-white sm:block"
          data-testid="player-volume"
        />
        <select
          dir="ltr"
          value={p.speed}
          onChange={(e) => p.onSpeed(Number(e.target.value))}
          aria-label={t('player.speed')}
          className={SELECT}
          data-testid="player-speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s} className="text-gray-900">
              {t('player.speedValue', { speed: number.format(s) })}
            </option>
          ))}
        </select>
        {p.qualities.length > 0 ? (
          <select
            value={p.level}
            onChange={(e) => p.onLevel(Number(e.target.value))}
            aria-label={t('player.quality')}
            className={SELECT}
            data-testid="player-quality"
          >
            <option value={-1} className="text-gray-900">
              {p.level === -1 && p.playingHeight ? t('player.autoWith', { height: p.playingHeight }) : t('player.auto')}
            </option>
            {p.qualities.map((q) => (
              <option key={q.index} value={q.index} className="text-gray-900">
                {t('player.height', { height: q.height })}
              </option>
            ))}
          </select>
        ) : null}
        <ControlButton label={p.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} onClick={p.onFullscreen} testId="player-fullscreen">
          <FullscreenGlyph active={p.fullscreen} />
        </ControlButton>
      </div>
    </div>
  );
}
