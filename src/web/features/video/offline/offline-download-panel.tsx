import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { Link } from 'react-router';
import type { TOfflineLicence } from '@shared/schemas/offline';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { downloadLesson, requestLicence } from './offline-download';
import { readLesson } from './offline-store';
import { megabytes, needsInstalledApp, OFFLINE_PATH, registerAppWorker } from './offline-format';

type TState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'ready'; licence: TOfflineLicence }
  | { kind: 'downloading' | 'paused'; licence: TOfflineLicence; stored: number }
  | { kind: 'done' };

export type TOfflineLessonInfo = { lessonId: string; courseId: string; title: string; bodyHtml: string };

function useDownload(info: TOfflineLessonInfo) {
  const [state, setState] = useState<TState>({ kind: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    registerAppWorker();
    void readLesson(info.lessonId).then((kept) => {
      if (!kept) return;
      setState(kept.stored >= kept.licence.segments ? { kind: 'done' } : { kind: 'paused', licence: kept.licence, stored: kept.stored });
    });
    return () => abort.current?.abort();
  }, [info.lessonId]);
  const ask = async (rendition?: number) => {
    setError(null);
    setState({ kind: 'asking' });
    try {
      setState({ kind: 'ready', licence: await requestLicence(info.lessonId, rendition) });
    } catch (e) {
      setError(e);
      setState({ kind: 'idle' });
    }
  };
  const start = async (licence: TOfflineLicence) => {
    setError(null);
    abort.current = new AbortController();
    setState({ kind: 'downloading', licence, stored: 0 });
    try {
      await downloadLesson(info, licence, (stored) => setState({ kind: 'downloading', licence, stored }), abort.current.signal);
      const kept = await readLesson(info.lessonId);
      if (kept && kept.stored >= licence.segments) setState({ kind: 'done' });
      // What offline playback runs, fetched now while online (and kept by the worker): the player and its screen.
      void import('hls.js/light');
      void import('./offline-page');
    } catch (e) {
      // A dropped connection: what is stored stays, and "resume" carries on from there.
      setError(e);
      const kept = await readLesson(info.lessonId);
      setState({ kind: 'paused', licence, stored: kept?.stored ?? 0 });
    }
  };
  return { state, error, ask, start };
}

/** Under a lesson's video: download it for offline viewing, with its size first, its progress, and resume. */
export function OfflineDownloadPanel(info: TOfflineLessonInfo) {
  const { t, i18n } = useTranslation('video');
  const errorText = useErrorText();
  const { state, error, ask, start } = useDownload(info);
  const mb = (bytes: number) => t('offline.mb', { mb: formatNumber(toLanguage(i18n.resolvedLanguage), megabytes(bytes)) });
  if (needsInstalledApp()) return <Notice tone="info">{t('offline.iphone')}</Notice>;
  const quality = (r: number) => (r === 0 ? t('dataSaver.audio') : t('player.height', { height: r }));
  return (
    <section className="space-y-3 rounded-xl border border-gray-200 p-4" data-testid="offline-download" data-state={state.kind}>
      <h2 className="font-bold">{t('offline.title')}</h2>
      {error ? <Notice tone="error">{errorText(error)}</Notice> : null}
      {state.kind === 'idle' || state.kind === 'asking' ? (
        <>
          <p className="text-sm text-gray-600">{t('offline.intro')}</p>
          <Button onClick={() => void ask()} disabled={state.kind === 'asking'} data-testid="offline-prepare">
            {t('offline.prepare')}
          </Button>
        </>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <label className="block text-sm">
            <span className="mb-1 block">{t('offline.quality')}</span>
            <select
              className="w-full rounded-lg border border-gray-300 p-2"
              value={state.licence.rendition}
              onChange={(e) => void ask(Number(e.target.value))}
              data-testid="offline-quality"
            >
              {state.licence.options.map((o) => (
                <option key={o.rendition} value={o.rendition}>
                  {`${quality(o.rendition)} · ${mb(o.sizeBytes)}`}
                </option>
              ))}
            </select>
          </label>
          <p className="text-sm" data-testid="offline-size">
            {t('offline.size', { size: mb(state.licence.sizeBytes), date: formatDate(toLanguage(i18n.resolvedLanguage), state.licence.expiresAt, 'long') })}
          </p>
          <Button onClick={() => void start(state.licence)} data-testid="offline-start">
            {t('offline.start')}
          </Button>
        </>
      ) : null}
      {state.kind === 'downloading' || state.kind === 'paused' ? (
        <>
          <progress className="w-full" max={state.licence.segments} value={state.stored} data-testid="offline-progress" />
          <p className="text-sm">{t('offline.progress', { done: state.stored, total: state.licence.segments, size: mb(state.licence.sizeBytes) })}</p>
          {state.kind === 'paused' ? (
            <Button onClick={() => void requestLicence(info.lessonId, state.licence.rendition).then(start, ask)} data-testid="offline-resume">
              {t('offline.resume')}
            </Button>
          ) : null}
        </>
      ) : null}
      {state.kind === 'done' ? (
        <>
          <Notice tone="success">{t('offline.done')}</Notice>
          <Link to={OFFLINE_PATH} className={buttonClass('secondary')} data-testid="offline-open">
            {t('offline.open')}
          </Link>
        </>
      ) : null}
    </section>
  );
}
