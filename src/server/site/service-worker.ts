import { PUSH_WORKER_SOURCE } from '@shared/push-worker';

/**
 * The main site's offline worker (spec §4, §7.8), served at /service-worker.js. Its bytes change with
 * every build (VERSION), which is what makes the browser see an update. It never calls skipWaiting on
 * its own: the page asks for it (SKIP_WAITING) about 3 s after the load that follows an update, and the
 * new worker then tells its pages to reload (RELOAD).
 *
 * Caching and routing are Workbox's (worker-routes.ts, decision 192): the public site's pages, the hashed
 * assets, translations and the student's screens; the API always goes to the network untouched.
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

/**
 * The worker as served: this build's settings, the lifecycle above, then the caching routes on Workbox
 * (src/views/site/client/worker-routes.ts, bundled by the build; absent before a build, when nothing is cached but
 * the precache), and the web push handlers shared with the landing pages' worker (decision 210).
 */
export function serviceWorkerSource(version: string, precache: string[], pages: readonly string[], routes = ''): string {
  const v = JSON.stringify(version);
  const settings = `self.DARSI_SW = ${JSON.stringify({ version, pages })};`;
  return `'use strict';\n${settings}\n(${lifecycle.toString()})(self, ${v}, ${JSON.stringify(precache)});\n${routes}\n${PUSH_WORKER_SOURCE}\n`;
}
