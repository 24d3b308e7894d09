import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sameSitePath } from '@shared/safe-redirect';
import { ZContactRequest } from '@shared/schemas/landing-contact';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { clientIp } from '@server/core/request-context';
import type { TLandingAppDeps } from './deps';

/** The no-script contact form's fields are a few kilobytes at most; anything bigger is not read. */
const CONTACT_FORM_MAX_BYTES = 64 * 1024;

/** Where the no-script contact form returns: the page it was sent from when that is on this host. */
function contactReturn(c: Context<TAppEnv>, pageId: string, status: 'sent' | 'failed'): Response {
  const referer = c.req.header('referer');
  // A malformed Referer is only ignored: URL.canParse instead of a constructor that throws.
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  // The shared redirect rule (src/shared/safe-redirect.ts): a page at "//evil.example/…" on this host would
  // otherwise send the form back to another host.
  const target = from && from.host === c.req.header('host') && sameSitePath(from.pathname) ? from : new URL(`/landing/${pageId}`, c.req.url);
  target.searchParams.set('contact', status);
  target.hash = 'contact';
  return c.redirect(`${target.pathname}${target.search}${target.hash}`, 303);
}

/** The contact form without script: a plain POST, answered by the page again with the outcome. */
export function mountContactForm(app: Hono<TAppEnv>, { config, landing }: Pick<TLandingAppDeps, 'config' | 'landing'>) {
  const contactBodyLimit = bodyLimit({ maxSize: CONTACT_FORM_MAX_BYTES, onError: (c) => contactReturn(c, c.req.param('id') ?? '', 'failed') });
  app.post('/landing-contact/:id', contactBodyLimit, async (c) => {
    const id = c.req.param('id');
    const origin = c.req.header('origin');
    if (origin && origin !== `${config.publicHttps ? 'https' : 'http'}://${c.req.header('host') ?? ''}`) throw new AppError('CROSS_ORIGIN_REJECTED');
    const form = await c.req.parseBody().catch(() => null);
    const parsed = ZContactRequest.safeParse(Object.fromEntries(Object.entries(form ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : ''])));
    if (!parsed.success) return contactReturn(c, id, 'failed');
    try {
      await landing.public.contact(id, parsed.data, clientIp(c, config));
      return contactReturn(c, id, 'sent');
    } catch {
      return contactReturn(c, id, 'failed');
    }
  });
}
