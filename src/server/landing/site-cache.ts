import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE } from '@shared/i18n';
import type { TCacheBus } from '@server/core/cache-bus';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import type { TLandingAssets } from './assets';
import { pageFiles } from './page-files';
import { cacheState } from './cache-state';
import { pageRenderer, type TRenderKey } from './page-render';
import type { TLandingPagesService } from './pages-service';
import { renderCache } from './render-cache';
import { siteRecords } from './site-records';

export type { TSiteRecord } from './site-records';

/** At most this many copies are rendered ahead after a save (the ones visitors were being served). */
const MAX_WARM = 8;
/** Cache-bus topics (decision 076): a teacher's pages changed (key: teacher|subdomain|page), or their courses (key: teacher). */
const PAGES_TOPIC = 'landing.pages';
const COURSES_TOPIC = 'landing.courses';

type TDeps = {
  db: Db;
  config: Pick<TConfig, 'publicHost' | 'publicHttps' | 'landingFilesDir'>;
  logger: Logger;
  assets: TLandingAssets;
  pages: TLandingPagesService;
  bus: TCacheBus;
};

type TWarmDeps = {
  state: ReturnType<typeof cacheState>;
  records: ReturnType<typeof siteRecords>;
  rendered: ReturnType<typeof renderCache>;
  logger: Logger;
};

/**
 * After a save: the copies visitors were being served are rendered again at once, one after another in
 * the background, so the next visitor rarely meets a cache miss.
 */
function warmer({ state, records, rendered, logger }: TWarmDeps) {
  const warming = new Map<string, Promise<void>>();
  return function warm(teacherId: string, keys: TRenderKey[], subdomain?: string) {
    if (!state.cacheEnabled || !state.pageCacheEnabled || (keys.length === 0 && !subdomain)) return;
    const previous = warming.get(teacherId) ?? Promise.resolve();
    const job = previous
      .then(async () => {
        // The subdomain record first: with it and the page cached, the next visit takes the fast path.
        if (subdomain && !records.has(subdomain)) await records.site(subdomain);
        for (const key of keys.slice(0, MAX_WARM)) await rendered.ensure(key);
      })
      .catch((error: unknown) => logger.warn({ err: error, teacherId }, 'landing page warm-up failed'))
      .finally(() => {
        if (warming.get(teacherId) === job) warming.delete(teacherId);
      });
    warming.set(teacherId, job);
  };
}

/**
 * The public viewer's caches: subdomain records (site-records.ts), rendered pages (render-cache.ts) and
 * course cards (page-render.ts), invalidated together after a save or a change of courses.
 */
export function landingSiteService({ db, config, logger, assets, pages, bus }: TDeps) {
  const state = cacheState();
  // Pages nginx serves as files (decision 220); without LANDING_FILES_DIR nothing is written.
  const files = pageFiles({ dir: config.landingFilesDir, publicHost: config.publicHost, logger });
  files.clear();
  const records = siteRecords({ db, logger, pages, state, onChanged: files.forget, served: files.serves });
  const renderer = pageRenderer({ db, config, assets, state });
  const rendered = renderCache({ renderer, logger, state });
  const warm = warmer({ state, records, rendered, logger });

  /** This instance drops the teacher's record and pages at once, then renders again the copies it was serving. */
  function invalidateHere(teacherId: string, subdomain: string, pageId?: string) {
    const name = subdomain.toLowerCase();
    // First of all, so that nginx stops serving them: the files are what a visitor could still get.
    files.forget(name);
    // A read of this record already under way (a visitor's, or the warm-up of an earlier save) holds the old pages.
    const hadRecord = records.forget(name);
    const keys = rendered.drop(teacherId);
    if (pageId && !keys.some((k) => k.pageId === pageId)) keys.unshift({ pageId, lng: DEFAULT_LANGUAGE, host: 'subdomain', mode: 'live' });
    warm(teacherId, keys, hadRecord || pageId ? name : undefined);
  }

  function coursesChangedHere(teacherId: string) {
    // Cards are not a matter of access (a suspension comes with its subdomain): the files may go a moment later.
    if (files.enabled())
      void records
        .subdomainOf(teacherId)
        .then((subdomain) => subdomain && files.forget(subdomain))
        .catch((err: unknown) => logger.warn({ err, teacherId }, 'landing page files not removed'));
    renderer.dropCards(teacherId);
    warm(teacherId, rendered.drop(teacherId));
  }

  /** Everything this instance caches, dropped: reads already under way are not kept either. */
  function flush() {
    state.flushedAt = state.tick();
    files.clear();
    records.clear();
    renderer.clearCards();
    rendered.clear();
  }

  const pagesKey = (teacherId: string, subdomain: string, pageId?: string) => `${teacherId}|${subdomain}|${pageId ?? ''}`;
  /** Written after the commit (the caller has no transaction): a failure leaves the others stale until revalidation. */
  const announceLater = (topic: string, key: string) =>
    void bus.publish(topic, key).catch((err: unknown) => logger.warn({ err, topic }, 'cache invalidation not sent'));

  bus.subscribe(PAGES_TOPIC, (key) => {
    const [teacherId = '', subdomain = '', pageId = ''] = key.split('|');
    invalidateHere(teacherId, subdomain, pageId || undefined);
  });
  bus.subscribe(COURSES_TOPIC, coursesChangedHere);
  bus.onFlush(flush);

  return {
    site: records.site,
    cachedSite: records.cachedSite,
    publishedPage: rendered.publishedPage,
    cachedPage: rendered.cachedPage,
    /** The fast path, after answering a page from the cache: nginx may serve the same bytes from now on. */
    keepFile: files.keep,
    /** How many pages this process has rendered (benchmarks). */
    renders: rendered.renders,
    pageRow: renderer.pageRow,
    renderRow: renderer.renderRow,
    /** Published course cards of a teacher, cached like the ones on their pages. */
    courseCards: (teacherId: string) => renderer.courseCardsOf(teacherId),

    /** After a save, publish or delete, or a teacher's suspension: this instance at once, the others through the bus. */
    invalidate(teacherId: string, subdomain: string, pageId?: string) {
      invalidateHere(teacherId, subdomain, pageId);
      announceLater(PAGES_TOPIC, pagesKey(teacherId, subdomain, pageId));
    },
    /** The page use cases: the others are told inside the write's transaction, this instance after its commit. */
    invalidateHere,
    announce: (tx: Db, teacherId: string, subdomain: string, pageId?: string) => bus.publish(PAGES_TOPIC, pagesKey(teacherId, subdomain, pageId), tx),

    /**
     * For the courses domain: a course of this teacher was published, changed or withdrawn, or its plans
     * changed. The course cards on the teacher's pages are read again and the pages rendered again, on every instance.
     */
    coursesChanged(teacherId: string) {
      coursesChangedHere(teacherId);
      announceLater(COURSES_TOPIC, teacherId);
    },

    /** Drops one subdomain's record (the debug 404's "reload data" button). */
    forgetSite(subdomain: string) {
      records.forget(subdomain);
    },

    /** `pages`: only the rendered pages (the site record stays cached), as after a teacher's save. */
    setCacheEnabled(enabled: boolean, scope: 'all' | 'pages' = 'all') {
      if (scope === 'all') state.cacheEnabled = enabled;
      state.pageCacheEnabled = enabled;
      if (enabled) return;
      if (scope === 'all') {
        records.clear();
        renderer.clearCards();
      }
      rendered.clear();
    },
  };
}

export type TLandingSiteService = ReturnType<typeof landingSiteService>;
