import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client, once a signed-in area has loaded it. The sign-in screens load without TanStack Query
 * (docs/decisions/005-initial-bundle.md) yet must clear what an earlier session cached: through this, they
 * reach the client only if it exists. Only a type is imported here, so nothing of TanStack comes with it.
 */
let active: QueryClient | null = null;

export function setActiveQueryClient(client: QueryClient): void {
  active = client;
}

export function activeQueryClient(): QueryClient | null {
  return active;
}
