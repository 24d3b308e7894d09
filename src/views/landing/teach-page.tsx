import type { TDocumentAssets } from './document';
import { LandingImage } from './parts';
import { ContactList, PlatformShell, type TPlatformFrame, type TPlatformTexts } from './platform-frame';

export type TTeachPage = {
  frame: TPlatformFrame;
  /** The about-me text of the teacher's published page, whole. */
  bio: string;
  courses: Array<{ title: string; kind: 'organized' | 'scheduled' | 'regular'; lessonCount: number; href: string }>;
  url: string;
};

/** The teacher's published courses, each a link to its page. */
function TeachSubjects({ courses, texts }: { courses: TTeachPage['courses']; texts: TPlatformTexts }) {
  const { t, lt } = texts;
  return (
    <section className="lp-card" aria-labelledby="teach-subjects">
      <h2 id="teach-subjects" className="pf-h2">
        {t('teach.subjects')}
      </h2>
      {courses.length === 0 ? (
        <p className="pf-desc">{t('teach.noCourses')}</p>
      ) : (
        <ul className="pf-teach-list" data-testid="teach-courses">
          {courses.map((c) => (
            <li key={c.href} className="pf-section">
              <a href={c.href} className="pf-lesson">
                <span className="pf-lesson__title">
                  <strong dir="auto">{c.title}</strong>
                  <span>
                    {lt(`viewer.courses.kinds.${c.kind}`)} · {lt('viewer.courses.lessons', { count: c.lessonCount })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /teach: what the teacher teaches and how to reach them (issue 15, decision 067). */
export function TeachPageDocument({
  page,
  lng,
  dir,
  texts,
  assets,
}: {
  page: TTeachPage;
  lng: string;
  dir: 'rtl' | 'ltr';
  texts: TPlatformTexts;
  assets: TDocumentAssets;
}) {
  const { t } = texts;
  const { frame } = page;
  const title = t('teach.documentTitle', { name: frame.name });
  const hasContact = Boolean(frame.contact.phone || frame.contact.whatsapp || frame.contact.email);
  const head = (
    <>
      <title>{title}</title>
      {page.bio && <meta name="description" content={page.bio.slice(0, 200)} />}
      <link rel="canonical" href={page.url} />
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:url" content={page.url} />
    </>
  );
  return (
    <PlatformShell frame={frame} lng={lng} dir={dir} t={t} assets={assets} head={head} testId="teach-page">
      <div className="pf-stack">
        <section className="lp-card pf-stack" aria-labelledby="teach-name">
          <div className="lp-platform__head">
            {frame.photoUrl && <LandingImage src={frame.photoUrl} alt={frame.name} className="lp-platform__photo" width={96} height={96} priority />}
            <h1 id="teach-name" className="pf-title" dir="auto" data-testid="teach-name">
              {frame.name}
            </h1>
          </div>
          <p className="pf-desc" dir="auto" data-testid="teach-bio">
            {page.bio || t('teach.noBio', { name: frame.name })}
          </p>
          {frame.landingHref && (
            <p>
              <a href={frame.landingHref} className="pf-crumb">
                {t('teach.landing')}
              </a>
            </p>
          )}
        </section>
        <TeachSubjects courses={page.courses} texts={texts} />
        <section className="lp-card pf-stack" aria-labelledby="teach-contact">
          <h2 id="teach-contact" className="pf-h2">
            {t('teach.contact')}
          </h2>
          {hasContact ? <ContactList contact={frame.contact} t={t} /> : <p className="pf-desc">{t('teach.noContact')}</p>}
          <p className="pf-actions">
            <a href={frame.registerHref} className="lp-btn lp-btn--primary" data-testid="teach-register">
              {t('frame.register')}
            </a>
            <a href={frame.homeHref} className="lp-btn lp-btn--outline">
              {t('teach.allCourses')}
            </a>
          </p>
        </section>
      </div>
    </PlatformShell>
  );
}
