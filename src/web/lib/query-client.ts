import { QueryClient } from '@tanstack/react-query';
import { setActiveQueryClient } from './active-query-client';

/** Spec §9 data-fetching defaults: stale 5 min, kept 30 min, 2 retries, no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      retry: 2,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    },
  },
});

setActiveQueryClient(queryClient);
