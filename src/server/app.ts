import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { languageDetector } from 'hono/language';
import { requestId } from 'hono/request-id';
import { pinoLogger } from 'hono-pino';
import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, toLanguage } from '@shared/i18n';
import { accountRoutes, studentRoutes, teacherRoutes } from '@server/accounts';
import { adminRoutes } from '@server/admin';
import { BILLING_RECEIPT_PATH, billingAdminRoutes, billingTeacherRoutes, billingWebhookRoutes } from '@server/billing';
import { assertSafeVerifyLink } from '@server/auth';
import { certificateStudentRoutes, certificateTeacherRoutes, mountCertificates } from '@server/certificates';
import { cardLinkPage, codeStudentRoutes, codeTeacherRoutes } from '@server/codes';
import type { TDatabase } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { AppError, handleError } from '@server/core/errors';
import { createMetrics, metricsRoutes } from '@server/core/metrics';
import { localeRoutes } from '@server/core/missing-locales';
import { overloadGuard } from '@server/core/overload';
import { sameOriginOnly, withClientIp } from '@server/core/request-context';
import { securityHeaders, strictTransport } from '@server/core/security';
import { mountWeb } from '@server/core/static';
import { courseCoverRoutes, courseTeacherRoutes, UPLOAD_PATH_PREFIX } from '@server/courses';
import { healthRoutes } from '@server/health';
import { LANDING_API_PREFIX, landingRoutes, mountLanding } from '@server/landing';
import { learningStudentRoutes } from '@server/learning';
import { liveStudentRoutes, liveTeacherRoutes } from '@server/live';
import { paymentRoutes, RECEIPT_UPLOAD_PREFIX, transferStudentRoutes, transferTeacherRoutes } from '@server/payments';
import { revenueStudentRoutes, revenueTeacherRoutes } from '@server/revenue';
import { mountSite, siteRoutes } from '@server/site';
import { subscriptionTeacherRoutes } from '@server/subscriptions';
import { videoRoutes } from '@server/video';
import { VIDEO_UPLOAD_PATH } from '@shared/schemas/video';
import type { TServices } from './services';

export type TAppDeps = { services: TServices; database: TDatabase; logger: Logger };

const API_BODY_LIMIT = 1024 * 1024;

/**
 * /api/courses: the routes of five domains under one teacher guard and one student guard. Each domain's
 * routes are typed with the guard's variables (TTeacherEnv, TStudentEnv) and mounted here behind it.
 */
function coursesApi(services: TServices) {
  const { guards, config } = services;
  const teacher = new Hono<TAppEnv>()
    .use(guards.requireTeacher)
    .route('/', courseTeacherRoutes(services.courses))
    .route('/', codeTeacherRoutes({ codes: services.codes, config }))
    .route('/', subscriptionTeacherRoutes({ subscriptions: services.subscriptions, config }))
    .route('/', certificateTeacherRoutes({ certificates: services.certificates, files: services.courses.files }));
  const student = new Hono<TAppEnv>()
    .use(guards.requireStudent)
    .route('/', learningStudentRoutes({ learning: services.learning, files: services.courses.files, config }))
    .route('/', codeStudentRoutes({ codes: services.codes, config }))
    .route('/', certificateStudentRoutes(services.certificates));
  return new Hono<TAppEnv>().route('/', courseCoverRoutes(services)).route('/teacher', teacher).route('/student', student);
}

/** /api/live: live sessions (issue 14), behind the same guards. */
function liveApi(services: TServices) {
  const { guards, config, live } = services;
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', liveTeacherRoutes({ live, config }));
  const student = new Hono<TAppEnv>().use(guards.requireStudent).route('/', liveStudentRoutes({ live, config }));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}

/** /api/payments: transfers and their receipts (issue 13), behind the same guards. */
function transfersApi(services: TServices) {
  const { guards, config, transfers } = services;
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', transferTeacherRoutes({ transfers, config }));
  const student = new Hono<TAppEnv>().use(guards.requireStudent).route('/', transferStudentRoutes({ transfers, config }));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}

/** /api/revenue: the ledger read back (issue 13), behind the same guards. */
function revenueApi(services: TServices) {
  const { guards, config, revenue } = services;
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', revenueTeacherRoutes({ revenue, config }));
  const student = new Hono<TAppEnv>().use(guards.requireStudent).route('/', revenueStudentRoutes(revenue));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}

/** /api/billing: Darsi's own plans (issue 13): the teacher's side, the admins' side, Chargily's webhook. */
function billingApi(services: TServices) {
  const { guards, config, billing } = services;
  const teacher = new Hono<TAppEnv>().use(guards.requireTeacher).route('/', billingTeacherRoutes({ billing, config }));
  const admin = new Hono<TAppEnv>().use(guards.requireAdmin).route('/', billingAdminRoutes({ billing, config }));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/admin', admin).route('/', billingWebhookRoutes({ billing }));
}

/** Every API route, chained so that the web's typed client sees each one. */
function createApi({ services, database }: TAppDeps) {
  return new Hono<TAppEnv>()
    .route('/health', healthRoutes(database))
    .route('/account', accountRoutes(services))
    .route('/admin', adminRoutes(services))
    .route('/teacher', teacherRoutes(services))
    .route('/student', studentRoutes(services))
    .route('/landing', landingRoutes(services))
    .route('/courses', coursesApi(services))
    .route('/live', liveApi(services))
    .route('/payments', transfersApi(services))
    .route('/revenue', revenueApi(services))
    .route('/billing', billingApi(services))
    .route('/site', siteRoutes(services))
    .route('/video', videoRoutes({ video: services.video, guards: services.guards, config: services.config }))
    .route('/payments', paymentRoutes({ payments: services.payments, guards: services.guards, config: services.config }))
    // The one Better Auth endpoint served as is: the link in verification and e-mail-change messages.
    .get('/auth/verify-email', (c) => {
      assertSafeVerifyLink(c.req.url);
      return services.auth.handler(withClientIp(c, services.config));
    });
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
  const ownLimits = (path: string) =>
    path.startsWith(UPLOAD_PATH_PREFIX) || path.startsWith(LANDING_API_PREFIX) || path.startsWith(VIDEO_UPLOAD_PATH) || path.startsWith(RECEIPT_UPLOAD_PREFIX) || BILLING_RECEIPT_PATH.test(path);
  app.use('/api/*', (c, next) => (ownLimits(c.req.path) ? next() : apiBodyLimit(c, next)));
  // Outside the typed client: the tus client and the video players call these by URL.
  app.route(VIDEO_UPLOAD_PATH, deps.services.video.uploadRoutes());
  app.route('/api/video/play', deps.services.video.playRoutes());
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
