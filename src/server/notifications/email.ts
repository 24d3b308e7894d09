import { eq, inArray } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { notificationEmails, notifications, teachers, user } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TNotificationsDeps } from './deps';
import { emailHtml } from '@server/core/email-html';
import { absoluteLink, unsubscribeUrl } from './links';
import { notificationText } from './texts';

/*
 * E-mails of notifications, through the job queue, in the recipient's language, never twice (decision 146): each
 * is claimed in notification_emails (key n:{notification id}, i.e. one event and one recipient) before it
 * leaves. A retried job, a second worker or a restart finds the claim and skips. A send that fails gives the claim
 * back and fails the job, which pg-boss retries; a process killed between the claim and the send loses that one
 * e-mail rather than ever sending it twice (the in-app notification stays).
 */
type TEmailRow = {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  recipientId: string;
  email: string;
  language: string;
  subdomain: string | null;
};

export function emailBatchJob(deps: TNotificationsDeps) {
  return defineJob<{ ids: string[] }>({
    name: 'notifications.email',
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    concurrency: 2,
    run: async ({ ids }) => sendNotificationEmails(deps, ids),
  });
}

/** The notifications `ids` with what their e-mail or push needs: recipient, language, the teacher's subdomain. */
export async function rowsFor(deps: TNotificationsDeps, ids: string[]): Promise<TEmailRow[]> {
  if (ids.length === 0) return [];
  return deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      recipientId: notifications.recipientId,
      email: user.email,
      language: user.language,
      subdomain: teachers.subdomain,
    })
    .from(notifications)
    .innerJoin(user, eq(user.id, notifications.recipientId))
    .leftJoin(teachers, eq(teachers.id, notifications.teacherId))
    .where(inArray(notifications.id, ids));
}

/** Claims a key; true when this caller is the one that sends. */
export async function claim(deps: TNotificationsDeps, key: string, recipientId: string): Promise<boolean> {
  const [fresh] = await deps.db.insert(notificationEmails).values({ key, recipientId }).onConflictDoNothing().returning({ key: notificationEmails.key });
  return Boolean(fresh);
}

export async function release(deps: TNotificationsDeps, key: string): Promise<void> {
  await deps.db.delete(notificationEmails).where(eq(notificationEmails.key, key));
}

export async function sendNotificationEmails(deps: TNotificationsDeps, ids: string[]): Promise<{ sent: number }> {
  let sent = 0;
  for (const row of await rowsFor(deps, ids)) {
    const key = `n:${row.id}`;
    if (!(await claim(deps, key, row.recipientId))) continue;
    const lng = toLanguage(row.language);
    const title = notificationText(lng, `kinds.${row.kind}.title`, row.params);
    const body = notificationText(lng, `kinds.${row.kind}.body`, row.params);
    const link = absoluteLink(deps, row.link, row.subdomain);
    const unsubscribe = notificationText(lng, 'email.unsubscribe', {
      kind: notificationText(lng, `kinds.${row.kind}.name`),
      link: unsubscribeUrl(deps, row.recipientId, row.kind),
    });
    const text = [body, '', notificationText(lng, 'email.open', { link }), '', unsubscribe].join('\n');
    const html = await emailHtml({
      lng,
      title,
      paragraphs: [body],
      action: { label: notificationText(lng, 'email.openButton'), href: link },
      footer: [unsubscribe],
    });
    try {
      await deps.mailer.send({ to: row.email, subject: title, text, html });
      sent += 1;
    } catch (err) {
      await release(deps, key);
      throw err;
    }
  }
  return { sent };
}
