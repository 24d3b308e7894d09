import type { TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function FeaturesSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  if (view.features.length === 0) return null;
  return (
    <section id="features" className="lp-section" data-section="features" aria-labelledby="lp-features-title">
      <div className="lp-container">
        <SectionHeading id="lp-features-title" title={ctx.t('viewer.features.title')} subtitle={ctx.t('viewer.features.subtitle')} />
        <ul className="lp-grid lp-grid--3">
          {view.features.map((f) => (
            <li key={f.id} className="lp-card lp-feature">
              <span className="lp-feature__icon">
                <Icon name={f.icon} />
              </span>
              <h3 className="lp-card__title" dir="auto">
                {f.title}
              </h3>
              {f.description && (
                <p className="lp-card__text" dir="auto">
                  {f.description}
                </p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
