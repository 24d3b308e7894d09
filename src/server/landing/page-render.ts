import { and, eq, sql } from 'drizzle-orm';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import { publishedCourseCards, type TCourseCard } from '@server/courses';
import type { TLandingAssets } from './assets';
import { invalidatedSince, type TCacheState } from './cache-state';
import type { TLandingPageRow } from './page-fields';
import { pageUrl } from './page-urls';
import { renderPage, viewerCsp, type TViewerMode } from './render';
import { Lru, RenderedPage } from './response-cache';
import { MAX_SITES } from './site-records';
import { framingOf, viewerHeaders } from './viewer-headers';
import type { TLanguage } from '@shared/i18n';
import { isTeacherActive } from '@server/core/db/teacher-active';

/** Spec §9 landing page cache: after 5 min a page is re-rendered in the background (course cards). */
export const PAGE_REFRESH_MS = 300_000;

/** One cached rendering of a page: where it is shown, in which language and mode, with which contact notice. */
export type TRenderKey = { pageId: string; lng: TLanguage; host: 'subdomain' | 'main'; mode: TViewerMode; contact?: 'sent' | 'failed' };

type TPageFound = { row: TLandingPageRow; subdomain: string; teacherActive: boolean };

type TDeps = { db: Db; config: Pick<TConfig, 'publicHost' | 'publicHttps'>; assets: TLandingAssets; state: TCacheState };

/** Reads a published page with its teacher, and renders a row (with the teacher's course cards) into a response. */
export function pageRenderer({ db, config, assets, state }: TDeps) {
  /** Course cards per teacher: they change with courses, not with page saves (coursesChanged drops them). */
  const cards = new Lru<{ cards: TCourseCard[]; at: number }>(MAX_SITES);

  /** The read of every cache miss, prepared once: the query is not rebuilt for each visitor. */
  const pageRowQuery = db
    .select({ page: teacherLandingPages, subdomain: teachers.subdomain, isActive: teachers.isActive, status: teachers.status })
    .from(teacherLandingPages)
    .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
    .where(and(eq(teacherLandingPages.id, sql.placeholder('pageId')), eq(teacherLandingPages.isPublished, true)))
    .prepare('landing_page_row');

  /** A published page with its teacher, in one query. */
  async function pageRow(pageId: string): Promise<TPageFound | null> {
    const [found] = await pageRowQuery.execute({ pageId });
    if (!found) return null;
    return { row: found.page, subdomain: found.subdomain, teacherActive: isTeacherActive(found) };
  }

  async function courseCardsOf(teacherId: string, fresh = false): Promise<TCourseCard[]> {
    const hit = state.cacheEnabled && !fresh ? cards.get(teacherId) : undefined;
    if (hit && Date.now() - hit.at < PAGE_REFRESH_MS) return hit.cards;
    const started = state.tick();
    const list = await publishedCourseCards(db, teacherId);
    if (state.cacheEnabled && !invalidatedSince(state, teacherId, started)) cards.set(teacherId, { cards: list, at: Date.now() });
    return list;
  }

  function pageAddress(subdomain: string, row: TLandingPageRow, host: 'subdomain' | 'main') {
    const scheme = config.publicHttps ? 'https' : 'http';
    return host === 'main' ? `${scheme}://${config.publicHost}/landing/${row.id}` : pageUrl(config, subdomain, row);
  }

  /**
   * Renders a stored row into a response. Owner previews of drafts pass `cacheControl: 'no-store'` and are
   * never kept; the no-script contact answers are kept here but not in browsers (no-store) either.
   */
  async function renderRow(
    found: Pick<TPageFound, 'row' | 'subdomain'>,
    key: Omit<TRenderKey, 'pageId'>,
    options: { freshCards?: boolean; cacheControl?: string } = {},
  ) {
    const { row, subdomain } = found;
    const courseCards = await courseCardsOf(row.teacherId, options.freshCards);
    const { html, pixels } = renderPage({
      row,
      lng: key.lng,
      host: key.host,
      mode: key.mode,
      courseCards,
      pageUrl: pageAddress(subdomain, row, key.host),
      platform: subdomain,
      assets,
      contactStatus: key.contact,
    });
    const framing = framingOf(key.mode);
    const cacheControl = options.cacheControl ?? (key.contact ? 'no-store' : 'no-cache');
    return new RenderedPage(html, viewerHeaders(viewerCsp(pixels, framing), framing, cacheControl), row.updatedAt.getTime(), row.teacherId, row.id);
  }

  return { pageRow, renderRow, courseCardsOf, dropCards: (teacherId: string) => cards.delete(teacherId), clearCards: () => cards.clear() };
}

export type TPageRenderer = ReturnType<typeof pageRenderer>;
