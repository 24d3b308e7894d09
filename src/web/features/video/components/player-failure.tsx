import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { useDataSaver } from './data-saver';
import type { TPlayFailure } from './hls-recovery';
import { useHls } from './use-hls';
import type { usePlayback } from './use-playback';

export const OVERLAY_BOX = 'absolute inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-black/75 p-4 text-center';

/**
 * After the line dropped, the same player loads again from where it stopped: when the student presses "try again",
 * and by itself once the browser says it is back online. False when there is no player left to do it.
 */
function useNetworkRetry(video: RefObject<HTMLVideoElement | null>, failure: TPlayFailure | null, clear: () => void, hlsRetry: () => boolean) {
  const resume = useCallback(() => {
    if (!hlsRetry()) return false;
    clear();
    void video.current?.play().catch(() => undefined);
    return true;
  }, [video, clear, hlsRetry]);
  useEffect(() => {
    if (failure?.kind !== 'network') return;
    const online = () => void resume();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [failure, resume]);
  return resume;
}

/** What the student reads when playback stopped: the line dropped (try again), or the lesson could not play. */
export function FailureBox({ failure, message, busy, onRetry }: { failure: TPlayFailure | null; message?: string; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation('video');
  const network = failure?.kind === 'network';
  return (
    <div className={OVERLAY_BOX} role="alert" data-testid="player-refused" data-failure={failure?.kind}>
      {network ? <p className="max-w-md text-sm font-bold sm:text-base">{t('player.networkTitle')}</p> : null}
      <p className="max-w-md text-xs text-white/85 sm:text-sm">{message ?? (network ? t('player.network') : t('player.failed'))}</p>
      <Button size="sm" variant="secondary" onClick={onRetry} busy={busy} data-testid="player-retry">
        {t('player.retry')}
      </Button>
    </div>
  );
}

/**
 * The session's stream (data saver, hls.js) and what stopped it. "Try again" after the line dropped resumes the same
 * player; after anything else it asks for a new session.
 */
export function usePlayerStream(video: RefObject<HTMLVideoElement | null>, playback: ReturnType<typeof usePlayback>) {
  const { session } = playback;
  const [failure, setFailure] = useState<TPlayFailure | null>(null);
  const clearFailure = useCallback(() => setFailure(null), []);
  const saver = useDataSaver(video, session?.playlistUrl ?? null, session?.dataSaver);
  const hls = useHls(video, saver.source, saver.mode, (f) => {
    // A key or segment refused: ask the server why (another device, access ended) before saying anything.
    const status = f.kind === 'refused' ? f.status : null;
    if (status === 401 || status === 403 || status === 409) void playback.beat();
    setFailure(status === 409 ? null : f);
  });
  const resume = useNetworkRetry(video, failure, clearFailure, hls.retry);
  const retry = () => (failure?.kind === 'network' && resume()) || playback.start();
  return { failure, clearFailure, saver, hls, retry };
}
