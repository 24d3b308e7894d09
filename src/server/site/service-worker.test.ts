import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './service-worker';

type TListener = (event: unknown) => void;

/** A browser's worker scope and Cache Storage, as much as the worker uses; the caches outlive each worker. */
function fakeBrowser() {
  const stored = new Map<string, Map<string, unknown>>();
  const posted: unknown[] = [];
  const caches = {
    keys: () => Promise.resolve([...stored.keys()]),
    open: (name: string) => {
      if (!stored.has(name)) stored.set(name, new Map());
      const cache = stored.get(name)!;
      return Promise.resolve({ addAll: (urls: string[]) => Promise.resolve(void urls.forEach((u) => cache.set(u, u))) });
    },
    delete: (name: string) => Promise.resolve(stored.delete(name)),
  };
  /** Runs one version of the worker in a fresh scope, as the browser does whenever it (re)starts one. */
  const start = (version: string) => {
    const listeners: Record<string, TListener> = {};
    const self = {
      addEventListener: (type: string, l: TListener) => (listeners[type] = l),
      skipWaiting: () => Promise.resolve(),
      clients: {
        claim: () => Promise.resolve(),
        matchAll: () => Promise.resolve([{ postMessage: (m: unknown) => posted.push(m) }]),
      },
      location: { origin: 'http://localhost' },
    };
    new Function('self', 'caches', serviceWorkerSource(version, ['/assets/site.css'], ['/']))(self, caches);
    const dispatch = async (type: 'install' | 'activate') => {
      let work: Promise<unknown> = Promise.resolve();
      listeners[type]?.({ waitUntil: (p: Promise<unknown>) => (work = p) });
      await work;
    };
    return { install: () => dispatch('install'), activate: () => dispatch('activate') };
  };
  return { start, posted, cacheNames: () => [...stored.keys()] };
}

describe('main-site worker lifecycle (spec §4)', () => {
  it('the first install is not an update: no reload', async () => {
    const browser = fakeBrowser();
    const v1 = browser.start('v1');
    await v1.install();
    await v1.activate();
    expect(browser.posted).toEqual([]);
    expect(browser.cacheNames()).toEqual(['darsi-site-v1']);
  });

  it('a new version asks its pages to reload, even when the browser restarted it between install and activate', async () => {
    const browser = fakeBrowser();
    const v1 = browser.start('v1');
    await v1.install();
    await v1.activate();
    await browser.start('v2').install();
    // Idle workers are stopped; the one that activates later runs with fresh memory.
    await browser.start('v2').activate();
    expect(browser.posted).toEqual([{ type: 'RELOAD' }]);
    expect(browser.cacheNames()).toEqual(['darsi-site-v2']);
  });
});
