import type { TLandingView } from '@shared/landing-view';
import { CourseCard } from '@views/landing/course-card';
import { SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

/** A course's public page on the same platform as the sign-up link: /courses/{id} or /platform/{subdomain}/courses/{id}. */
const coursePageHref = (registerHref: string, courseId: string) => `${registerHref.replace(/\/register$/, '')}/courses/${courseId}`;

/** The teacher's own outline, then the published courses (cards from the courses domain). */
export function CourseContentSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  if (view.courseContent.length === 0 && view.courseCards.length === 0) return null;
  return (
    <section id="course-content" className="lp-section" data-section="course-content" aria-labelledby="lp-courses-title">
      <div className="lp-container">
        <SectionHeading id="lp-courses-title" title={t('viewer.courses.title')} subtitle={t('viewer.courses.subtitle')} />
        {view.courseContent.length > 0 && (
          <ol className="lp-outline">
            {view.courseContent.map((item, i) => (
              <li key={item.id} className="lp-card lp-outline__item">
                <span className="lp-outline__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="lp-card__title" dir="auto">
                    {item.title}
                  </h3>
                  {item.description && (
                    <p className="lp-card__text" dir="auto">
                      {item.description}
                    </p>
                  )}
                  {(item.lessons !== undefined || item.duration) && (
                    <p className="lp-outline__meta">
                      {item.lessons !== undefined && <span>{t('viewer.courses.lessons', { count: item.lessons })}</span>}
                      {item.duration && <span dir="auto">{item.duration}</span>}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        {view.courseCards.length > 0 && (
          <ul className="lp-grid lp-grid--3 lp-course-cards" data-testid="course-cards">
            {view.courseCards.map((card) => (
              <CourseCard key={card.id} card={card} t={t} href={coursePageHref(ctx.registerHref, card.id)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
