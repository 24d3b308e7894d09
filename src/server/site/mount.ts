import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { isLanguage, LANGUAGE_COOKIE, toLanguage } from '@shared/i18n';
import { ZContactMessage, ZFeedbackSubmission, ZNewsletterSignup } from '@shared/schemas/site';
import { DOCS_HOME, isDocSlug } from '@views/site/docs-pages';
import type { TPageMeta } from '@views/site/layout/document';
import { DocPage } from '@views/site/pages/docs';
import { NotFoundPage } from '@views/site/pages/company';
import { NewsletterPage, type TNewsletterAction, type TNewsletterState } from '@views/site/pages/newsletter';
import { PUBLIC_PATHS, SITE_ROUTES } from '@views/site/routes';
import type { TSiteT, TSiteContext } from '@views/site/context';
import { createElement, type ReactNode } from 'react';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { requestContext, sameOriginOnly } from '@server/core/request-context';
import type { TSiteDeps } from './deps';
import { NEWSLETTER_PATHS } from './forms';
import { loadSiteBuild, SITE_WORKER_ROUTES } from './assets';
import { loadDocs } from './docs';
import { renderPage } from './render';
import { robotsTxt, sitemapXml } from './seo';
import { serviceWorkerSource } from './service-worker';

const REVALIDATE = 'no-cache';
/** NODE_ENV=test only: appended to the worker's version, so an e2e test can deploy a new worker to its own browser. */
const TEST_WORKER_VERSION_COOKIE = 'darsi-test-worker-version';
const YEAR_S = 365 * 24 * 60 * 60;
const FORMS = { contact: ZContactMessage, feedback: ZFeedbackSubmission, newsletter: ZNewsletterSignup, unsubscribe: ZNewsletterSignup } as const;
type TFormName = keyof typeof FORMS;

const metaOf =
  (key: string) =>
  (t: TSiteT): TPageMeta => ({ title: t(`meta.${key}.title`), description: t(`meta.${key}.description`) });

/** Where a form posted without JavaScript sends the visitor back to, with its outcome. */
function formAnchor(form: TFormName, path: string) {
  if (form === 'contact') return path === '/contact' ? 'contact-form' : 'contact';
  if (form === 'unsubscribe') return 'unsubscribe';
  return form === 'feedback' ? 'feedback' : 'newsletter';
}

function formResultOf(c: Context<TAppEnv>): TSiteContext['formResult'] {
  const form = c.req.query('form');
  const status = c.req.query('status');
  if (!form || !(form in FORMS) || (status !== 'sent' && status !== 'error')) return undefined;
  return { form, status };
}

/** A rendered page, revalidated by its ETag; it remembers a language chosen in the address. */
function sendHtml(c: Context<TAppEnv>, html: string, status: 200 | 404 = 200) {
  const lng = toLanguage(c.get('language'));
  const explicit = c.req.query('lng');
  // An explicit choice in the address is remembered, as the web app's language detector does.
  if (isLanguage(explicit)) setCookie(c, LANGUAGE_COOKIE, explicit, { path: '/', sameSite: 'Lax', maxAge: YEAR_S });
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  c.header('Cache-Control', REVALIDATE);
  c.header('Vary', 'Cookie, Accept-Language');
  c.header('Content-Language', lng);
  c.header('ETag', etag);
  if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.html(html, status);
}

/** The worker's Workbox routes as the build bundled them (scripts/build-server.mjs), or none before a build. */
function workerRoutes(webDistDir: string) {
  const file = path.join(webDistDir, SITE_WORKER_ROUTES);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** /sitemap.xml, /robots.txt and /service-worker.js: revalidated like every other non-hashed file, as they change with each deployment. */
function mountSiteFiles(app: Hono<TAppEnv>, config: TSiteDeps['config'], origin: string, build: ReturnType<typeof loadSiteBuild>) {
  const routes = workerRoutes(config.webDistDir);
  const worker = serviceWorkerSource(build.version, build.precache, PUBLIC_PATHS, routes);
  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', REVALIDATE);
    // The pages change when a new build is deployed, so that is their last modification.
    return c.body(sitemapXml(origin, PUBLIC_PATHS, build.builtAt.toISOString().slice(0, 10)), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', REVALIDATE);
    return c.text(robotsTxt(origin));
  });
  app.get('/service-worker.js', (c) => {
    // Browsers check for a new worker at least daily whatever the header; no-cache makes every check real.
    c.header('Cache-Control', REVALIDATE);
    c.header('Service-Worker-Allowed', '/');
    // Tests only: a cookie stands for a new deployment in that one browser context (e2e/site/seo.spec.ts).
    const testBump = config.env === 'test' ? getCookie(c, TEST_WORKER_VERSION_COOKIE) : undefined;
    const body = testBump ? serviceWorkerSource(`${build.version}-${testBump}`, build.precache, PUBLIC_PATHS, routes) : worker;
    return c.body(body, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
}

/**
 * Darsi's own public site on the main domain (spec §2.1, §2.2): every page rendered on the server to
 * complete HTML in the visitor's language, plus /sitemap.xml, /robots.txt, /service-worker.js and the
 * no-JavaScript fallback of the three forms. Registered before the web app's SPA fallback, which calls the
 * returned `notFound` for a path that is neither one of these pages nor a screen of the app.
 */
export function mountSite(app: Hono<TAppEnv>, services: TSiteDeps): { notFound: (c: Context<TAppEnv>) => Response | Promise<Response> } {
  const { config } = services;
  const build = loadSiteBuild(config.webDistDir);
  const docs = loadDocs();
  const origin = `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}`;

  const render = (c: Context<TAppEnv>, meta: (t: TSiteT) => TPageMeta, body: () => ReactNode) =>
    renderPage(
      {
        lng: toLanguage(c.get('language')),
        path: c.req.path,
        explicitLanguage: isLanguage(c.req.query('lng')),
        origin,
        build,
        formResult: formResultOf(c),
      },
      meta,
      body,
    );

  /** Spec §2.1 and §8: any other path is a not-found page (404) in the visitor's language, with a link home. */
  const notFound = (c: Context<TAppEnv>) =>
    sendHtml(
      c,
      render(
        c,
        (t) => ({ ...metaOf('notFound')(t), noindex: true }),
        () => createElement(NotFoundPage),
      ),
      404,
    );

  for (const route of SITE_ROUTES) {
    app.get(route.path, (c) => sendHtml(c, render(c, metaOf(route.meta), route.render)));
    if (route.path !== '/') app.get(`${route.path}/`, (c) => c.redirect(route.path, 301));
  }

  app.get('/documentation', (c) => c.redirect(DOCS_HOME, 301));
  app.get('/documentation/*', (c) => {
    const slug = c.req.path.slice('/documentation/'.length).replace(/\/$/, '');
    if (slug === '') return c.redirect(DOCS_HOME, 301);
    const lng = toLanguage(c.get('language'));
    const html = isDocSlug(slug) ? docs.html(lng, slug) : null;
    if (html === null) return notFound(c);
    const meta = (t: TSiteT) => ({ title: t(`docs:pages.${slug}.title`), description: t(`docs:pages.${slug}.description`) });
    return sendHtml(
      c,
      render(c, meta, () => createElement(DocPage, { slug, html })),
    );
  });

  mountSiteFiles(app, config, origin, build);

  app.post(
    '/site-forms/:form',
    sameOriginOnly(config),
    bodyLimit({
      maxSize: 64 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    async (c) => {
      const form = c.req.param('form');
      const back = c.req.query('return') ?? '/';
      const path = PUBLIC_PATHS.includes(back) || back === NEWSLETTER_PATHS.unsubscribe ? back : '/';
      if (!(form in FORMS)) return c.redirect(path, 303);
      const name = form as TFormName;
      const body = (await c.req.parseBody()) as Record<string, unknown>;
      const status = await submitForm(services, name, FORMS[name].safeParse(body), requestContext(c, config));
      const sep = path.includes('?') ? '&' : '?';
      return c.redirect(`${path}${sep}form=${name}&status=${status}#${formAnchor(name, path)}`, 303);
    },
  );
  mountNewsletterPages(app, services, (c, action, state) =>
    sendHtml(
      c,
      render(
        c,
        (t) => ({ ...metaOf(action === 'unsubscribe' ? 'newsletterUnsubscribe' : 'newsletterResubscribe')(t), noindex: true }),
        () => createElement(NewsletterPage, { action, state }),
      ),
    ),
  );
  return { notFound };
}

/**
 * The newsletter's links (docs/decisions/046-newsletter-unsubscribe.md): GET shows what the signed link
 * will do, POST (one click, same origin) does it and comes back to say so.
 */
function mountNewsletterPages(
  app: Hono<TAppEnv>,
  services: TSiteDeps,
  page: (c: Context<TAppEnv>, action: TNewsletterAction, state: TNewsletterState) => Response | Promise<Response>,
) {
  const { config, site } = services;
  const stateOf = (c: Context<TAppEnv>, action: TNewsletterAction): TNewsletterState => {
    if (c.req.query('done') === '1') return { step: 'done' };
    const token = c.req.query('token');
    if (token === undefined) return { step: action === 'unsubscribe' ? 'request' : 'invalid' };
    try {
      return { step: 'confirm', email: site.newsletterAddress(token, action), token };
    } catch {
      return { step: 'invalid' };
    }
  };
  for (const action of ['unsubscribe', 'resubscribe'] as const) {
    const path = NEWSLETTER_PATHS[action];
    app.get(path, (c) => page(c, action, stateOf(c, action)));
    app.post(
      path,
      sameOriginOnly(config),
      bodyLimit({
        maxSize: 8 * 1024,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        },
      }),
      async (c) => {
        const token = (await c.req.parseBody()).token;
        try {
          await (action === 'unsubscribe' ? site.unsubscribe(String(token ?? '')) : site.resubscribe(String(token ?? '')));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return page(c, action, { step: 'invalid' });
        }
        return c.redirect(`${path}?done=1`, 303);
      },
    );
  }
}

async function submitForm(
  services: TSiteDeps,
  form: TFormName,
  parsed: z.ZodSafeParseResult<unknown>,
  from: ReturnType<typeof requestContext>,
): Promise<'sent' | 'error'> {
  if (!parsed.success) return 'error';
  try {
    if (form === 'contact') await services.site.contact(parsed.data as z.infer<typeof ZContactMessage>, from);
    else if (form === 'feedback') await services.site.feedback(parsed.data as z.infer<typeof ZFeedbackSubmission>, from);
    else if (form === 'newsletter') await services.site.subscribe(parsed.data as z.infer<typeof ZNewsletterSignup>, from);
    else await services.site.requestUnsubscribe(parsed.data as z.infer<typeof ZNewsletterSignup>, from);
    return 'sent';
  } catch (error) {
    if (error instanceof AppError) return 'error';
    throw error;
  }
}
