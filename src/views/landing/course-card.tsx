import type { TCourseCardPlan, TLandingCourseCard } from '@shared/landing-view';
import { Icon } from './icons';
import { LandingImage } from './parts';
import type { TTranslate } from './types';
import { videoLengthText } from './video-length';

function planLabel(t: TTranslate, plan: TCourseCardPlan): string {
  if (plan.type === 'custom') return t('viewer.courses.plan.custom', { count: plan.durationDays ?? 0 });
  return t(`viewer.courses.plan.${plan.type}`);
}

/**
 * A published course as a card: cover, kind, lessons, its plans with their prices in DZD (a free course is
 * marked), and the link to its public page. Shared by the landing pages' course section and the platform home.
 */
export function CourseCard({ card, t, href }: { card: TLandingCourseCard; t: TTranslate; href: string }) {
  const free = card.plans.some((p) => p.type === 'free') || (card.plans.length === 0 && card.priceFromDzd === 0);
  return (
    <li className="lp-card lp-course" data-testid="course-card" data-course-id={card.id} data-kind={card.kind}>
      <LandingImage src={card.coverUrl} alt={card.title} className="lp-course__cover" width={480} height={270} />
      <p className="lp-course__tags">
        <span className="lp-tag">{t(`viewer.courses.kinds.${card.kind}`)}</span>
        {free && (
          <span className="lp-tag lp-tag--free" data-testid="course-free">
            {t('viewer.courses.free')}
          </span>
        )}
      </p>
      <h3 className="lp-card__title" dir="auto">
        {card.title}
      </h3>
      {card.description && (
        <p className="lp-card__text" dir="auto">
          {card.description}
        </p>
      )}
      {card.plans.some((p) => p.type !== 'free') && (
        <ul className="lp-course__plans" data-testid="course-plans">
          {card.plans
            .filter((p) => p.type !== 'free')
            .map((p, i) => (
              <li key={i}>
                <span>{planLabel(t, p)}</span>
                <strong>{t('viewer.courses.price', { price: p.priceDzd })}</strong>
              </li>
            ))}
        </ul>
      )}
      <p className="lp-course__meta">
        <span>
          <Icon name="book" />
          {t('viewer.courses.lessons', { count: card.lessonCount })}
        </span>
        {card.videoSeconds > 0 ? (
          <span data-testid="course-card-video-length">{t('viewer.courses.videoLength', { length: videoLengthText(t, card.videoSeconds) })}</span>
        ) : null}
        <strong>{card.priceFromDzd > 0 ? t('viewer.courses.priceFrom', { price: card.priceFromDzd }) : t('viewer.courses.free')}</strong>
      </p>
      {/* A card leads to the course's public page on the teacher's platform: outline, previews, the ways in. */}
      <a
        href={href}
        className="lp-btn lp-btn--primary lp-course__cta"
        aria-label={t('viewer.courses.detailsOf', { title: card.title })}
        data-testid="course-card-cta"
      >
        {t('viewer.courses.details')}
      </a>
    </li>
  );
}
