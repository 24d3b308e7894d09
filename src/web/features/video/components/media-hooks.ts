import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { TMediaState } from './player-controls';

/** The <video>'s state as React state, from its own events. */
export function useMediaState(video: RefObject<HTMLVideoElement | null>): TMediaState {
  const [state, setState] = useState<TMediaState>({ playing: false, time: 0, duration: 0, volume: 1, muted: false, buffered: 0 });
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    const read = () =>
      setState({
        playing: !media.paused && !media.ended,
        time: media.currentTime,
        duration: Number.isFinite(media.duration) ? media.duration : 0,
        volume: media.volume,
        muted: media.muted,
        buffered: media.buffered.length > 0 ? media.buffered.end(media.buffered.length - 1) : 0,
      });
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'volumechange', 'progress', 'emptied', 'loadedmetadata'];
    for (const e of events) media.addEventListener(e, read);
    return () => {
      for (const e of events) media.removeEventListener(e, read);
    };
  }, [video]);
  return state;
}

/**
 * Full screen of the player's container, so the watermark and the controls go along. Where the page cannot
 * ask for it (iPhone Safari only lets the bare <video> go full screen), the container fills the window instead.
 */
export function useFullscreen(container: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [pseudo, setPseudo] = useState(false);
  useEffect(() => {
    const onChange = () => setNative(document.fullscreenElement !== null && document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container]);
  const toggle = useCallback(() => {
    const el = container.current;
    if (!el) return;
    if (document.fullscreenElement) return void document.exitFullscreen();
    if (pseudo || !document.fullscreenEnabled) return setPseudo(!pseudo);
    el.requestFullscreen().catch(() => setPseudo(true));
  }, [container, pseudo]);
  return { active: native || pseudo, pseudo, toggle, leavePseudo: () => setPseudo(false) };
}
