import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { languageDetector } from 'hono/language';
import { requestId } from 'hono/request-id';
import { pinoLogger } from 'hono-pino';
import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, toLanguage } from '@shared/i18n';
import { accountsApi } from '@server/accounts';
import { adminRoutes } from '@server/admin';
import { BILLING_RECEIPT_PATH, billingApi } from '@server/billing';
import { authApi } from '@server/auth';
import { certificatesApi, mountCertificates, SIGNATURE_UPLOAD_PREFIX } from '@server/certificates';
import { cardLinkPage, codesApi } from '@server/codes';
import type { TDatabase } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { AppError, handleError } from '@server/core/errors';
import { createMetrics, metricsRoutes } from '@server/core/metrics';
import { localeRoutes } from '@server/core/missing-locales';
import { overloadGuard } from '@server/core/overload';
import { sameOriginOnly } from '@server/core/request-context';
import { securityHeaders, strictTransport } from '@server/core/security';
import { mountWeb } from '@server/core/static';
import { coursesApi, UPLOAD_PATH_PREFIX } from '@server/courses';
import { healthRoutes } from '@server/health';
import { LANDING_API_PREFIX, landingRoutes, mountLanding } from '@server/landing';
import { learningApi } from '@server/learning';
import { liveApi } from '@server/live';
import { paymentsApi, RECEIPT_UPLOAD_PREFIX } from '@server/payments';
import { QUIZ_FIGURE_PREFIX, QUIZ_UPLOAD_PREFIX, quizzesApi } from '@server/quizzes';
import { revenueApi } from '@server/revenue';
import { analyticsApi } from '@server/analytics';
import { messagesApi, MESSAGE_ATTACHMENT_PATH } from '@server/messages';
import { notificationsApi } from '@server/notifications';
import { mountSite, siteRoutes } from '@server/site';
import { staffApi } from '@server/staff';
import { subscriptionsApi } from '@server/subscriptions';
import { videoApi } from '@server/video';
import { VIDEO_UPLOAD_PATH } from '@shared/schemas/video';
import type { TServices } from './services';

export type TAppDeps = { services: TServices; database: TDatabase; logger: Logger };

const API_BODY_LIMIT = 1024 * 1024;

/**
 * Every API route, chained so that the web's typed client sees each one. Each domain mounts its whole API from
 * its own index.ts, once, under a prefix that is its folder's name (/api/<domain>/…, decision 126); inside, the
 * teacher's, student's and admin's sides sit under /teacher, /student and /admin behind their guards.
 */
function createApi({ services: s, database }: TAppDeps) {
  const { guards, config } = s;
  return new Hono<TAppEnv>()
    .route('/health', healthRoutes(database))
    .route('/auth', authApi(s))
    .route('/accounts', accountsApi(s))
    .route('/admin', adminRoutes(s))
    .route('/landing', landingRoutes(s))
    .route('/site', siteRoutes(s))
    .route('/courses', coursesApi(s))
    .route('/codes', codesApi({ codes: s.codes, config, guards }))
    .route('/subscriptions', subscriptionsApi({ subscriptions: s.subscriptions, config, guards }))
    .route('/learning', learningApi({ learning: s.learning, files: s.courses.files, config, guards }))
    .route('/certificates', certificatesApi({ certificates: s.certificates, files: s.courses.files, guards }))
    .route('/video', videoApi({ video: s.video, config, guards }))
    .route('/live', liveApi({ live: s.live, config, guards }))
    .route('/payments', paymentsApi({ payments: s.payments, transfers: s.transfers, config, guards }))
    .route('/revenue', revenueApi({ revenue: s.revenue, config, guards }))
    .route('/billing', billingApi({ billing: s.billing, config, guards }))
    .route('/notifications', notificationsApi(s))
    .route('/messages', messagesApi(s))
    .route('/quizzes', quizzesApi({ quizzes: s.quizzes, config, guards }))
    .route('/staff', staffApi({ staff: s.staff, config, guards }))
    .route('/analytics', analyticsApi({ analytics: s.analytics, config, guards }));
}

export type AppType = ReturnType<typeof createApi>;

function usableUrl(href: string): boolean {
  if (!URL.canParse(href)) return false;
  const url = new URL(href);
  return url.username === '' && url.password === '';
}

export function createApp(deps: TAppDeps) {
  const { config } = deps.services;
  const app = new Hono<TAppEnv>();
  // @hono/node-server lets some malformed Host headers through (a "0901" looks like a name but is an invalid
  // IPv4 address; "a@b" makes a URL with credentials, which fetch's Request refuses), and the request then
  // fails when its body or URL is first read: refuse them up front.
  app.use(async (c, next) => {
    if (!usableUrl(c.req.url)) throw new AppError('BAD_REQUEST');
    await next();
  });
  const metrics = createMetrics({ database: deps.database, jobs: deps.services.jobs });
  app.use(metrics.timing);
  app.use(requestId());
  app.use(
    pinoLogger({
      pino: deps.logger,
      // Headers carry cookies: log only what identifies the request.
      http: {
        onReqBindings: (c) => ({ req: { method: c.req.method, url: c.req.path } }),
        onResBindings: (c) => ({ res: { status: c.res.status } }),
        onResLevel: (c) => (c.res.status >= 500 ? 'error' : c.res.status >= 400 ? 'warn' : 'info'),
      },
    }),
  );
  app.use(
    languageDetector({
      order: ['querystring', 'cookie', 'header'],
      lookupQueryString: 'lng',
      lookupCookie: LANGUAGE_COOKIE,
      caches: false,
      supportedLanguages: [...LANGUAGES],
      fallbackLanguage: DEFAULT_LANGUAGE,
    }),
  );
  // An explicit ?lng is a choice: an unknown code there means Arabic, not the next detector's guess (the
  // web app's detector does the same, src/web/i18n/index.ts).
  app.use(async (c, next) => {
    const explicit = c.req.query('lng');
    if (explicit) c.set('language', toLanguage(explicit));
    await next();
  });
  app.use(securityHeaders);
  app.use(strictTransport(config));
  // Live session join pages also allow the meeting service (decision 070); set inside, kept by securityHeaders.
  app.use(deps.services.live.joinPagePolicy);
  app.use(compress());
  app.onError(handleError);
  app.use('/api/*', overloadGuard(config.overload, metrics.registry));

  app.use('/api/*', sameOriginOnly(config));
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // Lesson videos and files stream to disk under their own size limits (courses/files.ts).
  // Landing pages (2 MB) and their images (10 MB) have their own limits too (landing/routes.ts).
  // Lesson videos come through tus, which streams to disk under VIDEO_MAX_BYTES (video/tus.ts).
  // Certificate signatures stream to disk under the covers' limit (certificates/routes.ts).
  // Handwritten answers (photos, PDFs) are read under their own 10 MB limit, quiz figures under 5 MB (quizzes/routes.ts).
  const ownPrefixes = [
    UPLOAD_PATH_PREFIX,
    SIGNATURE_UPLOAD_PREFIX,
    LANDING_API_PREFIX,
    VIDEO_UPLOAD_PATH,
    RECEIPT_UPLOAD_PREFIX,
    QUIZ_UPLOAD_PREFIX,
    QUIZ_FIGURE_PREFIX,
  ];
  const ownLimits = (path: string) =>
    ownPrefixes.some((prefix) => path.startsWith(prefix)) || BILLING_RECEIPT_PATH.test(path) || MESSAGE_ATTACHMENT_PATH.test(path);
  app.use('/api/*', (c, next) => (ownLimits(c.req.path) ? next() : apiBodyLimit(c, next)));
  app.route('/api', createApi(deps));
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });
  if (config.saveMissingTranslations) app.route('/locales', localeRoutes(config));
  app.route('/', metricsRoutes(metrics, config.metricsToken));
  mountCertificates(app, deps.services.certificates);
  mountLanding(app, deps.services);
  const site = mountSite(app, deps.services);
  cardLinkPage(app);
  mountWeb(app, config, site.notFound);
  return app;
}
