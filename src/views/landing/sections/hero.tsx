import { heroBackgroundCss, type TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { LandingImage, SafeLink } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function HeroSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  const cta = view.heroCta;
  const primaryUrl = cta.url || '/student/register';
  return (
    <section
      id="hero"
      className="lp-hero"
      data-section="hero"
      data-page-id={view.id}
      style={heroBackgroundCss(view.heroBackground, view.theme)}
      aria-labelledby="lp-hero-title"
    >
      <div className="lp-container lp-hero__grid">
        <div className="lp-hero__text">
          <h1 id="lp-hero-title" className="lp-hero__title" dir="auto">
            {view.title}
          </h1>
          {view.subtitle && (
            <p className="lp-hero__subtitle" dir="auto">
              {view.subtitle}
            </p>
          )}
          {view.description && (
            <p className="lp-hero__description" dir="auto">
              {view.description}
            </p>
          )}
          <div className="lp-hero__actions">
            <SafeLink href={primaryUrl} className="lp-btn lp-btn--light" testId="hero-cta">
              {cta.label || t('viewer.hero.cta')}
            </SafeLink>
            {cta.secondaryLabel && cta.secondaryUrl && (
              <SafeLink href={cta.secondaryUrl} className="lp-btn lp-btn--ghost" testId="hero-cta-secondary">
                {cta.secondaryLabel}
              </SafeLink>
            )}
          </div>
          {view.heroFeatures.length > 0 && (
            <ul className="lp-hero__features" aria-label={t('viewer.hero.highlights')}>
              {view.heroFeatures.map((f) => (
                <li key={f.id} dir="auto">
                  <Icon name={f.icon ?? 'check'} />
                  <span>{f.text}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {view.heroImageUrl && <LandingImage src={view.heroImageUrl} alt={view.title} className="lp-hero__image" width={640} height={480} priority />}
      </div>
    </section>
  );
}
