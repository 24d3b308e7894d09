import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { readSegment } from './offline-store';

function emptyStats(): LoaderStats {
  const span = () => ({ start: 0, first: 0, end: 0 });
  return { aborted: false, loaded: 0, total: 0, retry: 0, chunkCount: 0, bwEstimate: 0, loading: span(), parsing: span(), buffering: span() };
}

/**
 * An hls.js loader that never touches the network: the playlist and the encrypted segments come from this browser's
 * storage, and each AES-128 key from the licence unwrapped in memory (offline-licence.ts). hls.js decrypts as online.
 * URLs are those of the stored playlist resolved against a made-up base: only their last parts matter here.
 */
export function offlineLoader(lessonId: string, playlist: string, keys: Record<string, Uint8Array>) {
  return class OfflineLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats = emptyStats();
    private aborted = false;

    constructor(_config: unknown) {}

    destroy() {
      this.aborted = true;
    }

    abort() {
      this.aborted = true;
      this.stats.aborted = true;
    }

    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      this.context = context;
      const stats = this.stats;
      stats.loading.start = performance.now();
      void this.read(context.url).then(
        (data) => {
          if (this.aborted) return;
          if (data === null) {
            callbacks.onError({ code: 404, text: 'not stored' }, context, null, stats);
            return;
          }
          const size = typeof data === 'string' ? data.length : data.byteLength;
          stats.loading.first = stats.loading.end = performance.now();
          stats.loaded = stats.total = size;
          callbacks.onSuccess({ url: context.url, data }, stats, context, null);
        },
        (error: unknown) => {
          // Storage that cannot be read (evicted, or the browser refusing IndexedDB): the part is as good as missing.
          if (!this.aborted) callbacks.onError({ code: 404, text: String(error) }, context, null, stats);
        },
      );
    }

    private async read(url: string): Promise<string | ArrayBuffer | null> {
      if (url.endsWith('.m3u8')) return playlist;
      const key = /\/key\/\d+\/(\d+)$/.exec(url);
      if (key) return keys[key[1]!]?.slice().buffer ?? null;
      const segment = /seg-(\d{4})\.ts$/.exec(url);
      return segment ? ((await readSegment(lessonId, Number(segment[1]))) ?? null) : null;
    }
  };
}
