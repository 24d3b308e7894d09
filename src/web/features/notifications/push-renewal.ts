import { activeQueryClient } from '@web/lib/active-query-client';
import { pushStatusFor, subscribePush, unsubscribePush } from './api';
import { currentSubscription, madeWithKey, resubscribeBrowser } from './push-device';

/*
 * A browser's push subscription outlives the server's key pair: after the operator replaced it (a lost PUSH_SECRET,
 * decision 228), or after the server dropped the device (its push service said it was gone), pushes silently stop
 * reaching it. Once per app start, quietly and without asking the permission again, a subscription made with
 * another key or unknown to the server is replaced and registered. Loaded apart (app/root-layout.tsx) so that the
 * first screen does not carry it (decision 005).
 */
let settled = false;
let running: Promise<void> | null = null;

/** The subscription as the server takes it (decision 210). */
export function deviceOf(json: PushSubscriptionJSON) {
  return { endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

async function renew(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) {
    settled = true;
    return;
  }
  // Signed out, this throws: the next screen tries again.
  const status = await pushStatusFor(subscription.endpoint);
  settled = true;
  // Another person turned push on with this browser: theirs to renew on their own visit.
  if (status.endpoint === 'another') return;
  if (status.endpoint === 'mine' && madeWithKey(subscription, status.publicKey)) return;
  if (status.endpoint === 'mine') await unsubscribePush(subscription.endpoint);
  const fresh = await resubscribeBrowser(subscription, status.publicKey);
  if (!fresh) return;
  await subscribePush(deviceOf(fresh));
  await activeQueryClient()?.invalidateQueries({ queryKey: ['notifications', 'push'] });
}

/** Does nothing once it has run for a signed-in person, or where notifications are not allowed. */
export function renewPushSubscription(): Promise<void> {
  if (settled || typeof Notification === 'undefined' || Notification.permission !== 'granted') return Promise.resolve();
  running ??= renew().finally(() => {
    running = null;
  });
  return running;
}
