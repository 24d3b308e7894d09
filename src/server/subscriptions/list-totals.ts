import type { Db } from '@server/core/db/client';
import type { TListFilter } from './list-keys';

/*
 * The total of the teacher's student list (decision 225). Counting 100,000 rows costs more than the page
 * itself, so a large total (≥ LARGE) is kept for TOTAL_TTL_MS per teacher and filter: a count at most that old,
 * where a difference of a few students does not show. A small total is counted every time (it is cheap). The page's
 * rows and its "next" are never cached: only this number.
 */
const LARGE = 1_000;
const TOTAL_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

type TEntry = { n: number; until: number };
// One cache per database handle: tests and benchmarks open several in one process.
const caches = new WeakMap<Db, Map<string, TEntry>>();

export async function cachedTotal(db: Db, teacherId: string, filter: TListFilter, count: () => Promise<number>): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = `${teacherId}|${filter.courseId ?? ''}|${filter.status ?? ''}|${filter.type ?? ''}|${filter.q ?? ''}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.n;
  const n = await count();
  if (n >= LARGE) {
    // Bounded: the oldest entries go first (a Map iterates in insertion order).
    if (cache.size >= MAX_ENTRIES) for (const k of [...cache.keys()].slice(0, MAX_ENTRIES / 10)) cache.delete(k);
    cache.delete(key);
    cache.set(key, { n, until: now + TOTAL_TTL_MS });
  }
  return n;
}
