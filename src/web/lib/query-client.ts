import { QueryClient } from '@tanstack/react-query';
import { setActiveQueryClient } from './active-query-client';
import { lifetimeOf, startQueryCacheCleanup } from './query-cache-policy';

/**
 * Spec §9 data-fetching defaults: kept 30 min, 2 retries, no refetch on focus, refetch on reconnect; an
 * answer stays fresh for its kind's lifetime (profile 300 s, course 900 s, dashboard 60 s, other 600 s;
 * decision 123), unless its query says otherwise.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: lifetimeOf,
      gcTime: 30 * 60_000,
      retry: 2,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    },
  },
});

setActiveQueryClient(queryClient);
if (typeof window !== 'undefined') startQueryCacheCleanup(queryClient);
