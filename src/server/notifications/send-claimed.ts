import { eq } from 'drizzle-orm';
import { notificationEmails } from '@server/core/db/schema';
import type { TNotificationsDeps } from './deps';

/*
 * E-mails and pushes never go twice (decision 146): each is claimed in notification_emails under its key (one event,
 * one recipient, and for a push one device) before it leaves. A retried job, a second worker or a restart finds the
 * claim and skips. A send that fails gives the claim back, so that pg-boss's retry tries again; a process killed
 * between the claim and the send loses that one message rather than ever sending it twice.
 */
export type TClaimedSend = {
  key: string;
  recipientId: string;
  /** Sends; false when there is no one to deliver to any more (the claim is kept, nothing is counted). */
  send: () => Promise<boolean>;
};

/** Claims a key; true when this caller is the one that sends. */
async function claim(deps: TNotificationsDeps, key: string, recipientId: string): Promise<boolean> {
  const [fresh] = await deps.db.insert(notificationEmails).values({ key, recipientId }).onConflictDoNothing().returning({ key: notificationEmails.key });
  return Boolean(fresh);
}

async function release(deps: TNotificationsDeps, key: string): Promise<void> {
  await deps.db.delete(notificationEmails).where(eq(notificationEmails.key, key));
}

/**
 * Sends each one not claimed yet and returns how many went. `stopAtFailure`: the first failure fails the batch at
 * once (e-mail: the mail server is down for all of them); otherwise the others still go and the last failure is
 * thrown at the end, so that the retry sends only what is still owed (push: one device's push service).
 */
export async function sendClaimed(deps: TNotificationsDeps, sends: Iterable<TClaimedSend>, { stopAtFailure }: { stopAtFailure: boolean }): Promise<number> {
  let sent = 0;
  let failure: unknown = null;
  for (const { key, recipientId, send } of sends) {
    if (!(await claim(deps, key, recipientId))) continue;
    try {
      if (await send()) sent += 1;
    } catch (err) {
      await release(deps, key);
      if (stopAtFailure) throw err;
      failure = err;
    }
  }
  if (failure) throw failure;
  return sent;
}
