import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload, type DetailedError } from 'tus-js-client';
import { type VIDEO_UPLOAD_METADATA_KEYS, VIDEO_UPLOAD_PATH, ZVideoError } from '@shared/schemas/video';
import { keepRecent, transferRate, type TSample } from './video-math';

/** 5 MB a request: small enough that a dropped connection loses little, big enough not to waste round trips. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** A flaky line gets six more tries, the last after 20 s, before the teacher is asked to press resume. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** Upload-Metadata, typed from the contract's keys so that the server's names and ours cannot drift. */
type TUploadMetadata = Record<(typeof VIDEO_UPLOAD_METADATA_KEYS)[number], string>;

export type TUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'paused'; sent: number; total: number; rate: number | null; resumed: boolean }
  | { phase: 'failed'; message: string; canResume: boolean; sent: number; total: number }
  | { phase: 'done' };

/** The server's translated refusal from a tus response body, or null when the failure was the network's. */
function refusalOf(error: Error | DetailedError): { message: string; status: number } | null {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return null;
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // A proxy's HTML page or an empty body: the status alone says what happened.
  }
  const parsed = ZVideoError.safeParse(body);
  return { message: parsed.success ? parsed.data.error.message : '', status: response.getStatus() };
}

/** Closing the tab mid-upload is resumable, but rarely meant: the browser asks first. */
function useAskBeforeLeaving(sending: boolean) {
  useEffect(() => {
    if (!sending) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [sending]);
}

/**
 * One resumable upload (tus) of a lesson's video. The fingerprint names the lesson and the file, so picking
 * the same file again for the same lesson, after a cut connection or a closed tab, goes on from the offset
 * the server already holds; another lesson never resumes it.
 */
export function useVideoUpload(onFinished: () => void) {
  const { t } = useTranslation('video');
  const [state, setState] = useState<TUploadState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);
  const samples = useRef<TSample[]>([]);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // Leaving the dialog stops the transfer but keeps it on the server, ready to resume.
  useEffect(() => () => void upload.current?.abort(), []);

  useAskBeforeLeaving(state.phase === 'uploading');

  const start = useCallback(
    async (file: File, lessonId: string) => {
      await upload.current?.abort();
      samples.current = [];
      let resumed = false;
      const metadata: TUploadMetadata = { lessonId, filename: file.name, filetype: file.type || 'application/octet-stream' };
      const next = new Upload(file, {
        endpoint: VIDEO_UPLOAD_PATH,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        fingerprint: (f: File) => Promise.resolve(['darsi-video', lessonId, f.name, f.type, f.size, f.lastModified].join(':')),
        onProgress: (sent, total) => {
          const now = Date.now();
          samples.current = keepRecent([...samples.current, { at: now, bytes: sent }], now);
          // A resume pressed meanwhile stays said: the next progress event must not take the notice away.
          setState((s) => ({
            phase: s.phase === 'paused' ? 'paused' : 'uploading',
            sent,
            total,
            rate: transferRate(samples.current),
            resumed: resumed || ('resumed' in s && s.resumed),
          }));
        },
        onSuccess: () => {
          upload.current = null;
          setState({ phase: 'done' });
          finished.current();
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          // A refusal (4xx) is final for this file; a network failure after every retry can go on later.
          const canResume = !refusal || refusal.status >= 500 || refusal.status === 409 || refusal.status === 423;
          const message = refusal?.message || (canResume ? t('video:upload.connectionLost') : t('errors:codes.INTERNAL'));
          setState((s) => ({ phase: 'failed', message, canResume, sent: 'sent' in s ? s.sent : 0, total: file.size }));
        },
      });
      upload.current = next;
      const previous = await next.findPreviousUploads();
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) {
        resumed = true;
        next.resumeFromPreviousUpload(last);
      }
      setState({ phase: 'uploading', sent: 0, total: file.size, rate: null, resumed });
      next.start();
    },
    [t],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    samples.current = [];
    setState((s) => (s.phase === 'uploading' ? { ...s, phase: 'paused', rate: null } : s));
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    samples.current = [];
    setState((s) => (s.phase === 'paused' || s.phase === 'failed' ? { phase: 'uploading', sent: s.sent, total: s.total, rate: null, resumed: true } : s));
    upload.current.start();
  }, []);

  const reset = useCallback(() => {
    void upload.current?.abort();
    upload.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, pause, resume, reset };
}
