import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { QUERY_CACHE_CLEANUP_MS, QUERY_CACHE_VERSION, QUERY_LIFETIMES_MS, TIMED_CACHE_DEFAULT_MS } from '@shared/constants';
import { STUDENT_STATUS_KEY, TEACHER_STATUS_KEY } from './auth-state';

type TCacheKind = keyof typeof QUERY_LIFETIMES_MS;

const PROFILE_PARTS = new Set(['session', 'profile', 'platform-profile']);
const DASHBOARD_PARTS = new Set(['overview', 'dashboard', 'summary', 'banner', 'count', 'getting-started']);
/** What a course is made of for its reader: the list, outline, lessons, previews. Codes and students are not. */
const COURSE_PARTS = new Set(['list', 'outline', 'lesson', 'preview', 'course', 'courses-public']);

/** Spec §9: which lifetime a query's answer has, from the words of its key (see the features' api.ts). */
export function cacheKindOf(queryKey: QueryKey): TCacheKind {
  const parts = queryKey.filter((p): p is string => typeof p === 'string');
  if (parts.some((p) => PROFILE_PARTS.has(p))) return 'profile';
  if (parts.some((p) => DASHBOARD_PARTS.has(p))) return 'dashboard';
  if (parts[0] === 'courses' && parts.some((p) => COURSE_PARTS.has(p))) return 'course';
  return 'other';
}

export const lifetimeOf = (query: Pick<Query, 'queryKey'>): number => QUERY_LIFETIMES_MS[cacheKindOf(query.queryKey)];

const VERSION_KEY = 'darsi_cache_version';
const STATUS_KEYS = [TEACHER_STATUS_KEY, STUDENT_STATUS_KEY];

/**
 * One cleanup pass: unused answers older than their lifetime leave the cache, and the cached auth statuses
 * older than the timed cache's 10 minutes leave the browser's storage. A stored cache of another version
 * is dropped whole.
 */
export function cleanQueryCache(client: QueryClient, now = Date.now(), storage: Storage | undefined = globalThis.localStorage) {
  for (const query of client.getQueryCache().findAll({ type: 'inactive' })) {
    if (now - query.state.dataUpdatedAt > lifetimeOf(query)) client.getQueryCache().remove(query);
  }
  if (!storage) return;
  try {
    const versionChanged = storage.getItem(VERSION_KEY) !== QUERY_CACHE_VERSION;
    for (const key of STATUS_KEYS) {
      const raw = storage.getItem(key);
      const timestamp = raw ? Number((JSON.parse(raw) as { timestamp?: unknown }).timestamp) : NaN;
      if (raw && (versionChanged || !(now - timestamp <= TIMED_CACHE_DEFAULT_MS))) storage.removeItem(key);
    }
    if (versionChanged) storage.setItem(VERSION_KEY, QUERY_CACHE_VERSION);
  } catch {
    // Storage disabled or an unreadable entry: nothing to keep either way.
  }
}

/** Starts the cleanup every 5 minutes (spec §9); returns its stop for tests. */
export function startQueryCacheCleanup(client: QueryClient): () => void {
  cleanQueryCache(client);
  const timer = setInterval(() => cleanQueryCache(client), QUERY_CACHE_CLEANUP_MS);
  return () => clearInterval(timer);
}
