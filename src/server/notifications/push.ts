import { eq, inArray } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { toLanguage } from '@shared/i18n';
import { pushSubscriptions } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TNotificationsDeps } from './deps';
import { rowsFor } from './email';
import { absoluteLink } from './links';
import { vapidKeys } from './push-keys';
import { sendClaimed, type TClaimedSend } from './send-claimed';
import { notificationText } from './texts';

/*
 * Web pushes of notifications (decision 210), through the job queue like the e-mails and never twice by the same
 * rule (decision 146, send-claimed.ts): each push is claimed under p:{notification id}:{device id} (one event, one
 * recipient, one device). A device the push service no longer knows (404, 410) is deleted. Any other failure gives
 * the claim back and fails the job after the batch's other devices, so pg-boss retries only what is still owed.
 */
type TRow = Awaited<ReturnType<typeof rowsFor>>[number];
type TDevice = typeof pushSubscriptions.$inferSelect;

const GONE = new Set([404, 410]);
// How long the push service keeps a message for a phone that is off: a notice older than a day is stale.
const TTL_SECONDS = 24 * 60 * 60;

export function pushBatchJob(deps: TNotificationsDeps) {
  return defineJob<{ ids: string[] }>({
    name: 'notifications.push',
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    concurrency: 2,
    run: async ({ ids }) => sendNotificationPushes(deps, ids),
  });
}

/** The payload the service worker shows: small (push services take about 4 KB), in the recipient's language. */
function payloadOf(deps: TNotificationsDeps, row: TRow) {
  const lng = toLanguage(row.language);
  return JSON.stringify({
    title: notificationText(lng, `kinds.${row.kind}.title`, row.params),
    body: notificationText(lng, `kinds.${row.kind}.body`, row.params).slice(0, 500),
    url: absoluteLink(deps, row.link, row.subdomain),
    tag: row.id,
    lang: lng,
  });
}

export async function sendNotificationPushes(deps: TNotificationsDeps, ids: string[]): Promise<{ sent: number; removed: number }> {
  const rows = await rowsFor(deps, ids);
  const devices = rows.length
    ? await deps.db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(rows.map((r) => r.recipientId))]))
    : [];
  const keys = await vapidKeys(deps);
  const vapidDetails = { subject: deps.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const gone = new Set<string>();

  /** false: the push service no longer knows the device, which is deleted (and skipped for the batch's other rows). */
  async function pushTo(row: TRow, device: TDevice): Promise<boolean> {
    try {
      const target = { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } };
      await webpush.sendNotification(target, payloadOf(deps, row), { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal', agent: deps.push.agent });
      return true;
    } catch (err) {
      if (!(err instanceof WebPushError && GONE.has(err.statusCode))) throw err;
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      gone.add(device.id);
      return false;
    }
  }
  // Lazily, so that a device found gone is not tried again for the next notification.
  function* sends(): Generator<TClaimedSend> {
    for (const row of rows) {
      for (const device of devices.filter((d) => d.userId === row.recipientId && !gone.has(d.id))) {
        yield { key: `p:${row.id}:${device.id}`, recipientId: row.recipientId, send: () => pushTo(row, device) };
      }
    }
  }
  const sent = await sendClaimed(deps, sends(), { stopAtFailure: false });
  return { sent, removed: gone.size };
}
