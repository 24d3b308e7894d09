import type { RouteObject } from 'react-router';

/** A screen whose feature has not landed yet: it names itself and says so, in the current language. */
export const placeholder = (pageKey: string, path: string): RouteObject => ({
  ...(path === '' ? { index: true } : { path }),
  handle: { page: pageKey },
  lazy: () => import('@web/components/placeholder-page').then((m) => ({ Component: m.PlaceholderPage })),
});

/** A lazily loaded screen; `handle` carries per-route options such as the portal of an auth page. */
export const page = (path: string, load: () => Promise<RouteObject['Component']>, handle?: Record<string, string>): RouteObject => ({
  ...(path === '' ? { index: true } : { path }),
  handle,
  lazy: async () => ({ Component: await load() }),
});
