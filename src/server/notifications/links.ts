import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TNotificationsDeps } from './deps';

/** The e-mail's unsubscribe link: signed for one person and one kind, so it can stop nothing else (decision 148). */
export function unsubscribeSignature(secret: string, userId: string, kind: string): string {
  return createHmac('sha256', secret).update(`notifications-unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function validSignature(secret: string, userId: string, kind: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, kind));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function origin(deps: Pick<TNotificationsDeps, 'config'>, subdomain?: string | null): string {
  const host = subdomain ? `${subdomain}.${deps.config.publicHost}` : deps.config.publicHost;
  return `${deps.config.publicHttps ? 'https' : 'http'}://${host}`;
}

export function unsubscribeUrl(deps: Pick<TNotificationsDeps, 'config' | 'secret'>, userId: string, kind: string): string {
  const query = new URLSearchParams({ u: userId, k: kind, s: unsubscribeSignature(deps.secret, userId, kind) });
  return `${origin(deps)}/api/notifications/unsubscribe?${query.toString()}`;
}

/** A student's link opens on their teacher's platform; everyone else's on the main domain. */
export function absoluteLink(deps: Pick<TNotificationsDeps, 'config'>, link: string | null, subdomain: string | null): string {
  const path = link ?? '/';
  return `${origin(deps, path.startsWith('/student/') ? subdomain : null)}${path}`;
}
