import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

/*
 * The caching half of the main-site worker at /service-worker.js, on Workbox (decision 192): bundled on its own by
 * scripts/build-server.mjs, and served after the lifecycle half (src/server/site/service-worker.ts), which sets
 * DARSI_SW (this build's version and the public pages) and keeps the update protocol of spec §7.8. Everything is
 * kept in that version's cache, so an update drops it whole. The API is never handled: it always goes to the network.
 */

type TScope = { DARSI_SW: { version: string; pages: string[] } };
const { version, pages } = (self as unknown as TScope).DARSI_SW;
const cacheName = `darsi-site-${version}`;
/** Pages carry Vary: Cookie, Accept-Language; offline, the last copy is better than nothing. */
const matchOptions = { ignoreVary: true };
const okOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.ok ? response : null) };
/** Every screen of the web app is the same document: one copy of it opens any of them offline. */
const APP_SHELL = '/__darsi-app-shell';
const APP_SCREENS = /^\/student\//;

// Hashed file names never change content: the cache is always right.
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName, plugins: [okOnly] }));
// The public site's pages: the network first (they change), the last copy offline.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && pages.includes(url.pathname),
  new NetworkFirst({ cacheName, matchOptions, plugins: [okOnly] }),
);
// The student's screens, so that the installed app opens offline on the downloaded lessons (issue 30).
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && APP_SCREENS.test(url.pathname),
  new NetworkFirst({ cacheName, matchOptions, plugins: [okOnly, { cacheKeyWillBeUsed: async () => APP_SHELL }] }),
);
// Translations: the cached copy at once, refreshed behind it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({ cacheName, matchOptions, plugins: [okOnly] }),
);
// A page never seen, offline: the home page when it is kept.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return (await caches.match('/', { ignoreVary: true, ignoreSearch: true })) ?? Response.error();
});
