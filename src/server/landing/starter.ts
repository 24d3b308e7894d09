import { randomUUID } from 'node:crypto';
import { LANGUAGES, type TLanguage } from '@shared/i18n';
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
 * A first page in the teacher's language, from the landing namespace (starter.*). Nothing in it is invented as
 * a fact (issue 24, decision 119): no student quote, no prices and no lesson counts (the page shows the teacher's
 * real courses, with their real prices and lessons, as course cards). The texts that say something about the
 * teacher (description, hero points, bio, highlights) are sample text: the editor marks them, and the public page
 * leaves them out until the teacher rewrites them.
 */
export function starterContent(title: string, lng: TLanguage, teacherName: string): TLandingPageInput {
  const t = landingT(lng);
  const s = (key: string) => t(`starter.${key}`, { name: teacherName });
  return {
    // Testimonials, pricing and course outline start empty: their sections show nothing until the teacher fills them.
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
    faq: [
      { id: id(), question: s('faq1Q'), answer: s('faq1A') },
      { id: id(), question: s('faq2Q'), answer: s('faq2A') },
    ],
    contact_form: { title: s('contactTitle'), description: s('contactText') },
  };
}

/** Starter texts that state something about the teacher: sample text until the teacher changes it. */
const SAMPLE_TEXT_KEYS = ['description', 'heroFeature1', 'heroFeature2', 'heroFeature3', 'aboutBio', 'highlight1', 'highlight2'] as const;

let samples: Set<string> | null = null;

/** The starter's sample text in any language, unchanged (a teacher who rewrote it, even slightly, wrote their own). */
export function isSampleText(value: unknown): boolean {
  samples ??= new Set(LANGUAGES.flatMap((lng) => SAMPLE_TEXT_KEYS.map((key) => landingT(lng)(`starter.${key}`))));
  return typeof value === 'string' && samples.has(value.trim());
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The page's fields without the starter's unedited sample text: what visitors see (decision 119). */
export function withoutSampleText(fields: Record<string, unknown>): Record<string, unknown> {
  const about = record(fields.about_me);
  return {
    ...fields,
    description: isSampleText(fields.description) ? '' : fields.description,
    hero_features: Array.isArray(fields.hero_features) ? fields.hero_features.filter((f) => !isSampleText(record(f)?.text)) : fields.hero_features,
    about_me: about
      ? {
          ...about,
          bio: isSampleText(about.bio) ? '' : about.bio,
          highlights: Array.isArray(about.highlights) ? about.highlights.filter((h) => !isSampleText(h)) : about.highlights,
        }
      : fields.about_me,
  };
}
