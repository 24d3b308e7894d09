import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { isReservedSlug } from '@shared/landing-reserved';
import { slugFromTitle, slugKey } from '@shared/landing-slug';
import { legacySlugFromTitle } from '@shared/landing-slug-legacy';
import { robotsOf } from '@shared/landing-view';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import type { TCacheState } from './cache-state';
import type { TLandingPagesService } from './pages-service';

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

/** One aggregate query, no page content: enough to tell whether a cached record is still right. */
async function fingerprintOf(db: Db, subdomain: string): Promise<string | null> {
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
    fingerprint: (await fingerprintOf(db, subdomain)) ?? '',
    teacherId: teacher.id,
    subdomain: teacher.subdomain,
    isActive: teacher.isActive && teacher.status === 'active',
    mainPageId: published.find((p) => p.isMain)?.id ?? null,
    pagesMap: slugMap(published),
    versions: new Map(published.map((p) => [p.id, p.updatedAt.getTime()])),
    noindex: new Set(published.filter((p) => /noindex/.test(robotsOf(p.metaData) ?? '')).map((p) => p.id)),
    timestamp: Date.now(),
  };
}

type TDeps = { db: Db; logger: Logger; pages: TLandingPagesService; state: TCacheState };

/** The subdomain records, cached stale-while-revalidate. */
export function siteRecords({ db, logger, pages, state }: TDeps) {
  const sites = new Map<string, { record: TSiteRecord | null; loadedAt: number }>();
  const refreshing = new Map<string, Promise<void>>();
  /** Per subdomain, like the teachers' invalidation times: a record read before the last one is never stored. */
  const invalidatedAt = new Map<string, number>();

  function store(subdomain: string, record: TSiteRecord | null, started: number) {
    if (!state.cacheEnabled || state.flushedAt >= started || (invalidatedAt.get(subdomain) ?? -1) >= started) return;
    if (sites.size >= MAX_SITES) sites.delete(sites.keys().next().value as string);
    sites.set(subdomain, { record, loadedAt: Date.now() });
  }

  /** Stale-while-revalidate: the cached record answers now, a check runs behind it (one at a time). */
  function refresh(subdomain: string) {
    if (refreshing.has(subdomain)) return;
    const job = (async () => {
      const started = state.tick();
      const cached = sites.get(subdomain)?.record;
      // Usually nothing changed: one light query, and the record is trusted for another period.
      if (cached && (await fingerprintOf(db, subdomain)) === cached.fingerprint) return store(subdomain, cached, started);
      store(subdomain, await loadSite(db, pages, subdomain), started);
    })()
      .catch((error: unknown) => logger.warn({ err: error, subdomain }, 'landing site refresh failed'))
      .finally(() => refreshing.delete(subdomain));
    refreshing.set(subdomain, job);
  }

  /** The cached record if there is one (refreshed in the background when old), without waiting. */
  function cachedSite(subdomain: string): { record: TSiteRecord | null } | undefined {
    const entry = sites.get(subdomain);
    if (!entry) return undefined;
    if (Date.now() - entry.loadedAt > SITE_REVALIDATE_MS) refresh(subdomain);
    return entry;
  }

  async function site(subdomain: string, options: { fresh?: boolean } = {}): Promise<TSiteRecord | null> {
    const cached = options.fresh ? undefined : cachedSite(subdomain);
    if (cached) return cached.record;
    const started = state.tick();
    const record = await loadSite(db, pages, subdomain);
    store(subdomain, record, started);
    return record;
  }

  /** Drops one subdomain's record; a read of it already under way is not kept. Says whether one was cached. */
  function forget(subdomain: string): boolean {
    const had = sites.delete(subdomain);
    invalidatedAt.set(subdomain, state.tick());
    return had;
  }

  return { site, cachedSite, forget, has: (subdomain: string) => sites.has(subdomain), clear: () => sites.clear() };
}
