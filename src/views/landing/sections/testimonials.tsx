import type { TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { LandingImage, SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function TestimonialsSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  if (view.testimonials.length === 0) return null;
  return (
    <section id="testimonials" className="lp-section" data-section="testimonials" aria-labelledby="lp-testimonials-title">
      <div className="lp-container">
        <SectionHeading id="lp-testimonials-title" title={t('viewer.testimonials.title')} subtitle={t('viewer.testimonials.subtitle')} />
        <ul className="lp-grid lp-grid--3">
          {view.testimonials.map((item) => (
            <li key={item.id} className="lp-card lp-quote">
              {item.rating !== undefined && (
                <p className="lp-quote__stars" role="img" aria-label={t('viewer.testimonials.rating', { rating: item.rating })}>
                  {Array.from({ length: 5 }, (_, i) => (
                    <Icon key={i} name="star" className={i < (item.rating ?? 0) ? 'lp-icon lp-star--on' : 'lp-icon lp-star'} />
                  ))}
                </p>
              )}
              <blockquote className="lp-quote__text" dir="auto">
                {item.text}
              </blockquote>
              <footer className="lp-quote__author">
                <LandingImage src={item.avatar} alt={item.name} className="lp-avatar" width={48} height={48} />
                <span>
                  <strong dir="auto">{item.name}</strong>
                  {item.role && (
                    <span className="lp-quote__role" dir="auto">
                      {item.role}
                    </span>
                  )}
                </span>
              </footer>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
