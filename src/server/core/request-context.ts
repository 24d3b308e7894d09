import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { subdomainFromHost } from '@shared/subdomain';
import type { TConfig } from './config';
import type { TAppEnv } from './env';
import { AppError } from './errors';

/** What services need to know about the request, without depending on Hono. */
export type TRequestContext = {
  headers: Headers;
  ip: string;
  /** The origin the browser sees, e.g. http://demo.localhost:3000. */
  origin: string;
  /** The teacher subdomain the request came to, if any. */
  hostSubdomain: string | null;
  language: TLanguage;
};

/**
 * The client in an X-Forwarded-For chain. Every proxy appends the address it got the request from, so
 * only the last `hops` entries were written by proxies we trust; whatever stands to their left was sent
 * by the client and may be forged. The client is the entry the outermost trusted proxy appended: the
 * `hops`-th from the right (with one proxy, the right-most). A shorter chain means a proxy did not
 * append; its left-most entry is then the best there is.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

export function clientIp(c: Context, config: Pick<TConfig, 'trustProxy'>): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), config.trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}

/**
 * Better Auth reads the client IP (session records, its own limiter) from this header only. It is always
 * overwritten with the address resolved above, so a client cannot choose it.
 */
export const CLIENT_IP_HEADER = 'x-darsi-client-ip';

/** The raw request with the resolved client IP, for the one route Better Auth's handler serves. */
export function withClientIp(c: Context, config: Pick<TConfig, 'trustProxy'>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, config));
  return new Request(c.req.raw, { headers });
}

export function requestContext<E extends TAppEnv>(c: Context<E>, config: TConfig): TRequestContext {
  const host = c.req.header('host') ?? config.publicHost;
  const ip = clientIp(c, config);
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return {
    headers,
    ip,
    origin: `${config.publicHttps ? 'https' : 'http'}://${host}`,
    hostSubdomain: subdomainFromHost(host, { rootDomain: config.publicHost, allowDevHosts: config.env !== 'production' }),
    language: toLanguage(c.var.language),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing API call must come from a page of the same origin. Teachers' subdomains are
 * the same *site*, so SameSite cookies alone would let one teacher's page post to another's platform.
 */
export function sameOriginOnly(config: TConfig): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const expected = `${config.publicHttps ? 'https' : 'http'}://${c.req.header('host') ?? ''}`;
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (origin !== expected) throw new AppError('CROSS_ORIGIN_REJECTED');
    } else if (c.req.header('cookie') && c.req.header('sec-fetch-site') !== 'same-origin') {
      // A cookie-bearing request that names no origin is refused, as Better Auth does.
      throw new AppError('CROSS_ORIGIN_REJECTED');
    }
    return next();
  };
}
