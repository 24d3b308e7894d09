import type { TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { SafeLink, SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function PricingSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  if (view.pricing.length === 0) return null;
  return (
    <section id="pricing" className="lp-section lp-section--alt" data-section="pricing" aria-labelledby="lp-pricing-title">
      <div className="lp-container">
        <SectionHeading id="lp-pricing-title" title={t('viewer.pricing.title')} subtitle={t('viewer.pricing.subtitle')} />
        <ul className="lp-grid lp-grid--3 lp-pricing">
          {view.pricing.map((plan) => (
            <li key={plan.id} className={`lp-card lp-plan ${plan.isPopular ? 'lp-plan--popular' : ''}`}>
              {plan.isPopular && <span className="lp-plan__badge">{t('viewer.pricing.popular')}</span>}
              <h3 className="lp-card__title" dir="auto">
                {plan.name}
              </h3>
              <p className="lp-plan__price">
                <strong dir="auto">{plan.price}</strong>
                {plan.period && <span dir="auto"> / {plan.period}</span>}
              </p>
              {plan.description && (
                <p className="lp-card__text" dir="auto">
                  {plan.description}
                </p>
              )}
              {plan.features && plan.features.length > 0 && (
                <ul className="lp-checklist">
                  {plan.features.map((f, i) => (
                    <li key={i} dir="auto">
                      <Icon name="check" />
                      <span>{f}</span>
                    </li>
                  ))}
                </ul>
              )}
              <SafeLink href={plan.ctaUrl || '/student/register'} className="lp-btn lp-btn--primary lp-plan__cta">
                {plan.ctaLabel || t('viewer.pricing.cta')}
              </SafeLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
