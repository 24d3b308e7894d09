import { randomUUID } from 'node:crypto';
import type { TLanguage } from '@shared/i18n';
import { DEFAULT_HERO_BACKGROUND, DEFAULT_SECTIONS, DEFAULT_THEME } from '@shared/landing-view';
import type { TLandingPageInput } from '@shared/schemas/landing';
import { landingT } from './i18n';

const id = () => randomUUID();

/** An empty page: every section present and visible, nothing written yet. */
export function blankContent(title: string): TLandingPageInput {
  return {
    title,
    subtitle: '',
    description: '',
    hero_image_url: '',
    logo_url: '',
    theme_colors: DEFAULT_THEME,
    custom_slug: '',
    tracking_pixels: [],
    sections_config: { order: [...DEFAULT_SECTIONS.order], visible: [...DEFAULT_SECTIONS.visible] },
    hero_background: DEFAULT_HERO_BACKGROUND,
    hero_cta: {},
    course_content: [],
    features: [],
    hero_features: [],
    about_me: {},
    testimonials: [],
    faq: [],
    contact_actions: [],
    navbar_items: null,
    meta_data: {},
    pricing: [],
    contact_form: {},
  };
}

/**
 * A first page a teacher can publish after changing a few words, in their language. The texts come
 * from the landing namespace (starter.*), so each exists once per language.
 */
export function starterContent(title: string, lng: TLanguage, teacherName: string): TLandingPageInput {
  const t = landingT(lng);
  const s = (key: string) => t(`starter.${key}`, { name: teacherName });
  return {
    ...blankContent(title),
    subtitle: s('subtitle'),
    description: s('description'),
    hero_cta: { label: s('ctaLabel'), url: '/student/register', secondaryLabel: s('ctaSecondary'), secondaryUrl: '#course-content' },
    hero_features: [
      { id: id(), icon: 'video', text: s('heroFeature1') },
      { id: id(), icon: 'users', text: s('heroFeature2') },
      { id: id(), icon: 'phone', text: s('heroFeature3') },
    ],
    features: [
      { id: id(), icon: 'book', title: s('feature1Title'), description: s('feature1Text') },
      { id: id(), icon: 'clock', title: s('feature2Title'), description: s('feature2Text') },
      { id: id(), icon: 'chart', title: s('feature3Title'), description: s('feature3Text') },
    ],
    about_me: { title: s('aboutTitle'), name: teacherName, bio: s('aboutBio'), highlights: [s('highlight1'), s('highlight2')] },
    course_content: [
      { id: id(), title: s('module1Title'), description: s('module1Text'), lessons: 8 },
      { id: id(), title: s('module2Title'), description: s('module2Text'), lessons: 10 },
    ],
    pricing: [
      { id: id(), name: s('plan1Name'), price: s('plan1Price'), period: s('perMonth'), features: [s('plan1Feature1'), s('plan1Feature2')], ctaLabel: s('ctaLabel'), ctaUrl: '/student/register' },
      {
        id: id(),
        name: s('plan2Name'),
        price: s('plan2Price'),
        period: s('perYear'),
        features: [s('plan1Feature1'), s('plan1Feature2'), s('plan2Feature3')],
        isPopular: true,
        ctaLabel: s('ctaLabel'),
        ctaUrl: '/student/register',
      },
    ],
    testimonials: [{ id: id(), name: s('testimonialName'), role: s('testimonialRole'), text: s('testimonialText'), rating: 5 }],
    faq: [
      { id: id(), question: s('faq1Q'), answer: s('faq1A') },
      { id: id(), question: s('faq2Q'), answer: s('faq2A') },
    ],
    contact_form: { title: s('contactTitle'), description: s('contactText') },
  };
}
