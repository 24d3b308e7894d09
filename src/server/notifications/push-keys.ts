import { hkdfSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { TConfig } from '@server/core/config';
import { webPushKeys } from '@server/core/db/schema';
import { dataDirSecret, openGcm, sealGcm } from '@server/core/secret-box';
import type { TNotificationsDeps } from './deps';

/*
 * The platform's VAPID key pair (decision 210): generated once by the first instance that needs it and kept in the
 * database, so that every instance signs with the same key (a subscription is bound to the public key it was made
 * with). The private key is sealed there under PUSH_SECRET (decision 228): a copy of the database alone cannot push
 * to anyone's browser. A row from before, in clear, is sealed the first time it is read.
 */
type TPushKeys = { publicKey: string; privateKey: string };

type TKeysDeps = Pick<TNotificationsDeps, 'db' | 'pushSealKey'>;

// A raw VAPID private key is base64url (no dot), so the prefix tells a sealed value from one in clear.
const SEALED = 'v1.';

/** Outside production a missing PUSH_SECRET is generated once into the data directory, like PAYMENTS_SECRET. */
export function resolvePushSecret(config: Pick<TConfig, 'pushSecret' | 'dataDir'>): string {
  return dataDirSecret(config.pushSecret, config.dataDir, '.push-secret');
}

export function derivePushSealKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'darsi/push', 'vapid-private-key-aes-256-gcm-v1', 32));
}

// The public key is authenticated with it: a sealed private key put beside another public key does not open.
const boundTo = (publicKey: string) => Buffer.from(`web_push_keys:${publicKey}`);
const seal = (key: Buffer, pair: TPushKeys) => `${SEALED}${sealGcm(key, pair.privateKey, boundTo(pair.publicKey))}`;

function open(key: Buffer, row: TPushKeys): string {
  try {
    return openGcm(key, row.privateKey.slice(SEALED.length), boundTo(row.publicKey)).toString('utf8');
  } catch {
    // Never a new pair here: that would silently orphan every subscribed browser.
    throw new Error('The web push private key does not open with this PUSH_SECRET: every instance needs the one it was sealed with (decision 228)');
  }
}

const storedRow = async (deps: TKeysDeps) => (await deps.db.select().from(webPushKeys).where(eq(webPushKeys.id, 1)))[0];

/** Two instances starting together: the first insert wins and both read it back. */
async function createdRow(deps: TKeysDeps) {
  const fresh = webpush.generateVAPIDKeys();
  await deps.db
    .insert(webPushKeys)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: seal(deps.pushSealKey, fresh) })
    .onConflictDoNothing();
  return (await storedRow(deps))!;
}

export async function vapidKeys(deps: TKeysDeps): Promise<TPushKeys> {
  const row = (await storedRow(deps)) ?? (await createdRow(deps));
  if (row.privateKey.startsWith(SEALED)) return { publicKey: row.publicKey, privateKey: open(deps.pushSealKey, row) };
  // In clear, from before decision 228: sealed now, only if still in clear, so that an instance doing the same at
  // the same moment changes nothing more; the pair itself never changes.
  await deps.db
    .update(webPushKeys)
    .set({ privateKey: seal(deps.pushSealKey, row) })
    .where(and(eq(webPushKeys.id, 1), eq(webPushKeys.privateKey, row.privateKey)));
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
