import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, LoaderConfig, LoadPolicy } from 'hls.js';

/**
 * Why a lesson stopped for good, once the bounded recovery below gave up: the line (trying again helps), the
 * picture (this device could not decode it), or a refusal with its HTTP status (a key or segment refused, the lease
 * lost; offline: a part missing from this device's storage).
 */
export type TPlayFailure = { kind: 'network' } | { kind: 'media' } | { kind: 'refused'; status: number };

/** Pauses before loading again once hls.js has given up on the line: about fifteen seconds in all, then the student is told. */
const NETWORK_RETRY_MS = [2_000, 4_000];

function retries(policy: LoaderConfig, errorRetry: number): LoadPolicy {
  return { default: { ...policy, errorRetry: policy.errorRetry && { ...policy.errorRetry, maxNumRetry: errorRetry, maxRetryDelayMs: 4_000 } } };
}

/**
 * hls.js's own retries, shorter than its defaults (six for a part, eight for a key: half a minute of a still picture
 * and no word): two each, then the recovery below takes over, and the student hears of it within seconds.
 */
export function recoveryConfig(defaults: HlsConfig): Partial<HlsConfig> {
  return { fragLoadPolicy: retries(defaults.fragLoadPolicy.default, 2), keyLoadPolicy: retries(defaults.keyLoadPolicy.default, 2) };
}
/** Two media recoveries close together mean the second one failed: then the audio codec is swapped once. */
const MEDIA_CLOSE_MS = 10_000;

type THandlers = {
  /** True while hls.js is loading again after an error (the picture may stall meanwhile), false once it plays on. */
  onRecovering: (recovering: boolean) => void;
  onFailure: (failure: TPlayFailure) => void;
};

function classify(HlsClass: typeof Hls, data: ErrorData): TPlayFailure {
  const status = data.response?.code;
  if (typeof status === 'number' && status >= 400 && status < 500) return { kind: 'refused', status };
  return data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? { kind: 'network' } : { kind: 'media' };
}

/**
 * hls.js's documented recovery of fatal errors, bounded so that it never loops: a network error (the line dropped:
 * status 0 or 5xx, once hls.js's own retries are spent) loads again from the current position after a growing pause,
 * twice; a media error is recovered with recoverMediaError(), and if it comes back at once, with the audio
 * codec swapped; a refusal (4xx) is never retried. A part buffered again resets the network count.
 */
export function recoverFatalErrors(HlsClass: typeof Hls, player: Hls, media: HTMLVideoElement, handlers: THandlers) {
  let network = 0;
  let lastMedia = 0;
  let swapped = false;
  let timer: number | undefined;
  let recovering = false;
  let troubled = false;
  const setRecovering = (value: boolean) => {
    if (recovering === value) return;
    recovering = value;
    handlers.onRecovering(value);
  };
  const loadAgain = () => player.startLoad(media.currentTime);

  player.on(HlsClass.Events.FRAG_BUFFERED, () => {
    network = 0;
    troubled = false;
    setRecovering(false);
  });
  player.on(HlsClass.Events.ERROR, (_e, data) => {
    if (!data.fatal) {
      // A part failing is retried by hls.js; the student is told once the picture waits for it.
      if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) troubled = true;
      if (troubled && data.details === HlsClass.ErrorDetails.BUFFER_STALLED_ERROR) setRecovering(true);
      return;
    }
    const failure = classify(HlsClass, data);
    if (failure.kind === 'network' && network < NETWORK_RETRY_MS.length) {
      setRecovering(true);
      timer = window.setTimeout(loadAgain, NETWORK_RETRY_MS[network]);
      network += 1;
      return;
    }
    if (failure.kind === 'media' && data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
      const now = performance.now();
      const close = now - lastMedia < MEDIA_CLOSE_MS;
      lastMedia = now;
      if (!close || !swapped) {
        if (close) {
          swapped = true;
          player.swapAudioCodec();
        }
        setRecovering(true);
        player.recoverMediaError();
        return;
      }
    }
    setRecovering(false);
    handlers.onFailure(failure);
  });

  return {
    /** The student's "try again" after a network failure: the same player, from where it stopped. */
    retry: () => {
      window.clearTimeout(timer);
      network = 0;
      setRecovering(true);
      loadAgain();
    },
    cancel: () => window.clearTimeout(timer),
  };
}
