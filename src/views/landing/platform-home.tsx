import type { CSSProperties } from 'react';
import type { TLandingCourseCard } from '@shared/landing-view';
import { CourseCard } from './course-card';
import { Shell, type TDocumentAssets } from './document';
import { LandingImage } from './parts';
import type { TTranslate } from './types';

/** Above this many courses the platform home offers search and a filter by kind. */
export const PLATFORM_FILTER_FROM = 6;

const KINDS = ['organized', 'scheduled', 'regular'] as const;

export type TPlatformHome = {
  name: string;
  bio: string;
  photoUrl: string | null;
  theme: { primary: string; secondary: string };
  /** The teacher's published main landing page, when there is one. */
  landingHref: string | null;
  loginHref: string;
  registerHref: string;
  /** Where the platform's own pages live: '' on the teacher's host, /platform/{subdomain} on the main domain. */
  courseBase: string;
  teachHref: string;
  /** Every published course, and the ones the search and filter keep. */
  total: number;
  cards: TLandingCourseCard[];
  query: { q: string; kind: string };
  /** Absolute address of this page (canonical). */
  url: string;
};

function Filters({ home, t }: { home: TPlatformHome; t: TTranslate }) {
  return (
    <form method="get" className="lp-platform__filters" role="search" data-testid="platform-filters">
      <label>
        <span>{t('viewer.platform.search')}</span>
        <input
          type="search"
          name="q"
          defaultValue={home.query.q}
          maxLength={100}
          placeholder={t('viewer.platform.searchPlaceholder')}
          data-testid="platform-search"
        />
      </label>
      <label>
        <span>{t('viewer.platform.kind')}</span>
        <select name="kind" defaultValue={home.query.kind} data-testid="platform-kind">
          <option value="">{t('viewer.platform.allKinds')}</option>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`viewer.courses.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="lp-btn lp-btn--primary" data-testid="platform-filter-submit">
        {t('viewer.platform.apply')}
      </button>
    </form>
  );
}

function Courses({ home, t }: { home: TPlatformHome; t: TTranslate }) {
  return (
    <section className="lp-section" aria-labelledby="platform-courses-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <h2 id="platform-courses-title" className="lp-section__title">
            {t('viewer.platform.coursesTitle')}
          </h2>
          <p className="lp-section__subtitle" data-testid="platform-course-count">
            {t('viewer.platform.courseCount', { count: home.total })}
          </p>
        </header>
        {home.total > PLATFORM_FILTER_FROM && <Filters home={home} t={t} />}
        {home.cards.length === 0 ? (
          <p className="lp-platform__empty" data-testid="platform-empty">
            {home.total === 0 ? t('viewer.platform.noCourses') : t('viewer.platform.noMatch')}
          </p>
        ) : (
          <ul className="lp-grid lp-grid--3 lp-course-cards" data-testid="course-cards">
            {home.cards.map((card) => (
              <CourseCard key={card.id} card={card} t={t} href={`${home.courseBase}/courses/${card.id}`} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * A teacher's platform home (issue 15): who teaches, their published courses, and the way in for students.
 * Shown at /platform/{subdomain} and at the root of the teacher's host while no landing page is published.
 */
export function PlatformHomeDocument({
  home,
  lng,
  dir,
  t,
  assets,
}: {
  home: TPlatformHome;
  lng: string;
  dir: 'rtl' | 'ltr';
  t: TTranslate;
  assets: TDocumentAssets;
}) {
  const title = t('viewer.platform.documentTitle', { name: home.name });
  const head = (
    <>
      <title>{title}</title>
      {home.bio && <meta name="description" content={home.bio} />}
      <link rel="canonical" href={home.url} />
      <meta name="theme-color" content={home.theme.primary} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:url" content={home.url} />
    </>
  );
  const bodyStyle = { '--lp-primary': home.theme.primary, '--lp-secondary': home.theme.secondary } as CSSProperties;
  return (
    <Shell lng={lng} dir={dir} head={head} bodyStyle={bodyStyle} assets={assets} data={{ mode: 'screen' }}>
      <main data-testid="platform-home">
        <header className="lp-platform__hero">
          <div className="lp-container">
            <div className="lp-platform__head">
              {home.photoUrl && <LandingImage src={home.photoUrl} alt={home.name} className="lp-platform__photo" width={96} height={96} priority />}
              <div>
                <h1 className="lp-platform__name" dir="auto" data-testid="platform-name">
                  {home.name}
                </h1>
                {home.bio && (
                  <p className="lp-platform__bio" dir="auto" data-testid="platform-bio">
                    {home.bio}
                  </p>
                )}
              </div>
            </div>
            <nav className="lp-platform__actions" aria-label={t('viewer.platform.studentsNav')}>
              <a href={home.registerHref} className="lp-btn lp-btn--outline" data-testid="platform-register">
                {t('viewer.platform.register')}
              </a>
              <a href={home.loginHref} className="lp-btn lp-btn--outline" data-testid="platform-login">
                {t('viewer.platform.login')}
              </a>
              <a href={home.teachHref} className="lp-btn lp-btn--outline" data-testid="platform-teach">
                {t('viewer.platform.teach')}
              </a>
              {home.landingHref && (
                <a href={home.landingHref} className="lp-btn lp-btn--outline" data-testid="platform-landing-link">
                  {t('viewer.platform.landing')}
                </a>
              )}
            </nav>
          </div>
        </header>
        <Courses home={home} t={t} />
      </main>
    </Shell>
  );
}
