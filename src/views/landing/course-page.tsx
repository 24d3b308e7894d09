import type { TCourseCardPlan } from '@shared/landing-view';
import type { TDocumentAssets } from './document';
import { Icon } from './icons';
import { LandingImage } from './parts';
import { ContactList, planLabel, PlatformShell, type TPlatformFrame, type TPlatformTexts } from './platform-frame';
import type { TTranslate } from './types';
import { clockText, videoLengthText } from './video-length';

export type TPublicLessonRow = { id: string; title: string; type: string; freePreview: boolean; durationSec: number | null; href: string | null };

export type TCoursePage = {
  frame: TPlatformFrame;
  course: {
    id: string;
    title: string;
    description: string;
    kind: 'organized' | 'scheduled' | 'regular';
    coverUrl: string | null;
    lessonCount: number;
    previewCount: number;
    videoSeconds: number;
  };
  plans: TCourseCardPlan[];
  sections: Array<{ id: string; title: string; lessons: TPublicLessonRow[] }>;
  /** Sign-up and sign-in on this platform, each returning to the course in the student area. */
  access: {
    free: boolean;
    registerHref: string;
    loginHref: string;
    /** Sign-in, then the pay page: set when the teacher takes card payments (issue 13). */ cardHref: string | null;
  };
  /** Absolute addresses for the canonical link and Open Graph. */
  url: string;
  imageUrl: string | null;
  description: string;
  priceFromDzd: number;
};

function LessonRow({ lesson, t }: { lesson: TPublicLessonRow; t: TTranslate }) {
  return (
    <li className="pf-lesson" data-testid="public-lesson" data-preview={lesson.freePreview ? 'true' : 'false'}>
      <Icon name={lesson.type === 'video' ? 'video' : lesson.type === 'link' ? 'globe' : 'book'} />
      <span className="pf-lesson__title" dir="auto">
        {lesson.href ? (
          <a href={lesson.href} data-testid="public-lesson-preview">
            {lesson.title}
          </a>
        ) : (
          lesson.title
        )}
      </span>
      <span className="pf-lesson__type">{t(`lessonTypes.${lesson.type}`)}</span>
      {lesson.durationSec ? (
        <span className="pf-lesson__type" dir="ltr" data-testid="public-lesson-duration">
          {clockText(lesson.durationSec)}
        </span>
      ) : null}
      {lesson.freePreview ? (
        <span className="pf-badge pf-badge--preview">{t('course.preview')}</span>
      ) : (
        <span className="pf-badge pf-badge--locked">{t('course.locked')}</span>
      )}
    </li>
  );
}

function Outline({ page, t }: { page: TCoursePage; t: TTranslate }) {
  return (
    <section className="lp-card pf-outline" aria-labelledby="course-outline-title" data-testid="public-outline">
      <h2 id="course-outline-title" className="pf-h2">
        {t('course.outline')}
      </h2>
      {page.sections.length === 0 ? (
        <p className="pf-desc">{t('course.noLessons')}</p>
      ) : (
        page.sections.map((s) => (
          <div key={s.id} className="pf-section">
            <h3 dir="auto">{s.title}</h3>
            <ol>
              {s.lessons.map((l) => (
                <LessonRow key={l.id} lesson={l} t={t} />
              ))}
            </ol>
          </div>
        ))
      )}
    </section>
  );
}

/** The ways in: free enrollment, an activation code after signing up, a card bought from the teacher. */
/** One way into a paid or free course: a title, a line and its button. */
function Way({ t, name, href, testId }: { t: TTranslate; name: 'free' | 'card' | 'code'; href: string; testId: string }) {
  return (
    <div className="pf-way">
      <h3>{t(`course.${name}Title`)}</h3>
      <p>{t(`course.${name}Body`)}</p>
      <p className="pf-actions">
        <a href={href} className="lp-btn lp-btn--primary" data-testid={testId}>
          {t(`course.${name}Cta`)}
        </a>
      </p>
    </div>
  );
}

function Access({ page, t, lt }: { page: TCoursePage } & TPlatformTexts) {
  const { access, frame } = page;
  const paid = page.plans.filter((p) => p.type !== 'free');
  return (
    <aside className="lp-card pf-aside pf-stack" aria-labelledby="course-access-title" data-testid="course-access">
      <h2 id="course-access-title" className="pf-h2">
        {t('course.accessTitle')}
      </h2>
      {paid.length > 0 && (
        <ul className="pf-plans" data-testid="public-plans">
          {paid.map((p, i) => (
            <li key={i}>
              <span>{planLabel(lt, p)}</span>
              <strong>{lt('viewer.courses.price', { price: p.priceDzd })}</strong>
            </li>
          ))}
        </ul>
      )}
      <div className="pf-ways">
        {access.free ? (
          <Way t={t} name="free" href={access.registerHref} testId="course-register" />
        ) : (
          <>
            {access.cardHref ? <Way t={t} name="card" href={access.cardHref} testId="course-pay-card" /> : null}
            <Way t={t} name="code" href={access.registerHref} testId="course-register" />
            <div className="pf-way">
              <h3>{t('course.buyTitle')}</h3>
              <p>{frame.contact.phone || frame.contact.whatsapp || frame.contact.email ? t('course.buyBody') : t('course.buyInPerson')}</p>
              <ContactList contact={frame.contact} t={t} />
            </div>
          </>
        )}
        <p className="pf-way">
          {t('course.haveAccount')}{' '}
          <a href={access.loginHref} className="pf-crumb" data-testid="course-login">
            {t('course.signIn')}
          </a>
        </p>
      </div>
    </aside>
  );
}

function Head({ page, title }: { page: TCoursePage; title: string }) {
  return (
    <>
      <title>{title}</title>
      {page.description && <meta name="description" content={page.description} />}
      <link rel="canonical" href={page.url} />
      <meta name="theme-color" content={page.frame.theme.primary} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={title} />
      {page.description && <meta property="og:description" content={page.description} />}
      <meta property="og:url" content={page.url} />
      {page.imageUrl && <meta property="og:image" content={page.imageUrl} />}
      <meta property="product:price:amount" content={String(page.priceFromDzd)} />
      <meta property="product:price:currency" content="DZD" />
      <meta name="twitter:card" content={page.imageUrl ? 'summary_large_image' : 'summary'} />
    </>
  );
}

/** A published course's public page on its teacher's platform (issue 15, decision 068). */
export function CoursePageDocument({
  page,
  lng,
  dir,
  texts,
  assets,
}: {
  page: TCoursePage;
  lng: string;
  dir: 'rtl' | 'ltr';
  texts: TPlatformTexts;
  assets: TDocumentAssets;
}) {
  const { t, lt } = texts;
  const { course } = page;
  const title = t('course.documentTitle', { title: course.title, name: page.frame.name });
  const free = page.access.free;
  return (
    <PlatformShell frame={page.frame} lng={lng} dir={dir} t={t} assets={assets} head={<Head page={page} title={title} />} testId="course-page">
      <div className="pf-course" data-entry-page="course">
        <div className="pf-stack pf-intro">
          {course.coverUrl && <LandingImage src={course.coverUrl} alt={course.title} className="pf-cover" width={960} height={540} priority />}
          <h1 className="pf-title" dir="auto" data-testid="course-title">
            {course.title}
          </h1>
          <p className="pf-meta">
            <span className="lp-tag">{lt(`viewer.courses.kinds.${course.kind}`)}</span>
            {free && <span className="lp-tag lp-tag--free">{lt('viewer.courses.free')}</span>}
            <span>{lt('viewer.courses.lessons', { count: course.lessonCount })}</span>
            {course.videoSeconds > 0 && (
              <span data-testid="course-video-length">{lt('viewer.courses.videoLength', { length: videoLengthText(lt, course.videoSeconds) })}</span>
            )}
            {course.previewCount > 0 && <span>{t('course.previewCount', { count: course.previewCount })}</span>}
            <span>
              {t('course.by')}{' '}
              <a href={page.frame.teachHref} className="pf-crumb" dir="auto">
                {page.frame.name}
              </a>
            </span>
          </p>
          {course.description && (
            <p className="pf-desc" dir="auto" data-testid="course-description">
              {course.description}
            </p>
          )}
        </div>
        {/* On a phone the ways in come right after the description, before the long outline. */}
        <Access page={page} t={t} lt={lt} />
        <Outline page={page} t={t} />
      </div>
    </PlatformShell>
  );
}
