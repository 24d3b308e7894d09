import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { isReservedSlug } from '@shared/landing-reserved';
import { slugFromTitle, slugKey } from '@shared/landing-slug';
import { legacySlugFromTitle } from '@shared/landing-slug-legacy';
import { robotsOf } from '@shared/landing-view';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import type { TCacheState } from './cache-state';
import type { TLandingPagesService } from './pages-service';
import { isTeacherActive } from '@server/core/db/teacher-active';

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
export const SITE_REVALIDATE_MS = 5_000;
export const MAX_SITES = 5_000;
const SWEEP_BATCH = 500;
const SWEEP_EVERY_MS = 1_000;

/**
 * One aggregate query for many subdomains, no page content: enough to tell whether their cached records are still
 * right. Keyed by the lower-case subdomain; a subdomain no teacher has is missing.
 */
async function fingerprintsOf(db: Db, subdomains: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({
      subdomain: sql<string>`lower(${teachers.subdomain})`,
      isActive: teachers.isActive,
      status: teachers.status,
      published: sql<number>`count(${teacherLandingPages.id})::int`,
      newest: sql<string | null>`max(${teacherLandingPages.updatedAt})::text`,
      main: sql<string | null>`max(${teacherLandingPages.id}::text) filter (where ${teacherLandingPages.isMain})`,
    })
    .from(teachers)
    .leftJoin(teacherLandingPages, and(eq(teacherLandingPages.teacherId, teachers.id), eq(teacherLandingPages.isPublished, true)))
    .where(
      inArray(
        sql`lower(${teachers.subdomain})`,
        subdomains.map((s) => s.toLowerCase()),
      ),
    )
    .groupBy(teachers.id);
  return new Map(rows.map((row) => [row.subdomain, `${row.isActive}|${row.status}|${row.published}|${row.newest ?? ''}|${row.main ?? ''}`]));
}

function publishedOf(db: Db, teacherId: string) {
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

/**
 * Spec §5: custom slugs first, then title slugs that collide with none; neither may take one of the
 * app's own routes (a page titled "Login" stays off /login).
 */
function slugMap(published: Array<{ id: string; title: string; customSlug: string | null }>): Map<string, string> {
  const pagesMap = new Map<string, string>();
  for (const p of published) if (p.customSlug && !isReservedSlug(p.customSlug)) pagesMap.set(slugKey(p.customSlug), p.id);
  // The readable title slugs, then the transliterated ones of the first weeks, so that links already shared
  // keep working (decision 059); an earlier entry is never overridden.
  for (const slugOf of [slugFromTitle, legacySlugFromTitle]) {
    for (const p of published) {
      const slug = slugOf(p.title);
      if (slug && !isReservedSlug(slug) && !pagesMap.has(slug)) pagesMap.set(slug, p.id);
    }
  }
  return pagesMap;
}

async function loadSite(db: Db, pages: TLandingPagesService, subdomain: string): Promise<TSiteRecord | null> {
  const [teacher] = await db
    .select({ id: teachers.id, subdomain: teachers.subdomain, isActive: teachers.isActive, status: teachers.status })
    .from(teachers)
    .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
  if (!teacher) return null;
  let published = await publishedOf(db, teacher.id);
  if (published.length > 0 && !published.some((p) => p.isMain)) {
    await db.transaction((tx) => pages.ensureMain(tx, teacher.id));
    published = await publishedOf(db, teacher.id);
  }
  return {
    fingerprint: (await fingerprintsOf(db, [subdomain])).get(subdomain.toLowerCase()) ?? '',
    teacherId: teacher.id,
    subdomain: teacher.subdomain,
    isActive: isTeacherActive(teacher),
    mainPageId: published.find((p) => p.isMain)?.id ?? null,
    pagesMap: slugMap(published),
    versions: new Map(published.map((p) => [p.id, p.updatedAt.getTime()])),
    noindex: new Set(published.filter((p) => /noindex/.test(robotsOf(p.metaData) ?? '')).map((p) => p.id)),
    timestamp: Date.now(),
  };
}

type TDeps = {
  db: Db;
  logger: Logger;
  pages: TLandingPagesService;
  state: TCacheState;
  /** A record whose check found it changed (its page files must go before anything else reads them). */
  onChanged?: (subdomain: string) => void;
  /** Whether a record must be checked even when no request used it (nginx serves its pages from files). */
  served?: (subdomain: string) => boolean;
};

type TEntry = { record: TSiteRecord | null; loadedAt: number; used: boolean };

/** The subdomain of a teacher (to remove their page files after a change of courses): the cached record's, else the row's. */
async function subdomainOf(db: Db, sites: Map<string, TEntry>, teacherId: string): Promise<string | undefined> {
  const cached = [...sites.values()].find((e) => e.record?.teacherId === teacherId)?.record?.subdomain;
  if (cached) return cached;
  const [row] = await db.select({ subdomain: teachers.subdomain }).from(teachers).where(eq(teachers.id, teacherId));
  return row?.subdomain;
}

/** The subdomain records, cached and checked in batches on a timer, never on the request path. */
export function siteRecords({ db, logger, pages, state, onChanged, served }: TDeps) {
  const sites = new Map<string, TEntry>();
  let sweeping = false;
  let timer: NodeJS.Timeout | undefined;
  /** Per subdomain, like the teachers' invalidation times: a record read before the last one is never stored. */
  const invalidatedAt = new Map<string, number>();

  function store(subdomain: string, record: TSiteRecord | null, started: number, used = true) {
    if (!state.cacheEnabled || state.flushedAt >= started || (invalidatedAt.get(subdomain) ?? -1) >= started) return;
    if (sites.size >= MAX_SITES) sites.delete(sites.keys().next().value as string);
    sites.set(subdomain, { record, loadedAt: Date.now(), used });
    // One timer per process, started by the first record: it keeps nothing alive on its own (decision 221).
    timer ??= setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  }

  /**
   * Once a second, every record older than SITE_REVALIDATE_MS is checked with one light query per 500 subdomains,
   * whatever the traffic: a request only reads the map (issue 29: 1,000 teachers with requests spread over all of
   * them cost one query per second, not one per host). A record nobody asked for since its last check, and whose
   * pages nginx does not serve from files, is dropped instead: the next visit reads it again.
   */
  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      const now = Date.now();
      const due: string[] = [];
      for (const [subdomain, entry] of sites) {
        if (now - entry.loadedAt <= SITE_REVALIDATE_MS) continue;
        if (entry.used || served?.(subdomain)) due.push(subdomain);
        else sites.delete(subdomain);
      }
      for (let i = 0; i < due.length; i += SWEEP_BATCH) {
        const batch = due.slice(i, i + SWEEP_BATCH);
        await checkBatch(batch).catch((error: unknown) => logger.warn({ err: error, subdomains: batch.length }, 'landing site refresh failed'));
      }
    } finally {
      sweeping = false;
    }
  }

  async function checkBatch(batch: string[]) {
    const started = state.tick();
    // Usually nothing changed: one light query for the whole batch, and the records are trusted for another period.
    const prints = await fingerprintsOf(db, batch);
    for (const subdomain of batch) {
      const cached = sites.get(subdomain)?.record;
      if (cached && prints.get(subdomain.toLowerCase()) === cached.fingerprint) {
        store(subdomain, cached, started, false);
        continue;
      }
      onChanged?.(subdomain);
      store(subdomain, await loadSite(db, pages, subdomain), started, false);
    }
  }

  /** The cached record if there is one, without waiting and without any check on the request path. */
  function cachedSite(subdomain: string): { record: TSiteRecord | null } | undefined {
    const entry = sites.get(subdomain);
    if (entry) entry.used = true;
    return entry;
  }

  /** Reads of a record in flight: the crowd that arrives right after a save waits for one read, not one each. */
  const reading = new Map<string, Promise<TSiteRecord | null>>();

  async function site(subdomain: string, options: { fresh?: boolean } = {}): Promise<TSiteRecord | null> {
    const cached = options.fresh ? undefined : cachedSite(subdomain);
    if (cached) return cached.record;
    if (!options.fresh && reading.has(subdomain)) return reading.get(subdomain)!;
    const started = state.tick();
    const read = loadSite(db, pages, subdomain).then((record) => {
      store(subdomain, record, started);
      return record;
    });
    reading.set(subdomain, read);
    const done = () => reading.get(subdomain) === read && reading.delete(subdomain);
    read.then(done, done);
    return read;
  }

  /** Drops one subdomain's record; a read of it already under way is not kept. Says whether one was cached. */
  function forget(subdomain: string): boolean {
    const had = sites.delete(subdomain);
    // Nobody may join a read that started before this.
    reading.delete(subdomain);
    invalidatedAt.set(subdomain, state.tick());
    return had;
  }

  return {
    site,
    cachedSite,
    forget,
    has: (subdomain: string) => sites.has(subdomain),
    clear: () => [sites, reading].forEach((map) => map.clear()),
    /** The subdomain of a teacher whose record is cached here (to remove their page files after a change of courses). */
    subdomainOf: (teacherId: string) => subdomainOf(db, sites, teacherId),
    /** For tests and benchmarks: runs the timer's check now. */
    sweep,
  };
}
