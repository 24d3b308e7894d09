import type { Context, Hono, Next } from 'hono';
import { isLanguage, LANGUAGE_COOKIE } from '@shared/i18n';
import { subdomainFromHost } from '@shared/subdomain';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { fileResponse, publicPreview } from '@server/courses';
import type { TLandingAppDeps } from './deps';
import { renderCoursePage, renderLessonPreview, renderTeachPage, renderUnavailable, type TPlatformPagesDeps, type TWhere } from './platform-pages';
import type { TSiteRecord } from './site-cache';
import { lngOf, sendHtml } from './viewer-http';

/*
 * Routes of the teacher's platform pages (issue 15): /platform/{subdomain}/teach|courses/… on any host, and
 * /teach and /courses/… on the teacher's own host. An unknown platform goes to /404 and a teacher who is not
 * active to /inactive, like the platform home (decision 062).
 */

const SUBDOMAIN = /^[a-z0-9-]{1,63}$/;
const YEAR_S = 365 * 24 * 60 * 60;

/** An explicit ?lng is remembered, as on Darsi's site and in the web app: the next page keeps the language. */
function remembered(c: Context<TAppEnv>, res: Response): Response {
  const explicit = c.req.query('lng');
  if (isLanguage(explicit)) res.headers.append('set-cookie', `${LANGUAGE_COOKIE}=${explicit}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`);
  res.headers.set('vary', 'Cookie, Accept-Language');
  return res;
}
type TPage = (c: Context<TAppEnv>, record: TSiteRecord, where: TWhere) => Promise<Response>;

/** A course that is not offered here (or a lesson that is not a preview) is a page, never a bare error. */
function pageHandlers(deps: TPlatformPagesDeps, files: TLandingAppDeps['courses']['files']) {
  const unavailable = async (c: Context<TAppEnv>, record: TSiteRecord, where: TWhere, error: unknown, status: 403 | 404) => {
    if (!(error instanceof AppError)) throw error;
    return remembered(c, sendHtml(c, await renderUnavailable(deps, record, where), status, 'none', 'no-store'));
  };
  const guarded =
    (render: (c: Context<TAppEnv>, record: TSiteRecord, where: TWhere) => Promise<string>): TPage =>
    async (c, record, where) => {
      try {
        return remembered(c, sendHtml(c, await render(c, record, where), 200, 'none', 'no-cache'));
      } catch (error) {
        const code = error instanceof AppError ? error.code : null;
        return unavailable(c, record, where, error, code === 'LESSON_NOT_PREVIEW' ? 403 : 404);
      }
    };
  return {
    teach: guarded((_c, record, where) => renderTeachPage(deps, record, where)),
    course: guarded((c, record, where) => renderCoursePage(deps, record, c.req.param('courseId') ?? '', where)),
    preview: guarded((c, record, where) => renderLessonPreview(deps, record, c.req.param('courseId') ?? '', c.req.param('lessonId') ?? '', where)),
    /** A free preview's file (PDF, document…); never a video, which waits for protected playback. */
    file: (async (c, record, where) => {
      try {
        const { lesson } = await publicPreview(deps.db, record.teacherId, c.req.param('courseId') ?? '', c.req.param('lessonId') ?? '');
        if (!lesson.file || lesson.type === 'video' || lesson.file.type.startsWith('video/')) throw new AppError('NOT_FOUND');
        const res = await fileResponse(files, lesson.file, c.req.header('range'));
        res.headers.set('cache-control', 'private, no-cache');
        return res;
      } catch (error) {
        return unavailable(c, record, where, error, error instanceof AppError && error.code === 'LESSON_NOT_PREVIEW' ? 403 : 404);
      }
    }) satisfies TPage,
  };
}

export function mountPlatformPages(app: Hono<TAppEnv>, { config, db, landing, courses }: Pick<TLandingAppDeps, 'config' | 'db' | 'landing' | 'courses'>) {
  const deps: TPlatformPagesDeps = { db, config, site: landing.site, assets: landing.assets };
  const pages = pageHandlers(deps, courses.files);
  const devHosts = config.env !== 'production';

  /** /platform/{subdomain}/…: any host. */
  const onPlatform = (page: TPage) => async (c: Context<TAppEnv>) => {
    const name = (c.req.param('subdomain') ?? '').toLowerCase();
    const record = SUBDOMAIN.test(name) ? await landing.site.site(name) : null;
    if (!record) return c.redirect('/404', 302);
    if (!record.isActive) return c.redirect('/inactive', 302);
    return page(c, record, { lng: lngOf(c), host: 'main' });
  };
  /** /teach and /courses/…: the teacher's own host only; the main domain goes on to its own 404. */
  const onHost = (page: TPage) => async (c: Context<TAppEnv>, next: Next) => {
    const subdomain = subdomainFromHost(c.req.header('host'), { rootDomain: config.publicHost, allowDevHosts: devHosts });
    if (!subdomain) return next();
    const record = await landing.site.site(subdomain);
    if (!record) return c.redirect('/404', 302);
    if (!record.isActive) return c.redirect('/inactive', 302);
    return page(c, record, { lng: lngOf(c), host: 'subdomain' });
  };

  const routes: Array<[string, TPage]> = [
    ['/teach', pages.teach],
    ['/courses/:courseId', pages.course],
    ['/courses/:courseId/lessons/:lessonId', pages.preview],
    ['/courses/:courseId/lessons/:lessonId/file', pages.file],
  ];
  for (const [path, page] of routes) {
    app.get(`/platform/:subdomain${path}`, onPlatform(page));
    app.get(path, onHost(page));
  }
}
