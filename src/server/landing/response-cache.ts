import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);

/** Brotli made on the request that first asks for it: about as fast as gzip, and smaller. */
const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
/** A copy served this often is worth brotli's best quality (tens of ms, on the thread pool, once). */
const HOT_HITS = 16;

/**
 * A rendered page kept as bytes, with its compressed forms made on first demand: gzip or a quick brotli
 * at once (well under a millisecond each), then brotli at its best quality in the background once the
 * copy proves popular — a cache miss never pays for the slow one.
 */
export class RenderedPage {
  readonly body: Buffer;
  readonly etag: string;
  readonly renderedAt = Date.now();
  private gzipped: Buffer | null = null;
  private brotlied: Buffer | null = null;
  private brotliBest = false;
  private brotliPending = false;
  private hits = 0;
  /** Response headers per encoding, built once: a cache hit only looks them up. */
  private readonly headerSets = new Map<string, Record<string, string>>();

  constructor(
    html: string,
    /** Response headers besides the per-encoding ones. */
    readonly headers: ReadonlyArray<readonly [string, string]>,
    /** The page's updated_at when rendered: a different stored version makes this copy stale. */
    readonly version: number,
    readonly teacherId: string,
    readonly pageId: string,
  ) {
    this.body = Buffer.from(html, 'utf8');
    this.etag = `W/"lp-${createHash('sha1').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  /** Headers for one encoding (null: identity), with ETag and length (-1: none, for 304); built once. */
  headersFor(encoding: 'br' | 'gzip' | null, length: number): Record<string, string> {
    const key = length < 0 ? 'none' : (encoding ?? 'identity');
    let headers = this.headerSets.get(key);
    if (!headers) {
      headers = Object.fromEntries(this.headers);
      headers.etag = this.etag;
      if (encoding) headers['content-encoding'] = encoding;
      if (length >= 0) headers['content-length'] = String(length);
      this.headerSets.set(key, headers);
    }
    return headers;
  }

  /** The best encoding the client accepts. */
  encoded(acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
    if (!acceptEncoding) return { body: this.body, encoding: null };
    if (/\bbr\b/.test(acceptEncoding)) {
      this.hits += 1;
      this.brotlied ??= zlib.brotliCompressSync(this.body, BROTLI_FAST);
      if (this.hits >= HOT_HITS) this.upgradeBrotli();
      return { body: this.brotlied, encoding: 'br' };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      this.gzipped ??= zlib.gzipSync(this.body, { level: 6 });
      return { body: this.gzipped, encoding: 'gzip' };
    }
    return { body: this.body, encoding: null };
  }

  private upgradeBrotli() {
    if (this.brotliBest || this.brotliPending) return;
    this.brotliPending = true;
    void brotli(this.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
      .then((out) => {
        this.brotlied = out;
        this.brotliBest = true;
      })
      // The quick copy stays in use; the next hit tries again.
      .catch(() => undefined)
      .finally(() => {
        this.brotliPending = false;
      });
  }
}

/** Least-recently-used map: a Map keeps insertion order, so a hit is re-inserted at the end. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  /** Bytes charged per key when a budget is given (the value's size when it was set). */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  constructor(
    private readonly max: number,
    /** A bound in bytes beside the bound in entries: pages differ in size by a hundred times. */
    private readonly budget?: { maxBytes: number; sizeOf: (value: V) => number },
  ) {}

  private forget(key: string) {
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
    this.map.delete(key);
  }

  /** A read that leaves the order alone (the hot path: eviction is then by age of insertion). */
  peek(key: string): V | undefined {
    return this.map.get(key);
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    this.forget(key);
    this.map.set(key, value);
    if (this.budget) {
      const size = this.budget.sizeOf(value);
      this.sizes.set(key, size);
      this.bytes += size;
    }
    while (this.map.size > this.max || (this.budget && this.bytes > this.budget.maxBytes && this.map.size > 1))
      this.forget(this.map.keys().next().value as string);
  }

  /** The bytes charged for the entries held (0 without a budget). */
  get size() {
    return this.bytes;
  }

  delete(key: string) {
    this.forget(key);
  }

  /** Removes every entry whose value matches; returns their keys. */
  deleteWhere(predicate: (value: V) => boolean): string[] {
    const removed: string[] = [];
    for (const [key, value] of this.map) {
      if (!predicate(value)) continue;
      this.forget(key);
      removed.push(key);
    }
    return removed;
  }

  clear() {
    this.map.clear();
    this.sizes.clear();
    this.bytes = 0;
  }
}
