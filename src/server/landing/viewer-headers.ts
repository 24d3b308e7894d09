import type { TFraming, TViewerMode } from './render';

/**
 * The security headers of a viewer page; the CSP depends on its pixels and on framing. The fast path sends
 * these exactly, so they are also everything the app's own middleware would add: both paths answer with the
 * same header set (tests/integration/landing-server.test.ts compares them). HSTS is added by each path only
 * over HTTPS (core/security.ts, issue 23).
 */
export function viewerHeaders(csp: string, framing: TFraming, cacheControl = 'no-cache'): Array<[string, string]> {
  return [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', cacheControl],
    ['vary', 'Accept-Encoding, Accept-Language, Cookie'],
    ['content-security-policy', csp],
    // Framing allowed anywhere (embedded mode): CSP frame-ancestors says so, and X-Frame-Options has no "any".
    ...(framing === 'any' ? [] : [['x-frame-options', framing === 'none' ? 'DENY' : 'SAMEORIGIN'] as [string, string]]),
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', framing === 'any' ? 'cross-origin' : 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    // The offline worker caches only responses that carry this mark.
    ['x-darsi-landing', '1'],
  ];
}

export const framingOf = (mode: TViewerMode): TFraming => (mode === 'live' ? 'none' : mode === 'preview' ? 'self' : 'any');
