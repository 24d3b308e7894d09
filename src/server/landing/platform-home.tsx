import { and, asc, desc, eq } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import { directionOf, type TLanguage } from '@shared/i18n';
import { isSafeImageUrl } from '@shared/landing-url';
import { toLandingView, type TLandingCourseCard } from '@shared/landing-view';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages } from '@server/core/db/schema';
import { PlatformHomeDocument, type TPlatformHome } from '@views/landing/platform-home';
import type { TLandingAssets } from './assets';
import { landingT } from './i18n';
import { rowFields } from './render';
import type { TLandingSiteService, TSiteRecord } from './site-cache';

/** A short bio: the platform home shows who teaches, the landing page tells the whole story. */
const BIO_MAX = 280;

type THost = 'subdomain' | 'main';
export type TPlatformQuery = { q: string; kind: string };

/**
 * The teacher's look on their platform, as on their sign-in screens (decision 057): the published main page's
 * (or first published page's) about-me photo (else its logo), bio and colours. Drafts are never shown.
 */
export async function brandingOf(db: Db, teacherId: string, bioMax = BIO_MAX) {
  const [row] = await db
    .select()
    .from(teacherLandingPages)
    .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true)))
    .orderBy(desc(teacherLandingPages.isMain), asc(teacherLandingPages.createdAt))
    .limit(1);
  if (!row) return null;
  const view = toLandingView(rowFields(row));
  const bio = (view.aboutMe.bio ?? '').trim();
  const photo = view.aboutMe.profile_image ?? view.logoUrl;
  return {
    bio: bio.length > bioMax ? `${bio.slice(0, bioMax - 1).trimEnd()}…` : bio,
    photoUrl: photo && isSafeImageUrl(photo) ? photo : null,
    theme: view.theme,
  };
}

/** Search (title and description, any case) and the kind filter, applied to the published cards. */
function filtered(cards: TLandingCourseCard[], query: TPlatformQuery): TLandingCourseCard[] {
  const q = query.q.trim().toLocaleLowerCase();
  return cards.filter((card) => (!query.kind || card.kind === query.kind) && (!q || `${card.title}\n${card.description}`.toLocaleLowerCase().includes(q)));
}

type TDeps = { db: Db; config: Pick<TConfig, 'publicHost' | 'publicHttps'>; site: TLandingSiteService; assets: TLandingAssets };

/** Renders a teacher's platform home (issue 15) as a full HTML document. */
export async function renderPlatformHome(
  { db, config, site, assets }: TDeps,
  record: TSiteRecord,
  name: string,
  options: { lng: TLanguage; host: THost; query: TPlatformQuery },
) {
  const { lng, host, query } = options;
  const [branding, cards] = await Promise.all([brandingOf(db, record.teacherId), site.courseCards(record.teacherId)]);
  const base = host === 'subdomain' ? '' : `/platform/${encodeURIComponent(record.subdomain)}`;
  const scheme = config.publicHttps ? 'https' : 'http';
  const home: TPlatformHome = {
    name,
    bio: branding?.bio ?? '',
    photoUrl: branding?.photoUrl ?? null,
    theme: branding?.theme ?? toLandingView({}).theme,
    landingHref: record.mainPageId ? (host === 'subdomain' ? '/' : `/landing/${record.mainPageId}`) : null,
    loginHref: `${base}/login`,
    registerHref: `${base}/register`,
    courseBase: base,
    teachHref: `${base}/teach`,
    total: cards.length,
    cards: filtered(cards, query),
    query,
    url: host === 'subdomain' ? `${scheme}://${record.subdomain}.${config.publicHost}/` : `${scheme}://${config.publicHost}${base}`,
  };
  const html = renderToString(<PlatformHomeDocument home={home} lng={lng} dir={directionOf(lng)} t={landingT(lng)} assets={{ script: assets.script }} />);
  return `<!doctype html>${html}`;
}
