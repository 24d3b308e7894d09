import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TLanguage } from '@shared/i18n';
import type { TContactMessage, TFeedbackSubmission, TNewsletterSignup } from '@shared/schemas/site';
import type { Db } from '@server/core/db/client';
import { contactMessages, feedbackSubmissions, newsletterSubscribers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TEmailTemplate } from '@server/core/i18n';
import { consume, type TLimit } from '@server/core/attempt-limits';
import type { TMailer } from '@server/core/mailer';

const HOUR = 60 * 60_000;

/** Per client IP; generous for people, tight enough that one address cannot flood the admin's inbox. */
export const SITE_LIMITS = {
  contact: { max: 5, windowMs: HOUR },
  feedback: { max: 10, windowMs: HOUR },
  newsletter: { max: 5, windowMs: HOUR },
  unsubscribe: { max: 5, windowMs: HOUR },
} as const;

/** A link asking to subscribe again an address that unsubscribed lasts a week; unsubscribe links never expire. */
const RESUBSCRIBE_LINK_MS = 7 * 24 * HOUR;

/** Where the page that follows a newsletter link lives (src/server/site/mount.ts). */
export const NEWSLETTER_PATHS = { unsubscribe: '/newsletter/unsubscribe', resubscribe: '/newsletter/confirm' } as const;

type TSender = { ip: string; language: TLanguage; origin: string };
type TForm = keyof typeof SITE_LIMITS;
type TNewsletterAction = keyof typeof NEWSLETTER_PATHS;

const limit = (form: TForm, ip: string): TLimit => ({ key: `site:${form}:${ip}`, ...SITE_LIMITS[form] });

/** A filled honeypot means a bot: it gets the same answer as a person, and nothing is stored. */
const isBot = (input: { website?: string }) => Boolean(input.website?.trim());

/**
 * Signed newsletter links (docs/decisions/046-newsletter-unsubscribe.md): the address, what the link
 * does and until when, with an HMAC of the server's secret. Nothing is stored for them.
 */
function newsletterTokens(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(`darsi-newsletter:${payload}`).digest('base64url');
  return {
    sign(action: TNewsletterAction, email: string, expiresAt: number | null): string {
      const payload = Buffer.from(JSON.stringify({ a: action, e: email, x: expiresAt })).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The address the token was made for, if it is genuine, for this action and still valid. */
    verify(token: string, action: TNewsletterAction, now: number): string | null {
      const [payload = '', signature = ''] = token.split('.');
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const { a, e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; e?: unknown; x?: unknown };
        if (a !== action || typeof e !== 'string' || (x !== null && (typeof x !== 'number' || x <= now))) return null;
        return e;
      } catch {
        return null;
      }
    },
  };
}

type TSiteDeps = { db: Db; mailer: TMailer; secret: string; logger: Logger };

/**
 * The public site's three inboxes, and the newsletter's own links. Every attempt counts towards the
 * sender's limit before anything is written, bots included, so a flood is refused with 429 whatever it
 * carries.
 */
export function siteService({ db, mailer, secret, logger }: TSiteDeps) {
  const tokens = newsletterTokens(secret);
  const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = ${email}`;

  /** The answer never depends on the mail: a failure is logged, the visitor sees the same outcome. */
  async function mailLink(to: string, language: TLanguage, origin: string, action: TNewsletterAction, template: TEmailTemplate) {
    const expiresAt = action === 'resubscribe' ? Date.now() + RESUBSCRIBE_LINK_MS : null;
    const link = `${origin}${NEWSLETTER_PATHS[action]}?token=${tokens.sign(action, to, expiresAt)}`;
    try {
      await mailer.sendTemplate(to, language, template, { link });
    } catch (error) {
      logger.error({ err: error, template }, 'newsletter e-mail failed');
    }
  }

  /** The address a newsletter link was made for; INVALID_TOKEN if it is forged, for another action or expired. */
  const newsletterAddress = (token: string, action: TNewsletterAction): string => {
    const email = tokens.verify(token, action, Date.now());
    if (!email) throw new AppError('INVALID_TOKEN');
    return email;
  };

  return {
    async contact(input: TContactMessage, from: TSender): Promise<void> {
      await consume(db, limit('contact', from.ip));
      if (isBot(input)) return;
      const { name, email, phone, subject, message } = input;
      await db.insert(contactMessages).values({ name, email, phone: phone ?? null, subject, message, language: from.language });
    },

    async feedback(input: TFeedbackSubmission, from: TSender): Promise<void> {
      await consume(db, limit('feedback', from.ip));
      if (isBot(input)) return;
      const { category, title, text, email } = input;
      await db.insert(feedbackSubmissions).values({ category, title: title || null, text, email: email ?? null, language: from.language });
    },

    /**
     * Answers the same whatever the address's state, so it reveals nothing. An address that unsubscribed
     * is not subscribed again by anyone who types it: its owner gets a link to confirm.
     */
    async subscribe(input: TNewsletterSignup, from: TSender): Promise<void> {
      await consume(db, limit('newsletter', from.ip));
      if (isBot(input)) return;
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email: input.email, language: from.language })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length > 0) return;
      // Still subscribed: the latest language wins. Otherwise it unsubscribed, and only its owner may undo that.
      const kept = await db
        .update(newsletterSubscribers)
        .set({ language: from.language })
        .where(and(byEmail(input.email), isNull(newsletterSubscribers.unsubscribedAt)))
        .returning({ id: newsletterSubscribers.id });
      if (kept.length === 0) await mailLink(input.email, from.language, from.origin, 'resubscribe', 'newsletterResubscribe');
    },

    /** Sends the unsubscribe link to a subscribed address; any other address gets the same answer and no mail. */
    async requestUnsubscribe(input: TNewsletterSignup, from: TSender): Promise<void> {
      await consume(db, limit('unsubscribe', from.ip));
      if (isBot(input)) return;
      const [row] = await db
        .select({ language: newsletterSubscribers.language })
        .from(newsletterSubscribers)
        .where(and(byEmail(input.email), isNull(newsletterSubscribers.unsubscribedAt)));
      if (row) await mailLink(input.email, from.language, from.origin, 'unsubscribe', 'newsletterUnsubscribe');
    },

    newsletterAddress,

    /** Confirmed from a signed link: stops the newsletter for that address (again is harmless). */
    async unsubscribe(token: string): Promise<void> {
      const email = newsletterAddress(token, 'unsubscribe');
      await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: new Date() })
        .where(and(byEmail(email), isNull(newsletterSubscribers.unsubscribedAt)));
    },

    /** Confirmed from the link mailed to an address that had unsubscribed: it is subscribed again. */
    async resubscribe(token: string): Promise<void> {
      const email = newsletterAddress(token, 'resubscribe');
      await db.update(newsletterSubscribers).set({ unsubscribedAt: null }).where(byEmail(email));
    },

    /** The link each newsletter e-mail will carry (RFC 8058 List-Unsubscribe as well as the footer). */
    unsubscribeLink(origin: string, email: string): string {
      return `${origin}${NEWSLETTER_PATHS.unsubscribe}?token=${tokens.sign('unsubscribe', email.toLowerCase(), null)}`;
    },
  };
}

export type TSiteService = ReturnType<typeof siteService>;
