/** A landing page's limits, its sections and the icons a feature may show (spec §3, §9); the schemas in schemas/landing.ts use them. */
export const LANDING_LIMITS = {
  /** Spec §9: a page's stored size. */
  pageBytes: 2 * 1024 * 1024,
  faq: 200,
  features: 50,
  heroFeatures: 12,
  testimonials: 100,
  courseContent: 200,
  contactActions: 20,
  navbarItems: 30,
  pricing: 12,
  pricingFeatures: 30,
  highlights: 12,
  pixels: 6,
  preload: 4,
  imageBytes: 10 * 1024 * 1024,
  short: 200,
  medium: 1_000,
  long: 10_000,
} as const;

export const SECTION_IDS = ['hero', 'features', 'about-me', 'course-content', 'pricing', 'testimonials', 'faq', 'contact-actions', 'contact-form'] as const;
export type TSectionId = (typeof SECTION_IDS)[number];

export const FEATURE_ICONS = [
  'star',
  'book',
  'video',
  'users',
  'award',
  'clock',
  'check',
  'shield',
  'chart',
  'lightbulb',
  'heart',
  'globe',
  'phone',
  'calendar',
  'certificate',
  'target',
] as const;
