import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, type TLanguage } from '@shared/i18n';
import { isReservedSlug } from '@shared/landing-reserved';
import { slugFromTitle } from '@shared/landing-slug';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import type { TLandingAssets } from './assets';
import { renderPage, viewerCsp, type TFraming, type TViewerMode } from './render';
import { Lru, RenderedPage } from './response-cache';
import { robotsOf } from '@shared/landing-view';
import { publishedCourseCards, type TCourseCard } from '@server/courses';
import { pageUrl, type TLandingPagesService, type TLandingPageRow } from './pages';

/** Spec §3 cached subdomain record, kept by the server instead of each browser. */
export type TSiteRecord = {
  teacherId: string;
  subdomain: string;
  isActive: boolean;
  mainPageId: string | null;
  /** slug → page id: custom slugs first, then title slugs that do not collide (spec §5). */
  pagesMap: Map<string, string>;
  /** page id → updated_at (ms) of every published page. */
  versions: Map<string, number>;
  /** Published pages whose robots meta says noindex: left out of sitemap.xml and robots.txt. */
  noindex: Set<string>;
  timestamp: number;
  /** What the background check compares: status, published count, newest update, main page. */
  fingerprint: string;
};

/**
 * How long a cached record is trusted before a background check (a changed status or page shows up
 * within this delay on every server instance; on the instance that saved, at once).
 */
const SITE_REVALIDATE_MS = 5_000;
/** Spec §9 landing page cache: after 5 min a page is re-rendered in the background (course cards). */
const PAGE_REFRESH_MS = 300_000;
const MAX_SITES = 5_000;
const MAX_RENDERED = 1_000;

/** One cached rendering of a page: where it is shown, in which language and mode, with which contact notice. */
export type TRenderKey = { pageId: string; lng: TLanguage; host: 'subdomain' | 'main'; mode: TViewerMode; contact?: 'sent' | 'failed' };

const renderKey = (k: TRenderKey) => `${k.pageId}|${k.host}|${k.lng}|${k.mode}|${k.contact ?? ''}`;

function parseRenderKey(key: string): TRenderKey {
  const [pageId, host, lng, mode, contact] = key.split('|') as [string, TRenderKey['host'], TLanguage, TViewerMode, string];
  return { pageId, host, lng, mode, ...(contact === 'sent' || contact === 'failed' ? { contact } : {}) };
}

/** At most this many copies are rendered ahead after a save (the ones visitors were being served). */
const MAX_WARM = 8;

/**
 * The security headers of a viewer page; the CSP depends on its pixels and on framing. The fast path sends
 * these exactly, so they are also everything the app's own middleware would add (HSTS included): both
 * paths answer with the same header set (tests/integration/landing-server.test.ts compares them).
 */
export function viewerHeaders(csp: string, framing: TFraming, cacheControl = 'no-cache'): Array<[string, string]> {
  return [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', cacheControl],
    ['vary', 'Accept-Encoding, Accept-Language, Cookie'],
    ['content-security-policy', csp],
    // Framing allowed anywhere (embedded mode): CSP frame-ancestors says so, and X-Frame-Options has no "any".
    ...(framing === 'any' ? [] : [['x-frame-options', framing === 'none' ? 'DENY' : 'SAMEORIGIN'] as [string, string]]),
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', framing === 'any' ? 'cross-origin' : 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    // The offline worker caches only responses that carry this mark.
    ['x-darsi-landing', '1'],
  ];
}

export const framingOf = (mode: TViewerMode): TFraming => (mode === 'live' ? 'none' : mode === 'preview' ? 'self' : 'any');

type TDeps = {
  db: Db;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  logger: Logger;
  assets: TLandingAssets;
  pages: TLandingPagesService;
};

type TPageFound = { row: TLandingPageRow; subdomain: string; teacherActive: boolean };

export function landingSiteService({ db, config, logger, assets, pages }: TDeps) {
  const sites = new Map<string, { record: TSiteRecord | null; loadedAt: number }>();
  const refreshing = new Map<string, Promise<void>>();
  const rendered = new Lru<RenderedPage>(MAX_RENDERED);
  /** Course cards per teacher: they change with courses, not with page saves (coursesChanged drops them). */
  const cards = new Lru<{ cards: TCourseCard[]; at: number }>(MAX_SITES);
  /** Renders of one copy in flight: concurrent first visitors after a save wait for the same one. */
  const inflight = new Map<string, Promise<RenderedPage | null>>();
  /**
   * Invalidation clock: a render that started before its teacher's last invalidation is answered but not
   * kept (it may hold the content from before the save).
   */
  let clock = 0;
  const invalidatedAt = new Map<string, number>();
  /** Benchmarks turn these off to measure a database read plus a render on every request. */
  let cacheEnabled = true;
  let pageCacheEnabled = true;

  /** One aggregate query, no page content: enough to tell whether a cached record is still right. */
  async function fingerprintOf(subdomain: string): Promise<string | null> {
    const [row] = await db
      .select({
        isActive: teachers.isActive,
        status: teachers.status,
        published: sql<number>`count(${teacherLandingPages.id})::int`,
        newest: sql<string | null>`max(${teacherLandingPages.updatedAt})::text`,
        main: sql<string | null>`max(${teacherLandingPages.id}::text) filter (where ${teacherLandingPages.isMain})`,
      })
      .from(teachers)
      .leftJoin(teacherLandingPages, and(eq(teacherLandingPages.teacherId, teachers.id), eq(teacherLandingPages.isPublished, true)))
      .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`)
      .groupBy(teachers.id);
    return row ? `${row.isActive}|${row.status}|${row.published}|${row.newest ?? ''}|${row.main ?? ''}` : null;
  }

  async function loadSite(subdomain: string): Promise<TSiteRecord | null> {
    const [teacher] = await db
      .select({ id: teachers.id, subdomain: teachers.subdomain, isActive: teachers.isActive, status: teachers.status })
      .from(teachers)
      .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
    if (!teacher) return null;
    let published = await publishedOf(teacher.id);
    if (published.length > 0 && !published.some((p) => p.isMain)) {
      await db.transaction((tx) => pages.ensureMain(tx, teacher.id));
      published = await publishedOf(teacher.id);
    }
    // Spec §5: custom slugs first, then title slugs that collide with none; neither may take one of the
    // app's own routes (a page titled "Login" stays off /login).
    const pagesMap = new Map<string, string>();
    for (const p of published) if (p.customSlug && !isReservedSlug(p.customSlug)) pagesMap.set(p.customSlug.toLowerCase(), p.id);
    for (const p of published) {
      const slug = slugFromTitle(p.title);
      if (slug && !isReservedSlug(slug) && !pagesMap.has(slug)) pagesMap.set(slug, p.id);
    }
    return {
      fingerprint: (await fingerprintOf(subdomain)) ?? '',
      teacherId: teacher.id,
      subdomain: teacher.subdomain,
      isActive: teacher.isActive && teacher.status === 'active',
      mainPageId: published.find((p) => p.isMain)?.id ?? null,
      pagesMap,
      versions: new Map(published.map((p) => [p.id, p.updatedAt.getTime()])),
      noindex: new Set(published.filter((p) => /noindex/.test(robotsOf(p.metaData) ?? '')).map((p) => p.id)),
      timestamp: Date.now(),
    };
  }

  function publishedOf(teacherId: string) {
    return db
      .select({
        id: teacherLandingPages.id,
        title: teacherLandingPages.title,
        isMain: teacherLandingPages.isMain,
        customSlug: teacherLandingPages.customSlug,
        updatedAt: teacherLandingPages.updatedAt,
        metaData: teacherLandingPages.metaData,
      })
      .from(teacherLandingPages)
      .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true)))
      .orderBy(asc(teacherLandingPages.createdAt), asc(teacherLandingPages.id));
  }

  /** Per subdomain, like `invalidatedAt`: a record read before the last invalidation is never stored. */
  const siteInvalidatedAt = new Map<string, number>();

  function storeSite(subdomain: string, record: TSiteRecord | null, started: number) {
    if (!cacheEnabled || (siteInvalidatedAt.get(subdomain) ?? -1) >= started) return;
    if (sites.size >= MAX_SITES) sites.delete(sites.keys().next().value as string);
    sites.set(subdomain, { record, loadedAt: Date.now() });
  }

  /** Stale-while-revalidate: the cached record answers now, a check runs behind it (one at a time). */
  function refreshSite(subdomain: string) {
    if (refreshing.has(subdomain)) return;
    const job = (async () => {
      const started = ++clock;
      const cached = sites.get(subdomain)?.record;
      // Usually nothing changed: one light query, and the record is trusted for another period.
      if (cached && (await fingerprintOf(subdomain)) === cached.fingerprint) return storeSite(subdomain, cached, started);
      storeSite(subdomain, await loadSite(subdomain), started);
    })()
      .catch((error: unknown) => logger.warn({ err: error, subdomain }, 'landing site refresh failed'))
      .finally(() => refreshing.delete(subdomain));
    refreshing.set(subdomain, job);
  }

  /** The cached record if there is one (refreshed in the background when old), without waiting. */
  function cachedSite(subdomain: string): { record: TSiteRecord | null } | undefined {
    const entry = sites.get(subdomain);
    if (!entry) return undefined;
    if (Date.now() - entry.loadedAt > SITE_REVALIDATE_MS) refreshSite(subdomain);
    return entry;
  }

  async function site(subdomain: string, options: { fresh?: boolean } = {}): Promise<TSiteRecord | null> {
    const cached = options.fresh ? undefined : cachedSite(subdomain);
    if (cached) return cached.record;
    const started = ++clock;
    const record = await loadSite(subdomain);
    storeSite(subdomain, record, started);
    return record;
  }

  /** The read of every cache miss, prepared once: the query is not rebuilt for each visitor. */
  const pageRowQuery = db
    .select({ page: teacherLandingPages, subdomain: teachers.subdomain, isActive: teachers.isActive, status: teachers.status })
    .from(teacherLandingPages)
    .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
    .where(and(eq(teacherLandingPages.id, sql.placeholder('pageId')), eq(teacherLandingPages.isPublished, true)))
    .prepare('landing_page_row');

  /** A published page with its teacher, in one query. */
  async function pageRow(pageId: string): Promise<TPageFound | null> {
    const [found] = await pageRowQuery.execute({ pageId });
    if (!found) return null;
    return { row: found.page, subdomain: found.subdomain, teacherActive: found.isActive && found.status === 'active' };
  }

  async function courseCardsOf(teacherId: string, fresh = false): Promise<TCourseCard[]> {
    const hit = cacheEnabled && !fresh ? cards.get(teacherId) : undefined;
    if (hit && Date.now() - hit.at < PAGE_REFRESH_MS) return hit.cards;
    const started = ++clock;
    const list = await publishedCourseCards(db, teacherId);
    if (cacheEnabled && !invalidatedSince(teacherId, started)) cards.set(teacherId, { cards: list, at: Date.now() });
    return list;
  }

  function pageAddress(subdomain: string, row: TLandingPageRow, host: 'subdomain' | 'main') {
    const scheme = config.publicHttps ? 'https' : 'http';
    return host === 'main' ? `${scheme}://${config.publicHost}/landing/${row.id}` : pageUrl(config, subdomain, row);
  }

  /**
   * Renders a stored row into a response. Owner previews of drafts pass `cacheControl: 'no-store'` and are
   * never kept; the no-script contact answers are kept here but not in browsers (no-store) either.
   */
  async function renderRow(found: Pick<TPageFound, 'row' | 'subdomain'>, key: Omit<TRenderKey, 'pageId'>, options: { freshCards?: boolean; cacheControl?: string } = {}) {
    const { row, subdomain } = found;
    const courseCards = await courseCardsOf(row.teacherId, options.freshCards);
    const { html, pixels } = renderPage({ row, lng: key.lng, host: key.host, mode: key.mode, courseCards, pageUrl: pageAddress(subdomain, row, key.host), platform: subdomain, assets, contactStatus: key.contact });
    const framing = framingOf(key.mode);
    const cacheControl = options.cacheControl ?? (key.contact ? 'no-store' : 'no-cache');
    return new RenderedPage(html, viewerHeaders(viewerCsp(pixels, framing), framing, cacheControl), row.updatedAt.getTime(), row.teacherId, row.id);
  }

  const invalidatedSince = (teacherId: string, started: number) => (invalidatedAt.get(teacherId) ?? -1) >= started;

  function keep(cacheKey: string, page: RenderedPage, started: number) {
    if (cacheEnabled && pageCacheEnabled && !invalidatedSince(page.teacherId, started)) rendered.set(cacheKey, page);
  }

  /** Reads and renders one copy (null: not published, or its teacher is not active or not `teacherId`). */
  async function renderFresh(key: TRenderKey, teacherId: string | undefined, freshCards = false): Promise<RenderedPage | null> {
    const started = ++clock;
    const found = await pageRow(key.pageId);
    if (!found || !found.teacherActive || (teacherId !== undefined && found.row.teacherId !== teacherId)) return null;
    const page = await renderRow(found, key, { freshCards });
    keep(renderKey(key), page, started);
    return page;
  }

  /**
   * A published page as a cached response. `version` is the updated_at the caller knows (from the site
   * record); a cached copy of another version is rendered again. `teacherId`, on a teacher's host, is
   * that host's teacher: another teacher's page is not found there.
   */
  async function publishedPage(key: TRenderKey, options: { version?: number; teacherId?: string } = {}): Promise<RenderedPage | null> {
    const { version, teacherId } = options;
    const cacheKey = renderKey(key);
    const caching = cacheEnabled && pageCacheEnabled;
    const hit = caching ? rendered.get(cacheKey) : undefined;
    if (hit && (version === undefined || hit.version === version)) {
      if (teacherId !== undefined && hit.teacherId !== teacherId) return null;
      // Without a site record to vouch for it (/landing/{id}), a copy is re-checked as often as a record is.
      if (Date.now() - hit.renderedAt > (version === undefined ? SITE_REVALIDATE_MS : PAGE_REFRESH_MS)) rerender(key);
      return hit;
    }
    // Benchmarks measure one read and one render per request: nothing is shared when caching is off.
    if (!caching) return renderFresh(key, teacherId);
    let pending = inflight.get(cacheKey);
    if (!pending) {
      const job = renderFresh(key, undefined);
      pending = job;
      inflight.set(cacheKey, job);
      // Settled either way: the map entry goes; the outcome (or error) is the awaiting visitors'.
      void job.then(
        () => inflight.get(cacheKey) === job && inflight.delete(cacheKey),
        () => inflight.get(cacheKey) === job && inflight.delete(cacheKey),
      );
    }
    const page = await pending;
    return page && (teacherId === undefined || page.teacherId === teacherId) ? page : null;
  }

  /**
   * One background render per page copy at a time; an unpublished or suspended page is dropped. Visitors who
   * arrive meanwhile wait for it, and see its error if it fails.
   */
  function rerender(key: TRenderKey, freshCards = true) {
    const cacheKey = renderKey(key);
    if (inflight.has(cacheKey)) return;
    const job = renderFresh(key, undefined, freshCards);
    inflight.set(cacheKey, job);
    void job
      .then(
        (page) => {
          if (!page) rendered.deleteWhere((p) => p.pageId === key.pageId);
        },
        (error: unknown) => logger.warn({ err: error, pageId: key.pageId }, 'landing page refresh failed'),
      )
      .finally(() => {
        if (inflight.get(cacheKey) === job) inflight.delete(cacheKey);
      });
  }

  const warming = new Map<string, Promise<void>>();
  /**
   * After a save: the copies visitors were being served are rendered again at once, one after another in
   * the background, so the next visitor rarely meets a cache miss.
   */
  function warm(teacherId: string, keys: TRenderKey[], subdomain?: string) {
    if (!cacheEnabled || !pageCacheEnabled || (keys.length === 0 && !subdomain)) return;
    const previous = warming.get(teacherId) ?? Promise.resolve();
    const job = previous
      .then(async () => {
        // The subdomain record first: with it and the page cached, the next visit takes the fast path.
        if (subdomain && !sites.has(subdomain)) await site(subdomain);
        for (const key of keys.slice(0, MAX_WARM)) {
          if (rendered.peek(renderKey(key))) continue;
          if (!inflight.has(renderKey(key))) rerender(key, false);
          await inflight.get(renderKey(key));
        }
      })
      .catch((error: unknown) => logger.warn({ err: error, teacherId }, 'landing page warm-up failed'))
      .finally(() => {
        if (warming.get(teacherId) === job) warming.delete(teacherId);
      });
    warming.set(teacherId, job);
  }

  function dropPages(teacherId: string): TRenderKey[] {
    invalidatedAt.set(teacherId, ++clock);
    return rendered.deleteWhere((p) => p.teacherId === teacherId).map(parseRenderKey).filter((k) => !k.contact);
  }

  return {
    site,
    cachedSite,
    publishedPage,
    pageRow,
    renderRow,

    /** The cached response for a page whose version the site record vouches for; no waiting. */
    cachedPage(key: TRenderKey, version: number | undefined): RenderedPage | null {
      if (!pageCacheEnabled || version === undefined) return null;
      const hit = rendered.peek(renderKey(key));
      if (!hit || hit.version !== version) return null;
      if (Date.now() - hit.renderedAt > PAGE_REFRESH_MS) rerender(key);
      return hit;
    },

    /**
     * After a save, publish or delete: this instance drops the teacher's record and pages at once, then
     * renders again the copies it was serving (and the changed page's usual copy).
     */
    invalidate(teacherId: string, subdomain: string, pageId?: string) {
      const name = subdomain.toLowerCase();
      const hadRecord = sites.has(name);
      sites.delete(name);
      // A read of this record already under way (a visitor's, or the warm-up of an earlier save) holds the old pages.
      siteInvalidatedAt.set(name, ++clock);
      const keys = dropPages(teacherId);
      if (pageId && !keys.some((k) => k.pageId === pageId)) keys.unshift({ pageId, lng: DEFAULT_LANGUAGE, host: 'subdomain', mode: 'live' });
      warm(teacherId, keys, hadRecord || pageId ? name : undefined);
    },

    /**
     * For the courses domain: a course of this teacher was published, changed or withdrawn, or its plans
     * changed. The course cards on the teacher's pages are read again and the pages rendered again.
     */
    coursesChanged(teacherId: string) {
      cards.delete(teacherId);
      warm(teacherId, dropPages(teacherId));
    },

    /** Drops one subdomain's record (the debug 404's "reload data" button). */
    forgetSite(subdomain: string) {
      sites.delete(subdomain);
      siteInvalidatedAt.set(subdomain, ++clock);
    },

    /** `pages`: only the rendered pages (the site record stays cached), as after a teacher's save. */
    setCacheEnabled(enabled: boolean, scope: 'all' | 'pages' = 'all') {
      if (scope === 'all') cacheEnabled = enabled;
      pageCacheEnabled = enabled;
      if (!enabled) {
        if (scope === 'all') {
          sites.clear();
          cards.clear();
        }
        rendered.clear();
      }
    },
  };
}

export type TLandingSiteService = ReturnType<typeof landingSiteService>;
