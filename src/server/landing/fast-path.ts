import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { subdomainFromHost } from '@shared/subdomain';
import { HSTS, overHttps } from '@server/core/security';
import type { TLandingAppDeps } from './deps';
import { detectLanguage } from './language';
import { isBypassPath } from './routing';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * Cached landing pages answered straight from node:http, before Hono and its middleware: a hit is a
 * map lookup and one write of ready bytes (docs/decisions/023-landing-cache-and-fast-path.md). Anything
 * not already cached and current (a miss, a query other than ?lng, a stale version) goes on to the app,
 * which renders, caches and answers with exactly the same headers.
 */
function landingFastPath(services: TLandingAppDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { config } = services;
  const { site } = services.landing;
  const options = { rootDomain: config.publicHost, allowDevHosts: config.env !== 'production' };

  // Host headers and paths repeat: what they resolve to is remembered (bounded, cleared when full).
  const hosts = new Map<string, string | null>();
  const bypass = new Map<string, boolean>();
  const remember = <V>(map: Map<string, V>, key: string, compute: () => V): V => {
    let value = map.get(key);
    if (value === undefined && !map.has(key)) {
      if (map.size >= 10_000) map.clear();
      value = compute();
      map.set(key, value);
    }
    return value as V;
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    let queryLng: string | null = null;
    if (q !== -1) {
      const query = new URLSearchParams(url.slice(q + 1));
      if ([...query.keys()].some((k) => k !== 'lng')) return false;
      queryLng = query.get('lng');
    }
    const host = req.headers.host;
    if (!host) return false;
    const subdomain = remember(hosts, host, () => subdomainFromHost(host, options));
    if (!subdomain || remember(bypass, pathname, () => isBypassPath(pathname))) return false;
    const record = site.cachedSite(subdomain)?.record;
    if (!record || !record.isActive) return false;
    let pageId: string | null | undefined;
    if (pathname === '/') pageId = record.mainPageId;
    else {
      let segment = pathname.split('/')[1] ?? '';
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return false;
      }
      pageId = record.pagesMap.get(segment.toLowerCase());
    }
    if (!pageId) return false;
    const lng = detectLanguage(queryLng, req.headers.cookie, req.headers['accept-language']);
    const page = site.cachedPage({ pageId, lng, host: 'subdomain', mode: 'live' }, record.versions.get(pageId));
    if (!page) return false;

    // HSTS only over HTTPS, as the app's middleware decides it (core/security.ts, issue 23).
    if (overHttps('encrypted' in req.socket && req.socket.encrypted === true, header(req.headers['x-forwarded-proto']), config.trustProxy))
      res.setHeader('strict-transport-security', HSTS);
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, page.headersFor(null, -1));
      res.end();
      return true;
    }
    const { body, encoding } = page.encoded(req.headers['accept-encoding']);
    res.writeHead(200, page.headersFor(encoding, body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
    // Behind nginx (decision 220) the next visitors of this copy get it from a file; one Map lookup once it is written.
    if (queryLng === null) site.keepFile(subdomain, host, pathname, lng, page);
    return true;
  };
}

/** The server factory for @hono/node-server: the fast path first, the app for everything else. */
export function withLandingFastPath(services: TLandingAppDeps): typeof createServer {
  const fast = landingFastPath(services);
  return ((serverOptions: object, listener: RequestListener) =>
    createServer(serverOptions, (req, res) => {
      if (!fast(req, res)) void listener(req, res);
    })) as unknown as typeof createServer;
}
