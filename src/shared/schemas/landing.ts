import { z } from 'zod';
import { PIXEL_ID_PATTERNS, PIXEL_PROVIDERS } from '../landing-pixels';
import { isReservedSlug } from '../landing-reserved';
import { FEATURE_ICONS, LANDING_LIMITS, SECTION_IDS } from '../landing-limits';
import { isSafeImageUrl, isSafeLinkUrl } from '../landing-url';

export { PIXEL_PROVIDERS, type TPixelProvider } from '../landing-pixels';
export { FEATURE_ICONS, LANDING_LIMITS, SECTION_IDS, type TSectionId } from '../landing-limits';

/*
 * Teachers' landing pages (spec §3 teacher_landing_pages). Every JSON field has a schema here: the
 * server validates what the editor saves, the renderer re-checks what it reads (older rows, JSON
 * strings) and the editor checks its browser drafts before merging them (spec §3 local overrides).
 * Messages are keys of the `errors` namespace (errors:fields.*).
 */

const text = (max: number) => z.string('fields.required').trim().max(max, 'fields.tooLong');
export const requiredText = (max: number) => text(max).min(1, 'fields.required');
const optionalText = (max: number) => text(max).optional();
const itemId = z.string('fields.required').trim().min(1, 'fields.required').max(64, 'fields.tooLong');
const linkUrl = z.string('fields.required').trim().refine(isSafeLinkUrl, 'fields.unsafeUrl');
const imageUrl = z.string('fields.required').trim().refine(isSafeImageUrl, 'fields.unsafeUrl');
/** An optional image: empty means none. */
const optionalImage = z.union([z.literal(''), imageUrl]).optional();
const list = <T extends z.ZodType>(item: T, max: number, message = 'fields.tooMany') => z.array(item).max(max, message);

const ZHexColor = z.string('fields.required').regex(/^#[0-9a-fA-F]{6}$/, 'fields.color');

export const ZThemeColors = z.object({ primary: ZHexColor, secondary: ZHexColor });
export type TThemeColors = z.infer<typeof ZThemeColors>;

const ZSectionsConfig = z.object({
  order: list(z.enum(SECTION_IDS, 'fields.unknownValue'), SECTION_IDS.length * 2),
  visible: list(z.enum(SECTION_IDS, 'fields.unknownValue'), SECTION_IDS.length * 2),
});
export type TSectionsConfig = z.infer<typeof ZSectionsConfig>;

export const ZHeroBackground = z.object({
  type: z.enum(['gradient', 'color', 'image'], 'fields.unknownValue'),
  color: ZHexColor.optional(),
  gradientFrom: ZHexColor.optional(),
  gradientTo: ZHexColor.optional(),
  imageUrl: optionalImage,
  /** Darkening over an image, 0 to 0.9. */
  overlay: z.number('fields.invalid').min(0, 'fields.invalid').max(0.9, 'fields.invalid').optional(),
});
export type THeroBackground = z.infer<typeof ZHeroBackground>;

export const ZHeroCta = z.object({
  label: optionalText(80),
  url: z.union([z.literal(''), linkUrl]).optional(),
  secondaryLabel: optionalText(80),
  secondaryUrl: z.union([z.literal(''), linkUrl]).optional(),
});
export type THeroCta = z.infer<typeof ZHeroCta>;

export const ZCourseContentItem = z.object({
  id: itemId,
  title: requiredText(LANDING_LIMITS.short),
  description: optionalText(LANDING_LIMITS.medium),
  lessons: z.number('fields.invalid').int('fields.invalid').min(0, 'fields.invalid').max(10_000, 'fields.invalid').optional(),
  duration: optionalText(60),
});
export type TCourseContentItem = z.infer<typeof ZCourseContentItem>;

export const ZFeature = z.object({
  id: itemId,
  icon: z.enum(FEATURE_ICONS, 'fields.unknownValue'),
  title: requiredText(LANDING_LIMITS.short),
  description: optionalText(LANDING_LIMITS.medium),
});
export type TFeature = z.infer<typeof ZFeature>;

export const ZHeroFeature = z.object({
  id: itemId,
  icon: z.enum(FEATURE_ICONS, 'fields.unknownValue').optional(),
  text: requiredText(120),
});
export type THeroFeature = z.infer<typeof ZHeroFeature>;

export const ZAboutMe = z.object({
  title: optionalText(LANDING_LIMITS.short),
  name: optionalText(LANDING_LIMITS.short),
  bio: optionalText(LANDING_LIMITS.long),
  profile_image: optionalImage,
  highlights: list(requiredText(LANDING_LIMITS.short), LANDING_LIMITS.highlights).optional(),
});
export type TAboutMe = z.infer<typeof ZAboutMe>;

export const ZTestimonial = z.object({
  id: itemId,
  name: requiredText(LANDING_LIMITS.short),
  role: optionalText(LANDING_LIMITS.short),
  text: requiredText(LANDING_LIMITS.medium * 2),
  avatar: optionalImage,
  rating: z.number('fields.invalid').int('fields.invalid').min(1, 'fields.invalid').max(5, 'fields.invalid').optional(),
});
export type TTestimonial = z.infer<typeof ZTestimonial>;

export const ZFaqItem = z.object({
  id: itemId,
  question: requiredText(500),
  answer: requiredText(LANDING_LIMITS.long),
});
export type TFaqItem = z.infer<typeof ZFaqItem>;

export const CONTACT_ACTION_TYPES = ['whatsapp', 'phone', 'email', 'facebook', 'instagram', 'telegram', 'youtube', 'tiktok', 'website'] as const;
export type TContactActionType = (typeof CONTACT_ACTION_TYPES)[number];
export const PHONE = /^\+?[0-9][0-9 ]{4,19}$/;
const EMAIL = /^[^\s@<>"'`]+@[^\s@<>"'`]+\.[^\s@<>"'`]+$/;

export const ZContactAction = z
  .object({
    id: itemId,
    type: z.enum(CONTACT_ACTION_TYPES, 'fields.unknownValue'),
    value: requiredText(300),
    label: optionalText(80),
  })
  .superRefine((action, ctx) => {
    const ok =
      action.type === 'phone' || action.type === 'whatsapp'
        ? PHONE.test(action.value)
        : action.type === 'email'
          ? EMAIL.test(action.value)
          : /^https?:\/\//i.test(action.value) && isSafeLinkUrl(action.value);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['value'], message: action.type === 'email' ? 'fields.email' : 'fields.unsafeUrl' });
  });
export type TContactAction = z.infer<typeof ZContactAction>;

export const ZNavbarItem = z.object({
  id: itemId,
  label: requiredText(80),
  url: linkUrl,
  isVisible: z.boolean('fields.invalid'),
  isExternal: z.boolean('fields.invalid'),
});
export type TNavbarItem = z.infer<typeof ZNavbarItem>;

export const ROBOTS_VALUES = ['index,follow', 'noindex,follow', 'index,nofollow', 'noindex,nofollow'] as const;

export const ZMetaData = z.object({
  title: optionalText(120),
  description: optionalText(320),
  canonical: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .refine((v) => /^https?:\/\//i.test(v) && isSafeLinkUrl(v), 'fields.unsafeUrl'),
    ])
    .optional(),
  robots: z.enum(ROBOTS_VALUES, 'fields.unknownValue').optional(),
  shareImage: optionalImage,
  /** Images the browser should fetch first (the hero's, usually). */
  preload: list(imageUrl, LANDING_LIMITS.preload).optional(),
});
export type TMetaData = z.infer<typeof ZMetaData>;

export const ZTrackingPixel = z
  .object({ provider: z.enum(PIXEL_PROVIDERS, 'fields.unknownValue'), id: z.string('fields.required').trim() })
  .superRefine((pixel, ctx) => {
    if (!PIXEL_ID_PATTERNS[pixel.provider].test(pixel.id)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'fields.pixelId' });
  });
export type TTrackingPixel = z.infer<typeof ZTrackingPixel>;

export const ZPricingPlan = z.object({
  id: itemId,
  name: requiredText(LANDING_LIMITS.short),
  price: requiredText(40),
  period: optionalText(40),
  description: optionalText(LANDING_LIMITS.medium),
  features: list(requiredText(LANDING_LIMITS.short), LANDING_LIMITS.pricingFeatures).optional(),
  isPopular: z.boolean('fields.invalid').optional(),
  ctaLabel: optionalText(80),
  ctaUrl: z.union([z.literal(''), linkUrl]).optional(),
});
export type TPricingPlan = z.infer<typeof ZPricingPlan>;

export const ZContactForm = z.object({ title: optionalText(LANDING_LIMITS.short), description: optionalText(LANDING_LIMITS.medium) });
export type TContactForm = z.infer<typeof ZContactForm>;

const ZCustomSlug = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    // Letters of any script (an Arabic slug is sent percent-encoded), digits and inner hyphens (decision 059).
    .transform((v) => v.normalize('NFKC'))
    .pipe(z.string().regex(/^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u, 'fields.slug'))
    // What fits a path segment and does not shadow one of our own routes.
    .refine((v) => !isReservedSlug(v), 'fields.slugReserved'),
]);

/** Spec §5: course_content and meta_data may arrive as JSON strings; unreadable ones become empty. */
function jsonString<T extends z.ZodType>(schema: T, fallback: unknown) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return fallback;
    }
  }, schema);
}

/** Everything the editor saves. */
export const ZLandingPageInput = z.object({
  title: requiredText(LANDING_LIMITS.short),
  subtitle: optionalText(LANDING_LIMITS.short),
  description: optionalText(LANDING_LIMITS.medium * 2),
  hero_image_url: optionalImage,
  logo_url: optionalImage,
  theme_colors: ZThemeColors,
  custom_slug: ZCustomSlug.optional(),
  tracking_pixels: list(ZTrackingPixel, LANDING_LIMITS.pixels),
  sections_config: ZSectionsConfig,
  hero_background: ZHeroBackground,
  hero_cta: ZHeroCta,
  course_content: jsonString(list(ZCourseContentItem, LANDING_LIMITS.courseContent), []),
  features: list(ZFeature, LANDING_LIMITS.features),
  hero_features: list(ZHeroFeature, LANDING_LIMITS.heroFeatures),
  about_me: ZAboutMe,
  testimonials: list(ZTestimonial, LANDING_LIMITS.testimonials),
  faq: list(ZFaqItem, LANDING_LIMITS.faq, 'fields.faqLimit'),
  contact_actions: list(ZContactAction, LANDING_LIMITS.contactActions),
  /** null: the default links (spec §2.7). */
  navbar_items: list(ZNavbarItem, LANDING_LIMITS.navbarItems).nullable(),
  meta_data: jsonString(ZMetaData, {}),
  pricing: list(ZPricingPlan, LANDING_LIMITS.pricing),
  contact_form: ZContactForm,
});
export type TLandingPageInput = z.infer<typeof ZLandingPageInput>;

export const ZLandingPageCreate = z.object({
  title: requiredText(LANDING_LIMITS.short),
  /** Start from the demo content (true) or from an empty page. */
  template: z.enum(['starter', 'blank'], 'fields.unknownValue').default('starter'),
});
export type TLandingPageCreate = z.infer<typeof ZLandingPageCreate>;

/** A stored page as the API returns it to its owner. */
export type TLandingPage = Omit<TLandingPageInput, 'custom_slug'> & {
  id: string;
  teacher_id: string;
  is_published: boolean;
  is_main: boolean;
  custom_slug: string | null;
  views_count: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** A published page with saved changes visitors do not see yet ("save draft"); publishing applies them. */
  has_draft: boolean;
  /** The page's address on the teacher's subdomain (derived). */
  url: string;
  teacher: { subdomain: string };
};

export type TLandingPageSummary = Pick<TLandingPage, 'id' | 'title' | 'is_published' | 'is_main' | 'custom_slug' | 'views_count' | 'updated_at' | 'url'> & {
  slug: string;
};
