import type { Logger } from 'pino';
import { resolveAuthSecret } from '@server/auth';
import type { TCacheBus } from '@server/core/cache-bus';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { loadLandingAssets } from './assets';
import { landingImagesService } from './images';
import { landingPagesService } from './pages-service';
import { landingPublicService } from './public';
import { landingSiteService, type TLandingSiteService } from './site-cache';

/** The landing domain: the teacher's pages, their public viewer (with its caches), views, contact, images. */
export function landingService({ config, db, logger, bus }: { config: TConfig; db: Db; logger: Logger; bus: TCacheBus }) {
  const assets = loadLandingAssets(config.webDistDir);
  const holder: { site?: TLandingSiteService } = {};
  const pages = landingPagesService({
    db,
    config,
    onChange: (teacherId, subdomain, pageId) => holder.site?.invalidateHere(teacherId, subdomain, pageId),
    announce: async (tx, teacherId, subdomain, pageId) => holder.site?.announce(tx, teacherId, subdomain, pageId),
  });
  holder.site = landingSiteService({ db, config, logger, assets, pages, bus });
  return {
    assets,
    pages,
    site: holder.site,
    /**
     * For the courses domain: call after a teacher's course is published, changed or withdrawn, or its plans
     * change. The course cards on that teacher's landing pages are read again and the pages re-rendered.
     */
    coursesChanged: (teacherId: string) => holder.site?.coursesChanged(teacherId),
    public: landingPublicService({ db, secret: resolveAuthSecret(config) }),
    images: landingImagesService({ db, dataDir: config.dataDir }),
  };
}

export type TLandingService = ReturnType<typeof landingService>;

export { landingRoutes, LANDING_API_PREFIX } from './routes';
export { mountLanding } from './mount';
export { withLandingFastPath } from './fast-path';
export { starterContent } from './starter';
