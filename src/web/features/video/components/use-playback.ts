import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { VIDEO_COMPLETION_RATIO, type TPlayback } from '@shared/schemas/video';
import { ApiError } from '@web/lib/api-error';
import { useErrorText } from '@web/lib/api-errors';
import { readStorage, writeStorage } from '@web/lib/storage';
import { courseKeys } from '@web/lib/course-queries';
import { videoApi } from '@web/features/video/api';

const DEVICE_KEY = 'darsi.video.device';

/** A random id for this browser, kept so that a reload is the same device (the server's lease is per device). */
function deviceId(): string {
  const known = readStorage(DEVICE_KEY);
  if (known && known.length >= 8) return known;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeStorage(DEVICE_KEY, id);
  return id;
}

export type TPlayerStop = { kind: 'other-device' | 'refused'; message: string };

/**
 * A playback session: asks the server for a token (which takes the one-screen lease for this device),
 * reports the position every `heartbeatSeconds`, when paused and on reaching 90 %, and stops the player when
 * the server says another device took over (409) or that access ended (401/403). A visitor's free preview
 * (decision 075) takes no lease and saves nothing, so it sends no heartbeat.
 */
export function usePlayback(lessonId: string, video: RefObject<HTMLVideoElement | null>, preview = false) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [session, setSession] = useState<TPlayback | null>(null);
  const [stopped, setStopped] = useState<TPlayerStop | null>(null);
  const current = useRef<TPlayback | null>(null);
  const completed = useRef(false);
  const reportedWatched = useRef(false);

  const start = useMutation({
    mutationFn: () => (preview ? videoApi.previewPlay(lessonId) : videoApi.play(lessonId, deviceId())),
    onSuccess: (playback) => {
      current.current = playback;
      reportedWatched.current = false;
      setStopped(null);
      setSession(playback);
    },
    onError: (error) => setStopped({ kind: 'refused', message: errorText(error) }),
  });

  const halt = useCallback(
    (stop: TPlayerStop) => {
      video.current?.pause();
      current.current = null;
      setSession(null);
      setStopped(stop);
    },
    [video],
  );

  const beat = useCallback(async () => {
    const playback = current.current;
    const media = video.current;
    if (!playback || !media || preview) return;
    try {
      const result = await videoApi.heartbeat(playback.token, media.currentTime);
      if (result.completed && !completed.current) {
        completed.current = true;
        // The outline's check mark and the course's progress bar follow at once.
        await queryClient.invalidateQueries({ queryKey: courseKeys.student });
      }
    } catch (error) {
      if (!(error instanceof ApiError) || current.current !== playback) return;
      if (error.status === 409) halt({ kind: 'other-device', message: error.message });
      else if (error.status === 401 || error.status === 403) halt({ kind: 'refused', message: errorText(error) });
      // A network failure: the next beat tries again; the lease outlives two missed beats.
    }
  }, [video, queryClient, halt, errorText, preview]);

  useEffect(() => {
    if (!session || preview) return;
    const timer = window.setInterval(() => void beat(), Math.max(5, session.heartbeatSeconds) * 1000);
    const media = video.current;
    // Also on play and on coming back to the tab: a long pause in a background tab may have let the lease
    // lapse (timers slow down there), and the next key or segment needs it.
    const onPlayOrPause = () => void beat();
    const onVisible = () => document.visibilityState === 'visible' && void beat();
    const onTime = () => {
      if (!media || reportedWatched.current || !(media.duration > 0)) return;
      if (media.currentTime / media.duration >= VIDEO_COMPLETION_RATIO) {
        reportedWatched.current = true;
        void beat();
      }
    };
    media?.addEventListener('pause', onPlayOrPause);
    media?.addEventListener('play', onPlayOrPause);
    media?.addEventListener('timeupdate', onTime);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      media?.removeEventListener('pause', onPlayOrPause);
      media?.removeEventListener('play', onPlayOrPause);
      media?.removeEventListener('timeupdate', onTime);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, beat, video, preview]);

  // Leaving the lesson (or a new session replacing this one) saves where the student stopped. This lives in
  // its own effect, keyed on the session alone, so that nothing else re-running the timers above can send a
  // heartbeat from a cleanup (issue 24.2: 3.85 requests a second while a lesson played).
  useEffect(() => {
    if (!session || preview) return;
    const media = video.current;
    return () => {
      if (current.current === session && media) void videoApi.heartbeat(session.token, media.currentTime).catch(() => undefined);
    };
  }, [session, video, preview]);

  return { session, stopped, start: () => start.mutate(), starting: start.isPending, halt, beat };
}
