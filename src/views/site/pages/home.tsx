import { CallToAction, ContactSection, Faq, Features, Hero, Journey, Testimonials } from '../components/home-sections';
import { Pricing } from '../components/pricing';
import { Showcase } from '../components/showcase';

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
