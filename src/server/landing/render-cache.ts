import type { Logger } from 'pino';
import type { TLanguage } from '@shared/i18n';
import { invalidatedSince, type TCacheState } from './cache-state';
import { PAGE_REFRESH_MS, type TPageRenderer, type TRenderKey } from './page-render';
import type { TViewerMode } from './render';
import { Lru, type RenderedPage } from './response-cache';
import { SITE_REVALIDATE_MS } from './site-records';

const MAX_RENDERED = 2_000;
// And at most this many bytes: a page's HTML plus room for its gzip and brotli copies (made on first use, a
// quarter of the HTML or less each). 1,000 teachers' pages at 30–40 KB must fit with room to spare: requests spread
// over more copies than an LRU holds miss every time (bench/results/landing.md, 48 MB: 0.01× node:http).
const MAX_RENDERED_BYTES = 80 * 1024 * 1024;
const renderedSize = (page: RenderedPage) => Math.ceil(page.body.length * 1.5);

export const renderKey = (k: TRenderKey) => `${k.pageId}|${k.host}|${k.lng}|${k.mode}|${k.contact ?? ''}`;

export function parseRenderKey(key: string): TRenderKey {
  const [pageId, host, lng, mode, contact] = key.split('|') as [string, TRenderKey['host'], TLanguage, TViewerMode, string];
  return { pageId, host, lng, mode, ...(contact === 'sent' || contact === 'failed' ? { contact } : {}) };
}

type TJob = Promise<RenderedPage | null>;

/** Registers a render in flight under its key; the entry goes when it settles, either way. */
function track(inflight: Map<string, TJob>, cacheKey: string, job: TJob): TJob {
  inflight.set(cacheKey, job);
  const done = () => inflight.get(cacheKey) === job && inflight.delete(cacheKey);
  void job.then(done, done);
  return job;
}

type TDeps = { renderer: TPageRenderer; logger: Logger; state: TCacheState };

/** The rendered copies of published pages, with one render per copy in flight at a time. */
export function renderCache({ renderer, logger, state }: TDeps) {
  const rendered = new Lru<RenderedPage>(MAX_RENDERED, { maxBytes: MAX_RENDERED_BYTES, sizeOf: renderedSize });
  /** Renders of one copy in flight: concurrent first visitors after a save wait for the same one. */
  const inflight = new Map<string, TJob>();
  const caching = () => state.cacheEnabled && state.pageCacheEnabled;
  /** Renders made so far (the landing bench checks that a stampede after a save renders once). */
  let renders = 0;

  /** Reads and renders one copy (null: not published, or its teacher is not active or not `teacherId`). */
  async function renderFresh(key: TRenderKey, teacherId: string | undefined, freshCards = false): TJob {
    const started = state.tick();
    const found = await renderer.pageRow(key.pageId);
    if (!found || !found.teacherActive || (teacherId !== undefined && found.row.teacherId !== teacherId)) return null;
    renders += 1;
    const page = await renderer.renderRow(found, key, { freshCards });
    if (caching() && !invalidatedSince(state, page.teacherId, started)) rendered.set(renderKey(key), page);
    return page;
  }

  /**
   * One background render per page copy at a time; an unpublished or suspended page is dropped. Visitors who
   * arrive meanwhile wait for it, and see its error if it fails.
   */
  function rerender(key: TRenderKey, freshCards = true) {
    const cacheKey = renderKey(key);
    if (inflight.has(cacheKey)) return;
    void track(inflight, cacheKey, renderFresh(key, undefined, freshCards)).then(
      (page) => {
        if (!page) rendered.deleteWhere((p) => p.pageId === key.pageId);
      },
      (error: unknown) => logger.warn({ err: error, pageId: key.pageId }, 'landing page refresh failed'),
    );
  }

  /**
   * A published page as a cached response. `version` is the updated_at the caller knows (from the site
   * record); a cached copy of another version is rendered again. `teacherId`, on a teacher's host, is
   * that host's teacher: another teacher's page is not found there.
   */
  async function publishedPage(key: TRenderKey, options: { version?: number; teacherId?: string } = {}): TJob {
    const { version, teacherId } = options;
    const cacheKey = renderKey(key);
    const hit = caching() ? rendered.get(cacheKey) : undefined;
    if (hit && (version === undefined || hit.version === version)) {
      if (teacherId !== undefined && hit.teacherId !== teacherId) return null;
      // Without a site record to vouch for it (/landing/{id}), a copy is re-checked as often as a record is.
      if (Date.now() - hit.renderedAt > (version === undefined ? SITE_REVALIDATE_MS : PAGE_REFRESH_MS)) rerender(key);
      return hit;
    }
    // Benchmarks measure one read and one render per request: nothing is shared when caching is off.
    if (!caching()) return renderFresh(key, teacherId);
    const page = await (inflight.get(cacheKey) ?? track(inflight, cacheKey, renderFresh(key, undefined)));
    return page && (teacherId === undefined || page.teacherId === teacherId) ? page : null;
  }

  /** The cached response for a page whose version the site record vouches for; no waiting. */
  function cachedPage(key: TRenderKey, version: number | undefined): RenderedPage | null {
    if (!state.pageCacheEnabled || version === undefined) return null;
    const hit = rendered.peek(renderKey(key));
    if (!hit || hit.version !== version) return null;
    if (Date.now() - hit.renderedAt > PAGE_REFRESH_MS) rerender(key);
    return hit;
  }

  /** Renders a copy again unless it is cached, and waits for it (the warm-up after a save). */
  async function ensure(key: TRenderKey) {
    if (rendered.peek(renderKey(key))) return;
    if (!inflight.has(renderKey(key))) rerender(key, false);
    await inflight.get(renderKey(key));
  }

  /** Drops a teacher's copies; answers the keys of those visitors were served (contact answers aside). */
  function drop(teacherId: string): TRenderKey[] {
    state.teacherInvalidatedAt.set(teacherId, state.tick());
    return rendered
      .deleteWhere((p) => p.teacherId === teacherId)
      .map(parseRenderKey)
      .filter((k) => !k.contact);
  }

  return { publishedPage, cachedPage, ensure, drop, clear: () => rendered.clear(), renders: () => renders };
}
