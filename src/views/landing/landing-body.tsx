import type { ComponentType } from 'react';
import type { TLandingView } from '@shared/landing-view';
import type { TSectionId } from '@shared/schemas/landing';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { AboutMeSection } from './sections/about-me';
import { ContactActionsSection } from './sections/contact-actions';
import { ContactFormSection } from './sections/contact-form';
import { CourseContentSection } from './sections/course-content';
import { FaqSection } from './sections/faq';
import { FeaturesSection } from './sections/features';
import { HeroSection } from './sections/hero';
import { PricingSection } from './sections/pricing';
import { TestimonialsSection } from './sections/testimonials';
import type { TViewContext } from './types';

type TSectionProps = { view: TLandingView; ctx: TViewContext };

const SECTIONS: Record<TSectionId, ComponentType<TSectionProps>> = {
  hero: HeroSection,
  features: FeaturesSection,
  'about-me': AboutMeSection,
  'course-content': CourseContentSection,
  pricing: PricingSection,
  testimonials: TestimonialsSection,
  faq: FaqSection,
  'contact-actions': ContactActionsSection,
  'contact-form': ContactFormSection,
};

/** Hero and features come first (they hold the largest paint); the rest fade in below them. */
const ABOVE_THE_FOLD = new Set<TSectionId>(['hero', 'features']);

/**
 * Everything inside <body>: the same component renders on the server and in the editor's live preview.
 */
export function LandingBody({ view, ctx }: TSectionProps) {
  return (
    <>
      <a className="lp-skip" href="#main">
        {ctx.t('viewer.skipToContent')}
      </a>
      <Navbar view={view} ctx={ctx} />
      <main id="main" tabIndex={-1}>
        {view.sections.map((id) => {
          const Section = SECTIONS[id];
          return (
            <div key={id} className={ABOVE_THE_FOLD.has(id) ? 'lp-block' : 'lp-block lp-block--fade'}>
              <Section view={view} ctx={ctx} />
            </div>
          );
        })}
      </main>
      <Footer view={view} ctx={ctx} />
      <div className="lp-update" role="status" data-update-banner="" hidden>
        <span>{ctx.t('viewer.update.found')}</span>
        <button type="button" className="lp-btn lp-btn--light lp-btn--sm" data-update-now="">
          {ctx.t('viewer.update.now')}
        </button>
      </div>
    </>
  );
}
