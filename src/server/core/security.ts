import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { TConfig } from './config';
import { forwardedClient } from './request-context';

/**
 * Scripts only from our own origin (no inline script); inline styles stay allowed because React style
 * attributes and the toast library need them. Framing is refused everywhere by default; a route that
 * needs another policy sets its headers itself and they are kept.
 */
const POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The same policy with one more origin allowed to run a script and be framed: the meeting service on the
 * live session pages (decision 070). A route sets it on its response, which the middleware below keeps.
 */
export function policyAllowing(origin: string): string {
  const directives: Record<string, string[]> = { ...POLICY, scriptSrc: [...POLICY.scriptSrc, origin], frameSrc: ["'self'", origin] };
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

const baseHeaders = secureHeaders({
  contentSecurityPolicy: POLICY,
  referrerPolicy: 'strict-origin-when-cross-origin',
  // Added below, only where framing is refused.
  xFrameOptions: false,
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  // Only over HTTPS: strictTransport below (issue 23).
  strictTransportSecurity: false,
  // A route that sets its own policy keeps it (landing viewer pages: docs/decisions/022-landing-csp-and-framing.md).
  overwrite: false,
});

/**
 * X-Frame-Options has no "anywhere" value: a response whose CSP allows framing by any site (embedded
 * landing pages, decision 022) goes without it; every other response gets DENY unless it set its own.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  await baseHeaders(c, next);
  const headers = c.res.headers;
  if (!headers.has('x-frame-options') && !/frame-ancestors \*/.test(headers.get('content-security-policy') ?? '')) headers.set('x-frame-options', 'DENY');
});

/** Hono's default HSTS value: 180 days, subdomains included (every teacher's platform is one). */
export const HSTS = 'max-age=15552000; includeSubDomains';

/** Whether a request travelled over HTTPS: its own connection, or what the outermost trusted proxy says. */
export function overHttps(tls: boolean, forwardedProto: string | undefined, trustProxy: number): boolean {
  return tls || forwardedClient(forwardedProto, trustProxy)?.toLowerCase() === 'https';
}

/**
 * Strict-Transport-Security only on a response that travels over HTTPS (issue 23): the request came in over TLS,
 * or a proxy we trust (TRUST_PROXY, the same hops as the client IP) says so in X-Forwarded-Proto. Over plain
 * HTTP the header means nothing to a browser (RFC 6797 §8.1) and only tells a scanner the set-up is confused.
 */
export function strictTransport(config: Pick<TConfig, 'trustProxy'>) {
  return createMiddleware(async (c, next) => {
    await next();
    if (overHttps(new URL(c.req.url).protocol === 'https:', c.req.header('x-forwarded-proto'), config.trustProxy))
      c.res.headers.set('strict-transport-security', HSTS);
    else c.res.headers.delete('strict-transport-security');
  });
}
