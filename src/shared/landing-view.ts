import type { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR } from './constants';
import { isSafeImageUrl, isSafeLinkUrl } from './landing-url';
export { heroBackgroundCss } from './landing-hero';
import {
  SECTION_IDS,
  ZAboutMe,
  ZContactAction,
  ZContactForm,
  ZCourseContentItem,
  ZFaqItem,
  ZFeature,
  ZHeroBackground,
  ZHeroCta,
  ZHeroFeature,
  ZMetaData,
  ZNavbarItem,
  ZPricingPlan,
  ZTestimonial,
  ZThemeColors,
  ZTrackingPixel,
  type TAboutMe,
  type TContactAction,
  type TContactForm,
  type TCourseContentItem,
  type TFaqItem,
  type TFeature,
  type THeroBackground,
  type THeroCta,
  type THeroFeature,
  type TMetaData,
  type TNavbarItem,
  type TPricingPlan,
  type TSectionId,
  type TTestimonial,
  type TThemeColors,
  type TTrackingPixel,
} from './schemas/landing';

/*
 * What the landing page renderer works from: a stored row (or an editor draft) made safe and complete.
 * Every JSON field is re-validated item by item, so one bad entry in an old row drops that entry, not
 * the page; unreadable JSON strings fall back to empty (spec §5).
 */

/** A published course as a card of the course-content section (read by server/services/course-cards.ts). */
export type TLandingCourseCard = {
  id: string;
  title: string;
  description: string;
  coverUrl: string | null;
  kind: 'organized' | 'scheduled' | 'regular';
  /** Lowest paid price in DZD, or 0 when the course has a free plan. */
  priceFromDzd: number;
  lessonCount: number;
  /** Total length of the course's ready lesson videos, in seconds (0: no video yet). */
  videoSeconds: number;
  /** The plans a student can choose, in the teacher's order (free | monthly | quarterly | yearly | lifetime | custom). */
  plans: TCourseCardPlan[];
};

export type TCourseCardPlan = { type: string; priceDzd: number; durationDays: number | null };

export type TLandingView = {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  logoUrl: string | null;
  heroImageUrl: string | null;
  theme: TThemeColors;
  /** Visible sections in display order; hero always first. */
  sections: TSectionId[];
  heroBackground: THeroBackground;
  heroCta: THeroCta;
  heroFeatures: THeroFeature[];
  features: TFeature[];
  aboutMe: TAboutMe;
  courseContent: TCourseContentItem[];
  courseCards: TLandingCourseCard[];
  pricing: TPricingPlan[];
  testimonials: TTestimonial[];
  faq: TFaqItem[];
  contactActions: TContactAction[];
  contactForm: TContactForm;
  /** null: the default in-page links. */
  navbarItems: TNavbarItem[] | null;
  meta: TMetaData;
  pixels: TTrackingPixel[];
};

export const DEFAULT_THEME: TThemeColors = { primary: DEFAULT_PRIMARY_COLOR, secondary: '#0f766e' };
export const DEFAULT_HERO_BACKGROUND: THeroBackground = { type: 'gradient', gradientFrom: DEFAULT_PRIMARY_COLOR, gradientTo: '#0f766e' };
export const DEFAULT_SECTIONS = { order: [...SECTION_IDS], visible: [...SECTION_IDS] };

/** Strings that may arrive as JSON text (spec §5), parsed once; anything unreadable is `fallback`. */
function parseMaybeJson(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return value ?? fallback;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return fallback;
  }
}

function items<T>(schema: z.ZodType<T>, value: unknown, fallback: unknown[] = []): T[] {
  const parsed = parseMaybeJson(value, fallback);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const result = schema.safeParse(item);
    return result.success ? [result.data] : [];
  });
}

function object<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const result = schema.safeParse(parseMaybeJson(value, {}));
  return result.success ? result.data : fallback;
}

function isSectionId(value: unknown): value is TSectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);
}

/** Spec §2.7: the configured order and visible lists, hero forced into both and first. */
export function normalizeSections(value: unknown): { order: TSectionId[]; visible: TSectionId[] } {
  const raw = parseMaybeJson(value, {}) as { order?: unknown; visible?: unknown } | null;
  const listed = (list: unknown) => [...new Set(Array.isArray(list) ? list.filter(isSectionId) : [])];
  const configured = raw && typeof raw === 'object';
  const order = configured && Array.isArray(raw.order) ? listed(raw.order) : [...SECTION_IDS];
  for (const id of SECTION_IDS) if (!order.includes(id)) order.push(id);
  const visible = new Set(configured && Array.isArray(raw.visible) ? listed(raw.visible) : SECTION_IDS);
  visible.add('hero');
  const ordered = ['hero' as const, ...order.filter((id) => id !== 'hero')];
  return { order: ordered, visible: ordered.filter((id) => visible.has(id)) };
}

const text = (value: unknown, max = 10_000) => (typeof value === 'string' ? value.slice(0, max) : '');
const image = (value: unknown) => (isSafeImageUrl(value) ? value : null);

export function toLandingView(row: Record<string, unknown>, courseCards: TLandingCourseCard[] = []): TLandingView {
  const heroBackground = object(ZHeroBackground, row.hero_background, DEFAULT_HERO_BACKGROUND);
  const navbar = parseMaybeJson(row.navbar_items, null);
  return {
    id: text(row.id, 64),
    title: text(row.title, 200),
    subtitle: text(row.subtitle, 200),
    description: text(row.description, 2_000),
    logoUrl: image(row.logo_url),
    heroImageUrl: image(row.hero_image_url),
    theme: object(ZThemeColors, row.theme_colors, DEFAULT_THEME),
    sections: normalizeSections(row.sections_config).visible,
    heroBackground,
    heroCta: object(ZHeroCta, row.hero_cta, {}),
    heroFeatures: items(ZHeroFeature, row.hero_features),
    features: items(ZFeature, row.features),
    aboutMe: object(ZAboutMe, row.about_me, {}),
    courseContent: items(ZCourseContentItem, row.course_content),
    courseCards,
    pricing: items(ZPricingPlan, row.pricing),
    testimonials: items(ZTestimonial, row.testimonials),
    faq: items(ZFaqItem, row.faq),
    contactActions: items(ZContactAction, row.contact_actions),
    contactForm: object(ZContactForm, row.contact_form, {}),
    navbarItems: Array.isArray(navbar) ? items(ZNavbarItem, navbar) : null,
    meta: object(ZMetaData, row.meta_data, {}),
    pixels: items(ZTrackingPixel, row.tracking_pixels),
  };
}

/** The robots meta of a stored page (a JSON string is read too, spec §5); undefined when unset. */
export function robotsOf(metaData: unknown): TMetaData['robots'] {
  return object(ZMetaData, metaData, {}).robots;
}

/** Where a contact action leads. Values were validated per type, and are checked once more here. */
export function contactHref(action: TContactAction): string | null {
  const digits = action.value.replace(/[^0-9+]/g, '');
  const href =
    action.type === 'whatsapp'
      ? `https://wa.me/${digits.replace(/^\+/, '')}`
      : action.type === 'phone'
        ? `tel:${digits}`
        : action.type === 'email'
          ? `mailto:${action.value}`
          : action.value;
  return isSafeLinkUrl(href) ? href : null;
}

/** Section element ids, which the default navbar links and the footer's "contact us" point at. */
export const SECTION_ANCHORS: Record<TSectionId, string> = {
  hero: 'hero',
  features: 'features',
  'about-me': 'about-me',
  'course-content': 'course-content',
  pricing: 'pricing',
  testimonials: 'testimonials',
  faq: 'faq',
  'contact-actions': 'contact-actions',
  'contact-form': 'contact',
};
