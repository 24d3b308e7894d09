import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Logger } from 'pino';
import { PAGE_REFRESH_MS } from './page-render';
import { viewerCsp } from './render';
import type { RenderedPage } from './response-cache';
import { viewerHeaders } from './viewer-headers';

/**
 * The headers nginx adds to every page it serves from the files (deploy/darsi-pages.conf repeats them, and
 * tests/integration/landing-files.test.ts holds the two equal): a page whose headers differ (a tracking pixel widens
 * its CSP) is never written, so nginx never serves a page with the wrong headers.
 */
export const FILE_PAGE_HEADERS = viewerHeaders(viewerCsp([], 'none'), 'none');
const STANDARD = JSON.stringify(FILE_PAGE_HEADERS);
const LANGUAGES = new Set(['ar', 'en', 'fr']);
/** A page's one path segment as nginx's $uri holds it (decoded); anything that could leave the host's folder is refused. */
const SAFE_SEGMENT = /^[^/\\\0.][^/\\\0]{0,199}$/;
const MAX_HOSTS = 5_000;

/**
 * Rendered landing pages written as files for nginx to serve with sendfile (decision 220):
 * `{dir}/{host}/{segment}.{lng}.html` (`/` is the empty segment) and its `.gz`, where `host` is the teacher's host as
 * nginx's `$host` has it. Written once per copy when the fast path serves it from the cache (so only what is current
 * and cached in this process), removed with the host's folder, synchronously, by everything that drops the teacher's
 * cached pages here: a save, publish, unpublish or delete, a suspension, a change of courses, a changed fingerprint,
 * a flush of the bus. A folder is named after the host alone, so every instance removes the same folder, whoever
 * wrote it.
 */
export function pageFiles({ dir, publicHost, logger }: { dir: string | undefined; publicHost: string; logger: Logger }) {
  const rootName = publicHost.replace(/:\d+$/, '').toLowerCase();
  /** host folder → file name → the copy written there, and when. */
  const written = new Map<string, Map<string, { page: RenderedPage; at: number }>>();
  const standard = new WeakMap<RenderedPage, boolean>();
  let failures = 0;

  const hostOf = (subdomain: string) => `${subdomain.toLowerCase()}.${rootName}`;

  function removeHost(host: string) {
    written.delete(host);
    if (!dir) return;
    try {
      fs.rmSync(path.join(dir, host), { recursive: true, force: true });
    } catch (err) {
      // A folder that cannot be removed must not keep serving: nothing is written any more until an operator looks.
      logger.error({ err, host }, 'landing page files could not be removed; writing them is stopped');
      dir = undefined;
    }
  }

  function isStandard(page: RenderedPage) {
    let ok = standard.get(page);
    if (ok === undefined) {
      ok = JSON.stringify(page.headers) === STANDARD;
      standard.set(page, ok);
    }
    return ok;
  }

  /** After the fast path answered `page` for `requestHost` + `pathname` in `lng`: the file, unless already there. */
  function keep(subdomain: string, requestHost: string, pathname: string, lng: string, page: RenderedPage) {
    if (!dir || !LANGUAGES.has(lng) || !isStandard(page)) return;
    const host = hostOf(subdomain);
    if (requestHost.replace(/:\d+$/, '').toLowerCase() !== host) return;
    let segment: string;
    try {
      segment = decodeURIComponent(pathname.slice(1));
    } catch {
      return;
    }
    if (segment !== '' && !SAFE_SEGMENT.test(segment)) return;
    const name = `${segment}.${lng}.html`;
    let files = written.get(host);
    if (files?.get(name)?.page === page) return;
    if (!files) {
      if (written.size >= MAX_HOSTS) removeHost(written.keys().next().value as string);
      files = new Map();
      written.set(host, files);
    }
    try {
      const folder = path.join(dir, host);
      fs.mkdirSync(folder, { recursive: true });
      const file = path.join(folder, name);
      // Written beside, then renamed: nginx sees the old file or the new one, never half of one.
      const tmp = `${folder}/.tmp-${process.pid}`;
      fs.writeFileSync(tmp, zlib.gzipSync(page.body, { level: 6 }));
      fs.renameSync(tmp, `${file}.gz`);
      fs.writeFileSync(tmp, page.body);
      fs.renameSync(tmp, file);
      files.set(name, { page, at: Date.now() });
    } catch (err) {
      if (failures++ % 1000 === 0) logger.warn({ err, host }, 'landing page file not written');
    }
  }

  return {
    enabled: () => dir !== undefined,
    keep,
    /** Removes a teacher's host folder (its pages changed, or they may no longer be shown). */
    forget: (subdomain: string) => removeHost(hostOf(subdomain)),
    /**
     * Whether this process wrote files for the subdomain that are still there. Files older than the pages' refresh
     * period go first, as the cached copies they were written from are rendered again after it (page-render.ts).
     */
    serves(subdomain: string, now = Date.now()) {
      const host = hostOf(subdomain);
      const files = written.get(host);
      if (files && [...files.values()].some((f) => now - f.at > PAGE_REFRESH_MS)) removeHost(host);
      return written.has(host);
    },
    /** Every file, whoever wrote it: at start (the previous run's may be stale) and when bus messages may have been missed. */
    clear() {
      written.clear();
      if (!dir) return;
      for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) removeHost(entry);
    },
  };
}
