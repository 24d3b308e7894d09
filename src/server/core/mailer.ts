import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { toLanguage } from '@shared/i18n';
import type { TNotificationKind } from '@shared/notifications';
import type { TConfig } from './config';
import { emailHtml, paragraphsOf } from './email-html';
import { emailText, type TEmailTemplate } from './i18n';

export type TSentMail = { to: string; subject: string; text: string; html?: string; file?: string; ics?: string };

/** A calendar invitation: nodemailer sends it as a text/calendar alternative and an .ics attachment. */
export type TCalendarPart = { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };

/**
 * Which notification kind an e-mail is, and to whom (issue 26): the notifications domain's sender (wired in
 * services.ts) then follows that person's choice for the kind and adds the kind's unsubscribe link.
 */
export type TMailNotice = { kind: TNotificationKind; userId: string };

export type TMail = { to: string; subject: string; text: string; html?: string; calendar?: TCalendarPart; notice?: TMailNotice };

export type TMailer = {
  sendTemplate: (to: string, language: string, template: TEmailTemplate, params: Record<string, string>) => Promise<void>;
  /** A message whose text its domain wrote (in the recipient's language), with an optional calendar part and HTML part. */
  send: (mail: TMail) => Promise<void>;
  /** The latest messages, newest last; kept for tests and for the development outbox. */
  recent: TSentMail[];
};

const RECENT_LIMIT = 200;

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written as an .eml file to
 * `{DATA_DIR}/outbox`, where a developer opens it (README, "E-mail").
 */
export function createMailer(config: Pick<TConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): TMailer {
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const recent: TSentMail[] = [];

  async function send({ to, subject, text, html, calendar }: TMail, kind: string) {
    const icalEvent = calendar ? { method: calendar.method.toLowerCase(), filename: calendar.filename, content: calendar.content } : undefined;
    const info = await transport.sendMail({ from: config.mailFrom, to, subject, text, ...(html ? { html } : {}), ...(icalEvent ? { icalEvent } : {}) });
    const mail: TSentMail = { to, subject, text, ...(html ? { html } : {}), ...(calendar ? { ics: calendar.content } : {}) };
    if (!config.smtpUrl && 'message' in info && Buffer.isBuffer(info.message)) {
      await fs.mkdir(outbox, { recursive: true });
      mail.file = path.join(outbox, `${Date.now()}-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await fs.writeFile(mail.file, info.message);
    }
    recent.push(mail);
    if (recent.length > RECENT_LIMIT) recent.shift();
    logger.info({ to, template: kind, outbox: mail.file }, 'e-mail sent');
  }

  return {
    recent,
    async sendTemplate(to, language, template, params) {
      const lng = toLanguage(language);
      const { subject, text } = emailText(lng, template, params);
      // Account e-mails in the notices' layout (decision 211): right-to-left in Arabic, the same words and links; the text part stays first.
      const html = await emailHtml({ lng, title: subject, paragraphs: paragraphsOf(text) });
      await send({ to, subject, text, html }, template);
    },
    send: (mail) => send(mail, 'domain'),
  };
}
