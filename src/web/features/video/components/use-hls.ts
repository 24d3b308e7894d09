import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import { applySaverCap, LOW_START_HLS } from './data-saver';
import { recoverFatalErrors, recoveryConfig, type TPlayFailure } from './hls-recovery';
import type { TDataSaver } from './rendition-cost';

const HLS_MIME = 'application/vnd.apple.mpegurl';

export type TQuality = { index: number; height: number };

/**
 * Plays an HLS playlist in the <video>: hls.js where the browser has Media Source Extensions (it fetches
 * playlist, keys and segments itself, with the session cookie since they are same-origin), the browser's
 * own HLS on iPhones that have no MSE. hls.js (its light build) is loaded only when a video is played.
 * Fatal errors are recovered as hls.js documents, within bounds (hls-recovery.ts); `onFailure` hears what could not
 * be (a key refused once the lease is lost, the line still down after three tries), and `recovering` says a
 * recovery is under way.
 */
export function useHls(video: RefObject<HTMLVideoElement | null>, playlistUrl: string | null, saver: TDataSaver, onFailure: (failure: TPlayFailure) => void) {
  const hls = useRef<Hls | null>(null);
  const recovery = useRef<ReturnType<typeof recoverFatalErrors> | null>(null);
  const [recovering, setRecovering] = useState(false);
  const [qualities, setQualities] = useState<TQuality[]>([]);
  const [level, setLevelState] = useState(-1);
  const [playing, setPlaying] = useState(-1);
  const fatal = useRef(onFailure);
  fatal.current = onFailure;
  const saverNow = useRef(saver);
  saverNow.current = saver;

  useEffect(() => {
    const media = video.current;
    if (!media || !playlistUrl) return;
    let cancelled = false;
    void import('hls.js/light').then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        if (media.canPlayType(HLS_MIME)) media.src = playlistUrl;
        else fatal.current({ kind: 'media' });
        return;
      }
      const player = new HlsClass({ enableWorker: true, ...LOW_START_HLS, ...recoveryConfig(HlsClass.DefaultConfig) });
      hls.current = player;
      player.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
        applySaverCap(player, saverNow.current);
        setQualities(
          data.levels
            .map((l, index) => ({ index, height: l.height }))
            .filter((q) => q.height > 0)
            .sort((a, b) => b.height - a.height),
        );
      });
      player.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(data.level));
      recovery.current = recoverFatalErrors(HlsClass, player, media, { onRecovering: setRecovering, onFailure: (f) => fatal.current(f) });
      player.loadSource(playlistUrl);
      player.attachMedia(media);
    });
    return () => {
      cancelled = true;
      recovery.current?.cancel();
      recovery.current = null;
      setRecovering(false);
      hls.current?.destroy();
      hls.current = null;
      media.removeAttribute('src');
      media.load();
      setQualities([]);
      setLevelState(-1);
    };
  }, [video, playlistUrl]);

  useEffect(() => applySaverCap(hls.current, saver), [saver]);

  /** -1 lets hls.js choose by bandwidth; another value keeps that rendition. */
  const setLevel = useCallback((index: number) => {
    if (hls.current) hls.current.currentLevel = index;
    setLevelState(index);
  }, []);

  const stop = useCallback(() => {
    recovery.current?.cancel();
    hls.current?.destroy();
    hls.current = null;
  }, []);

  /** Loads again from where the picture stopped; false when there is no player left to do it (a new session must). */
  const retry = useCallback(() => {
    if (!recovery.current) return false;
    recovery.current.retry();
    return true;
  }, []);

  const playingHeight = qualities.find((q) => q.index === playing)?.height ?? null;
  return { qualities, level, setLevel, playingHeight, stop, retry, recovering };
}
