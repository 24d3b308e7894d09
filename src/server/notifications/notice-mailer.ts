import { eq } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { user } from '@server/core/db/schema';
import type { TMail, TMailer } from '@server/core/mailer';
import type { TNotificationsDeps } from './deps';
import { emailHtml, paragraphsOf } from '@server/core/email-html';
import { unsubscribeUrl } from './links';
import { preferencesFor } from './preferences';
import { notificationText } from './texts';

/*
 * The one sender of notification e-mails for the domains that write their own (codes waiting, receipts, card
 * payments, live sessions, billing; decision 181). Those domains keep their texts, calendar files and their own
 * "sent" claims (never twice); a message tagged with a kind and a person (`notice`) goes out only when that person
 * wants that kind by e-mail at once ("digest" leaves it to the daily digest, "off" to nobody), and ends with the
 * kind's signed unsubscribe link. Untagged messages (sign-in, account, deletion warnings) pass unchanged.
 */
export function noticeMailer(deps: TNotificationsDeps, base: TMailer): TMailer {
  async function send({ notice, ...mail }: TMail): Promise<void> {
    if (!notice) return base.send(mail);
    const { kind, userId } = notice;
    const wants = (await preferencesFor(deps, [userId], kind))(userId);
    if (wants.email !== 'instant') {
      deps.logger.info({ kind, userId, mode: wants.email }, 'e-mail left out by the recipient’s choice');
      return;
    }
    const [who] = await deps.db.select({ language: user.language }).from(user).where(eq(user.id, userId));
    const lng = toLanguage(who?.language);
    const footer = notificationText(lng, 'email.unsubscribe', { kind: notificationText(lng, `kinds.${kind}.name`), link: unsubscribeUrl(deps, userId, kind) });
    const html = await emailHtml({ lng, title: mail.subject, paragraphs: paragraphsOf(mail.text), footer: [footer] });
    await base.send({ ...mail, text: `${mail.text}\n\n${footer}`, html });
  }
  return { recent: base.recent, sendTemplate: base.sendTemplate, send };
}
