import { and, eq, inArray } from 'drizzle-orm';
import { pushSubscriptions } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TNotificationsDeps } from './deps';
import { vapidKeys } from './push-keys';

/* Web push devices (decision 210): each person's subscribed browsers; the VAPID key pair is in push-keys.ts. */
export type TPushDevice = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Browsers' push services, by host: an endpoint anywhere else is refused, so that a subscription cannot make the
 * server post to an address of the attacker's choosing (an internal one above all).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

function allowedEndpoint(deps: Pick<TNotificationsDeps, 'push'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)) || (deps.push.extraHosts ?? []).includes(url.host);
}

/** This browser, for this person: a device that was someone else's (a shared phone) becomes this person's. */
export async function subscribeDevice(deps: TNotificationsDeps, userId: string, device: TPushDevice): Promise<void> {
  if (!allowedEndpoint(deps, device.endpoint)) throw new AppError('VALIDATION_FAILED', { endpoint: 'fields.invalid' });
  const values = { userId, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
  await deps.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth } });
}

/** Only the person's own device: another's endpoint changes nothing. */
export async function unsubscribeDevice(deps: TNotificationsDeps, userId: string, endpoint: string): Promise<void> {
  await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Whose device an endpoint is, as the browser holding it is told: its person's, another person's, or nobody's. */
type TPushEndpointOwner = 'mine' | 'another' | 'none';

/**
 * The key browsers subscribe with and the person's device count; with `endpoint` (this browser's subscription),
 * also whose it is, so that a browser whose subscription the server dropped (or whose key pair was replaced) can
 * subscribe again by itself (decision 210).
 */
export async function pushStatus(
  deps: TNotificationsDeps,
  userId: string,
  endpoint?: string,
): Promise<{ publicKey: string; devices: number; endpoint?: TPushEndpointOwner }> {
  const rows = await deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const status = { publicKey: (await vapidKeys(deps)).publicKey, devices: rows.length };
  if (endpoint === undefined) return status;
  return { ...status, endpoint: await endpointOwner(deps, userId, endpoint, rows) };
}

async function endpointOwner(deps: TNotificationsDeps, userId: string, endpoint: string, own: Array<{ endpoint: string }>): Promise<TPushEndpointOwner> {
  if (own.some((r) => r.endpoint === endpoint)) return 'mine';
  const [row] = await deps.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).limit(1);
  return row && row.userId !== userId ? 'another' : 'none';
}

/** The recipients among these who have at least one subscribed device. */
export async function withDevices(deps: Pick<TNotificationsDeps, 'db'>, userIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await deps.db
      .selectDistinct({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds.slice(i, i + 1000)));
    rows.forEach((r) => found.add(r.userId));
  }
  return found;
}
