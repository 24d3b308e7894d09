import { PUSH_WORKER_SOURCE } from '@shared/push-worker';

/** The worker after its two constants, as served (a template literal: regular-expression escapes are doubled). */
const WORKER_BODY = `const PAGES = 'darsi-landing-pages-v1';
const FILES = 'darsi-landing-files-v1';
const APP_PATHS = /^\\/(api|assets|locales|student|teacher|admin|dashboard|platform|login|register|verify|forgot-password|reset-password|404|inactive|landing-page-sw\\.js)(\\/|$)/;

self.addEventListener('install', () => {});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

function isPage(url) {
  if (url.origin !== self.location.origin) return false;
  if (url.searchParams.has('preview') || url.searchParams.has('embedded') || url.searchParams.has('contact')) return false;
  if (HOST_MODE === 'main') return /^\\/landing\\/[0-9a-f-]{36}$/i.test(url.pathname);
  return !APP_PATHS.test(url.pathname);
}

// The page this navigation creates, not one showing the same address: on a reload the page being replaced
// is still there, and a message posted to it would be lost with it.
async function tellClients(pathname, clientId) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const matching = clientId
      ? [await self.clients.get(clientId)].filter(Boolean)
      : (await self.clients.matchAll({ type: 'window' })).filter((c) => new URL(c.url).pathname === pathname);
    if (matching.length > 0) {
      matching.forEach((c) => c.postMessage({ type: 'LANDING_PAGE_UPDATED', version: VERSION }));
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function fromNetwork(request, key, cached, clientId) {
  const response = await fetch(request);
  const cache = await caches.open(PAGES);
  if (response.ok && response.headers.get('x-darsi-landing') === '1') {
    const before = cached && cached.headers.get('etag');
    const after = response.headers.get('etag');
    await cache.put(key, response.clone());
    if (cached && before && after && before !== after) await tellClients(new URL(key).pathname, clientId);
  } else {
    await cache.delete(key);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith('/landing-assets/')) {
    event.respondWith(
      caches.open(FILES).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  if (request.mode !== 'navigate' || !isPage(url)) return;
  const key = url.origin + url.pathname + url.search;
  event.respondWith(
    (async () => {
      const cached = await (await caches.open(PAGES)).match(key);
      const network = fromNetwork(request, key, cached, event.resultingClientId);
      if (cached) {
        event.waitUntil(network.catch(() => undefined));
        return cached;
      }
      try {
        return await network;
      } catch (error) {
        return Response.error();
      }
    })(),
  );
});
`;

/**
 * Spec §4/§7.1 offline worker for landing pages, served at /landing-page-sw.js. A visited page is kept
 * for offline viewing; a repeat visit is answered from it at once while the network copy is fetched
 * behind it, and when that copy differs the page is told (LANDING_PAGE_UPDATED → the update banner).
 * A new version of the worker waits until the page sends SKIP_WAITING ('update now').
 *
 * It only ever answers navigations to teachers' pages (marked by the server with X-Darsi-Landing) and
 * the viewer's own immutable files; everything else goes to the network untouched. It also shows web pushes
 * (decision 210): on a teacher's host it is the worker of the student's pages.
 */
export function serviceWorkerScript(version: string, host: 'subdomain' | 'main'): string {
  return `// Darsi landing pages offline worker, version ${JSON.stringify(version)}
const VERSION = ${JSON.stringify(version)};
const HOST_MODE = ${JSON.stringify(host)};
${WORKER_BODY}${PUSH_WORKER_SOURCE}`;
}
