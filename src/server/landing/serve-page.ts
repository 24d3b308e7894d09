import type { Context } from 'hono';
import { activeTeacherIdOfUser } from '@server/accounts';
import { loadViewer } from '@server/auth';
import type { TAppEnv } from '@server/core/env';
import type { TLandingAppDeps } from './deps';
import { contactOf, lngOf, modeOf, sendRendered, type TErrorScreen } from './viewer-http';

type THost = 'subdomain' | 'main';

/** Serves one landing page: the owner's preview, or the published page from the render cache. */
export function pageServer({ db, auth, landing }: Pick<TLandingAppDeps, 'db' | 'auth' | 'landing'>, errorScreen: TErrorScreen) {
  const { site } = landing;

  /**
   * The editor's preview for the page's owner: the saved page, published or not, rendered afresh and never
   * cached. Null for anyone else (no session cookie: not even a lookup), who gets the published page.
   */
  async function ownerPreview(c: Context<TAppEnv>, pageId: string, host: THost, hostTeacherId?: string): Promise<Response | null> {
    if (!c.req.header('cookie')) return null;
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) return null;
    const ownerId = await activeTeacherIdOfUser(db, viewer.userId);
    if (!ownerId || (hostTeacherId !== undefined && ownerId !== hostTeacherId)) return null;
    const found = await landing.pages.ownRowForPreview(pageId, ownerId);
    if (!found) return null;
    return sendRendered(c, await site.renderRow(found, { lng: lngOf(c), host, mode: 'preview' }, { cacheControl: 'no-store' }));
  }

  /**
   * A published page from the render cache, in the request's mode, language and contact notice. On a
   * teacher's host `hostTeacher` is that host's teacher: pages of other teachers are not found there.
   */
  return async function servePage(c: Context<TAppEnv>, pageId: string, host: THost, hostTeacher?: { teacherId: string; version?: number }) {
    const mode = modeOf(c);
    if (mode === 'preview') {
      const own = await ownerPreview(c, pageId, host, hostTeacher?.teacherId);
      if (own) return own;
    }
    const page = await site.publishedPage(
      { pageId, lng: lngOf(c), host, mode, contact: contactOf(c) },
      { version: hostTeacher?.version, teacherId: hostTeacher?.teacherId },
    );
    if (!page) return errorScreen(c, 'notFound', 404);
    return sendRendered(c, page);
  };
}

export type TServePage = ReturnType<typeof pageServer>;
