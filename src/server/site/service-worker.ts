/**
 * The main site's offline worker (spec §4, §7.8), served at /service-worker.js. Its bytes change with
 * every build (VERSION), which is what makes the browser see an update. It never calls skipWaiting on
 * its own: the page asks for it (SKIP_WAITING) about 3 s after the load that follows an update, and the
 * new worker then tells its pages to reload (RELOAD).
 *
 * Only the public site's pages and the hashed assets are handled; the API and the signed-in app always
 * go to the network untouched.
 */

type TWorkerScope = {
  addEventListener: (type: string, listener: (event: never) => void) => void;
  skipWaiting: () => Promise<void>;
  clients: {
    claim: () => Promise<void>;
    matchAll: (options: { type: string }) => Promise<Array<{ postMessage: (message: unknown) => void }>>;
  };
  location: { origin: string };
};

type TInstallEvent = { waitUntil: (p: Promise<unknown>) => void };
type TMessageEvent = { data?: { type?: string } };
type TFetchEvent = {
  request: Request;
  respondWith: (r: Promise<Response>) => void;
};

/** Install (precache), activate (drop older caches, reload the pages of an update) and SKIP_WAITING. */
function lifecycle(self: TWorkerScope, VERSION: string, PRECACHE: string[]) {
  const CACHE = 'darsi-site-' + VERSION;
  const isOlderCache = function (k: string) {
    return k.indexOf('darsi-site-') === 0 && k !== CACHE;
  };

  self.addEventListener('install', function (event: TInstallEvent) {
    event.waitUntil(
      caches.open(CACHE).then(function (cache) {
        return cache.addAll(PRECACHE);
      }),
    );
  });

  self.addEventListener('activate', function (event: TInstallEvent) {
    // "Is this an update?" is decided here, from the caches themselves: the browser stops an idle worker
    // and starts it again with fresh memory, so anything remembered since install would be lost by now.
    // An older version's cache means an older worker controlled these pages: they must reload.
    event.waitUntil(
      caches.keys().then(function (keys) {
        const older = keys.filter(isOlderCache);
        return Promise.all(
          older.map(function (k) {
            return caches.delete(k);
          }),
        )
          .then(function () {
            return self.clients.claim();
          })
          .then(function () {
            if (older.length === 0) return;
            return self.clients.matchAll({ type: 'window' }).then(function (windows) {
              windows.forEach(function (w) {
                w.postMessage({ type: 'RELOAD' });
              });
            });
          });
      }),
    );
  });

  self.addEventListener('message', function (event: TMessageEvent) {
    if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
  });

}

/** Hashed assets from the cache first; the public site's pages from the network first, the last copy offline. */
function fetches(self: TWorkerScope, VERSION: string, PAGES: string[]) {
  const CACHE = 'darsi-site-' + VERSION;
  const pages = new Set(PAGES);
  self.addEventListener('fetch', function (event: TFetchEvent) {
    const request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (url.pathname.indexOf('/assets/') === 0) {
      // Hashed file names never change content: the cache is always right.
      event.respondWith(
        caches.match(request).then(function (hit) {
          return (
            hit ||
            fetch(request).then(function (response) {
              if (response.ok) {
                const copy = response.clone();
                void caches.open(CACHE).then(function (cache) {
                  return cache.put(request, copy);
                });
              }
              return response;
            })
          );
        }),
      );
      return;
    }
    if (request.mode === 'navigate' && pages.has(url.pathname)) {
      // Pages: the network first (they change), the last copy when offline.
      event.respondWith(
        fetch(request)
          .then(function (response) {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then(function (cache) {
                return cache.put(request, copy);
              });
            }
            return response;
          })
          .catch(function () {
            return caches.match(request, { ignoreVary: true }).then(function (hit) {
              return hit || caches.match('/', { ignoreVary: true, ignoreSearch: true }).then(function (home) {
                return home || Response.error();
              });
            });
          }),
      );
    }
  });
}

export function serviceWorkerSource(version: string, precache: string[], pages: readonly string[]): string {
  const v = JSON.stringify(version);
  return `'use strict';\n(${lifecycle.toString()})(self, ${v}, ${JSON.stringify(precache)});\n(${fetches.toString()})(self, ${v}, ${JSON.stringify(pages)});\n`;
}
