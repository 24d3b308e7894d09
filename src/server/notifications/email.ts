import { eq, inArray } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { notifications, teachers, user } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TNotificationsDeps } from './deps';
import { emailHtml } from '@server/core/email-html';
import { absoluteLink, unsubscribeUrl } from './links';
import { sendClaimed } from './send-claimed';
import { notificationText } from './texts';

/*
 * E-mails of notifications, through the job queue, in the recipient's language, never twice (decision 146): each
 * is claimed under n:{notification id}, i.e. one event and one recipient (send-claimed.ts). A send that fails fails
 * the job at once, which pg-boss retries; an e-mail lost to a crash leaves the in-app notification.
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

/** One notification's e-mail: title, body, link and the unsubscribe line of its kind, in the recipient's language. */
async function sendEmail(deps: TNotificationsDeps, row: TEmailRow): Promise<boolean> {
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
  await deps.mailer.send({ to: row.email, subject: title, text, html });
  return true;
}

export async function sendNotificationEmails(deps: TNotificationsDeps, ids: string[]): Promise<{ sent: number }> {
  const sends = (await rowsFor(deps, ids)).map((row) => ({ key: `n:${row.id}`, recipientId: row.recipientId, send: () => sendEmail(deps, row) }));
  return { sent: await sendClaimed(deps, sends, { stopAtFailure: true }) };
}
