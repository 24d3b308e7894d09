import { CallToAction, ContactSection, Faq, Features, Hero, Journey, Testimonials } from '@views/site/components/home-sections';
import { Pricing } from '@views/site/components/pricing';
import { Showcase } from '@views/site/components/showcase';

/** Spec §2.1: the sections of /, in order. */
export function HomePage() {
  return (
    <>
      <Hero />
      <Features />
      <Journey />
      <Testimonials />
      <Pricing />
      <Faq />
      <ContactSection />
      <Showcase />
      <CallToAction />
    </>
  );
}
