import { Hono } from 'hono';
import { ZContactMessage, ZFeedbackSubmission, ZNewsletterSignup } from '@shared/schemas/site';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import type { TSiteDeps } from './deps';
import { validate } from '@server/core/validate';

/** API of Darsi's public site, mounted at /api/site: the contact form, roadmap feedback and newsletter (and its unsubscribe link). */
export function siteRoutes({ config, site }: TSiteDeps) {
  return (
    new Hono<TAppEnv>()
      .post('/contact', validate('json', ZContactMessage), async (c) => {
        await site.contact(c.req.valid('json'), requestContext(c, config));
        return c.json({ ok: true as const }, 201);
      })
      .post('/feedback', validate('json', ZFeedbackSubmission), async (c) => {
        await site.feedback(c.req.valid('json'), requestContext(c, config));
        return c.json({ ok: true as const }, 201);
      })
      .post('/newsletter', validate('json', ZNewsletterSignup), async (c) => {
        await site.subscribe(c.req.valid('json'), requestContext(c, config));
        return c.json({ ok: true as const }, 201);
      })
      // Mails the address a link that unsubscribes it (docs/decisions/046); the same answer whatever the address.
      .post('/unsubscribe', validate('json', ZNewsletterSignup), async (c) => {
        await site.requestUnsubscribe(c.req.valid('json'), requestContext(c, config));
        return c.json({ ok: true as const }, 201);
      })
  );
}
