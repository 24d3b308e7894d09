import { eq } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import { directionOf, type TLanguage } from '@shared/i18n';
import { toLandingView } from '@shared/landing-view';
import { platformProfile } from '@server/accounts';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { teacherPaymentSettings } from '@server/core/db/schema';
import { publicCourse, publicPreview } from '@server/courses';
import { CoursePageDocument, type TCoursePage } from '@views/landing/course-page';
import { LessonPreviewDocument } from '@views/landing/lesson-preview';
import { PlatformShell, UnavailableBody, type TPlatformFrame } from '@views/landing/platform-frame';
import { TeachPageDocument } from '@views/landing/teach-page';
import type { TLandingAssets } from './assets';
import { landingT, platformT } from './i18n';
import { brandingOf } from './platform-home';
import type { TLandingSiteService, TSiteRecord } from './site-cache';

/*
 * The teacher's platform beyond its home (issue 15): the teach page (decision 067), public course pages and
 * free previews (decision 068). Server-rendered with the landing views, like the platform home (decision 062).
 */

export type TPlatformPagesDeps = { db: Db; config: Pick<TConfig, 'publicHost' | 'publicHttps'>; site: TLandingSiteService; assets: TLandingAssets };
export type TWhere = { lng: TLanguage; host: 'subdomain' | 'main' };

const DESCRIPTION_MAX = 200;

/** The teacher's host is the one address of their platform's pages (canonical, Open Graph, sitemap). */
export function platformOrigin(config: TPlatformPagesDeps['config'], subdomain: string) {
  return `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;
}

const short = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : flat;
};

async function frameOf(deps: TPlatformPagesDeps, record: TSiteRecord, host: TWhere['host']) {
  const [branding, profile] = await Promise.all([brandingOf(deps.db, record.teacherId), platformProfile(deps.db, record.subdomain)]);
  const base = host === 'subdomain' ? '' : `/platform/${encodeURIComponent(record.subdomain)}`;
  const frame: TPlatformFrame = {
    name: profile.name,
    photoUrl: branding?.photoUrl ?? null,
    theme: branding?.theme ?? toLandingView({}).theme,
    homeHref: host === 'subdomain' ? (record.mainPageId ? `/platform/${encodeURIComponent(record.subdomain)}` : '/') : base,
    teachHref: `${base}/teach`,
    loginHref: `${base}/login`,
    registerHref: `${base}/register`,
    landingHref: record.mainPageId ? (host === 'subdomain' ? '/' : `/landing/${record.mainPageId}`) : null,
    contact: profile.contact,
  };
  return { frame, base };
}

const html = (element: React.ReactElement) => `<!doctype html>${renderToString(element)}`;

export async function renderTeachPage(deps: TPlatformPagesDeps, record: TSiteRecord, { lng, host }: TWhere) {
  const [{ frame, base }, cards, about] = await Promise.all([
    frameOf(deps, record, host),
    deps.site.courseCards(record.teacherId),
    fullBio(deps.db, record.teacherId),
  ]);
  const page = {
    frame,
    bio: about,
    courses: cards.map((c) => ({ title: c.title, kind: c.kind, lessonCount: c.lessonCount, href: `${base}/courses/${c.id}` })),
    url: `${platformOrigin(deps.config, record.subdomain)}/teach`,
  };
  return html(
    <TeachPageDocument page={page} lng={lng} dir={directionOf(lng)} texts={{ t: platformT(lng), lt: landingT(lng) }} assets={{ script: deps.assets.script }} />,
  );
}

/** brandingOf cuts the bio for the home; the teach page shows it whole. */
async function fullBio(db: Db, teacherId: string) {
  const branding = await brandingOf(db, teacherId, Number.MAX_SAFE_INTEGER);
  return branding?.bio ?? '';
}

/** Whether the teacher turned card payments on (saving requires the key of the chosen mode: payments/card-settings.ts). */
async function takesCardPayments(db: Db, teacherId: string) {
  const [row] = await db.select({ on: teacherPaymentSettings.cardEnabled }).from(teacherPaymentSettings).where(eq(teacherPaymentSettings.teacherId, teacherId));
  return row?.on ?? false;
}

export async function renderCoursePage(deps: TPlatformPagesDeps, record: TSiteRecord, courseId: string, { lng, host }: TWhere) {
  const data = await publicCourse(deps.db, record.teacherId, courseId);
  const { frame, base } = await frameOf(deps, record, host);
  const origin = platformOrigin(deps.config, record.subdomain);
  const coursePath = `${base}/courses/${data.course.id}`;
  const studentCourse = `${base}/student/dashboard/courses/${data.course.id}`;
  const back = `?redirectTo=${encodeURIComponent(studentCourse)}`;
  const card = await takesCardPayments(deps.db, record.teacherId);
  const lessons = data.sections.flatMap((s) => s.lessons);
  const free = data.plans.some((p) => p.type === 'free');
  const paid = data.plans.filter((p) => p.type !== 'free').map((p) => p.priceDzd);
  const page: TCoursePage = {
    frame,
    course: {
      ...data.course,
      lessonCount: lessons.length,
      previewCount: lessons.filter((l) => l.freePreview).length,
      videoSeconds: Math.round(lessons.reduce((sum, l) => sum + (l.durationSec ?? 0), 0)),
    },
    plans: data.plans,
    sections: data.sections.map((s) => ({ ...s, lessons: s.lessons.map((l) => ({ ...l, href: l.freePreview ? `${coursePath}/lessons/${l.id}` : null })) })),
    access: {
      free,
      registerHref: `${base}/register${back}`,
      loginHref: `${base}/login${back}`,
      cardHref: card && !free ? `${base}/login?redirectTo=${encodeURIComponent(`${studentCourse}/pay`)}` : null,
    },
    url: `${origin}/courses/${data.course.id}`,
    imageUrl: data.course.coverUrl ? `${origin}${data.course.coverUrl}` : null,
    description: short(data.course.description),
    priceFromDzd: free || paid.length === 0 ? 0 : Math.min(...paid),
  };
  return html(
    <CoursePageDocument
      page={page}
      lng={lng}
      dir={directionOf(lng)}
      texts={{ t: platformT(lng), lt: landingT(lng) }}
      assets={{ script: deps.assets.script }}
    />,
  );
}

export async function renderLessonPreview(deps: TPlatformPagesDeps, record: TSiteRecord, courseId: string, lessonId: string, { lng, host }: TWhere) {
  const { view, lesson } = await publicPreview(deps.db, record.teacherId, courseId, lessonId);
  const { frame, base } = await frameOf(deps, record, host);
  const coursePath = `${base}/courses/${view.course.id}`;
  const preview = {
    frame,
    course: { title: view.course.title, href: coursePath },
    lesson: {
      ...lesson,
      file: lesson.file ? { name: lesson.file.name, href: `${coursePath}/lessons/${lesson.id}/file`, isPdf: lesson.file.type === 'application/pdf' } : null,
    },
    // A video plays in the app's protected player, without an account, on any host (decision 075).
    watchHref: `/platform/${encodeURIComponent(record.subdomain)}/preview/courses/${view.course.id}/lessons/${lesson.id}`,
  };
  return html(<LessonPreviewDocument preview={preview} lng={lng} dir={directionOf(lng)} t={platformT(lng)} assets={{ script: deps.assets.script }} />);
}

/** Unknown, unpublished, archived or another teacher's course: one page, said plainly, answered with 404. */
export async function renderUnavailable(deps: TPlatformPagesDeps, record: TSiteRecord, { lng, host }: TWhere) {
  const { frame } = await frameOf(deps, record, host);
  const t = platformT(lng);
  const head = (
    <>
      <title>{t('unavailable.title')}</title>
      <meta name="robots" content="noindex" />
    </>
  );
  return html(
    <PlatformShell frame={frame} lng={lng} dir={directionOf(lng)} t={t} assets={{ script: deps.assets.script }} head={head} testId="platform-unavailable">
      <UnavailableBody frame={frame} t={t} />
    </PlatformShell>,
  );
}
