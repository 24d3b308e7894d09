import type { Context } from 'hono';
import { toLanguage, type TLanguage } from '@shared/i18n';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAssets } from './assets';
import { landingT } from './i18n';
import { renderError, viewerCsp, type TFraming, type TViewerMode } from './render';
import type { RenderedPage } from './response-cache';
import { framingOf, viewerHeaders } from './viewer-headers';

export const lngOf = (c: Context<TAppEnv>): TLanguage => toLanguage(c.get('language'));

export function modeOf(c: Context<TAppEnv>): TViewerMode {
  if (c.req.query('preview') === 'true') return 'preview';
  return c.req.query('embedded') === 'true' ? 'embedded' : 'live';
}

export const contactOf = (c: Context<TAppEnv>): 'sent' | 'failed' | undefined => {
  const value = c.req.query('contact');
  return value === 'sent' || value === 'failed' ? value : undefined;
};

/** Answers with a cached page: 304 when the browser has it, else the best encoding it accepts. */
export function sendRendered(c: Context<TAppEnv>, page: RenderedPage, status = 200): Response {
  if (c.req.header('if-none-match') === page.etag) return new Response(null, { status: 304, headers: page.headersFor(null, -1) });
  const { body, encoding } = page.encoded(c.req.header('accept-encoding'));
  // A copy: callers may adjust the headers of this one response (no-store for previews).
  const headers = new Headers(page.headersFor(encoding, body.length));
  return new Response(c.req.method === 'HEAD' ? null : (body as unknown as BodyInit), { status, headers });
}

export function sendHtml(c: Context<TAppEnv>, html: string, status: number, framing: TFraming = 'none', cacheControl = 'no-store') {
  const headers = new Headers(viewerHeaders(viewerCsp([], framing), framing, cacheControl));
  return new Response(c.req.method === 'HEAD' ? null : html, { status, headers });
}

/** The viewer's error screen (spec §8 messages), framed like the page it stands for. */
export function errorScreenOf(assets: TLandingAssets) {
  return (c: Context<TAppEnv>, key: string, status: number, params?: Record<string, string>) => {
    const lng = lngOf(c);
    const message = landingT(lng)(`viewer.errors.${key}`, params);
    return sendHtml(c, renderError(lng, assets, message, c.req.url), status, modeOf(c) === 'live' ? 'none' : framingOf(modeOf(c)));
  };
}

export type TErrorScreen = ReturnType<typeof errorScreenOf>;
