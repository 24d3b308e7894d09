import type { TConfig } from '@server/core/config';
import type { teacherLandingPages } from '@server/core/db/schema';
import { ZLandingPageInput, type TLandingPage, type TLandingPageInput } from '@shared/schemas/landing';
import { pageUrl } from './page-urls';
import { blankContent } from './starter';

export type TLandingPageRow = typeof teacherLandingPages.$inferSelect;

/** A row's columns under the spec's field names (snake_case, as the API and the shared view model speak). */
export function columnFields(row: TLandingPageRow): Record<string, unknown> {
  return {
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    hero_image_url: row.heroImageUrl,
    logo_url: row.logoUrl,
    theme_colors: row.themeColors,
    custom_slug: row.customSlug,
    tracking_pixels: row.trackingPixels,
    sections_config: row.sectionsConfig,
    hero_background: row.heroBackground,
    hero_cta: row.heroCta,
    course_content: row.courseContent,
    features: row.features,
    hero_features: row.heroFeatures,
    about_me: row.aboutMe,
    testimonials: row.testimonials,
    faq: row.faq,
    contact_actions: row.contactActions,
    navbar_items: row.navbarItems,
    meta_data: row.metaData,
    pricing: row.pricing,
    contact_form: row.contactForm,
  };
}

function toInputFields(row: TLandingPageRow): TLandingPageInput {
  // Stored JSON is re-read through the same schema the editor saves with; a field that fails (an old
  // row, a hand edit) falls back to its empty value instead of breaking the editor.
  const blank = blankContent(row.title);
  // The editor's inputs: an empty text rather than null.
  const raw: Record<string, unknown> = {
    ...columnFields(row),
    subtitle: row.subtitle ?? '',
    description: row.description ?? '',
    hero_image_url: row.heroImageUrl ?? '',
    logo_url: row.logoUrl ?? '',
    custom_slug: row.customSlug ?? '',
  };
  const shape = ZLandingPageInput.shape;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as Array<keyof typeof shape>) {
    const parsed = shape[key].safeParse(raw[key]);
    out[key] = parsed.success ? parsed.data : blank[key];
  }
  return out as TLandingPageInput;
}

/** The row as its draft would make it: what the editor shows and "publish" applies (a bad draft is ignored). */
export function withDraft(row: TLandingPageRow): TLandingPageRow {
  if (row.draft === null || row.draft === undefined) return row;
  const parsed = ZLandingPageInput.safeParse(row.draft);
  return parsed.success ? { ...row, ...toColumns(parsed.data) } : row;
}

/** The columns a pending draft sets when it is published (and clears); nothing when there is none. */
export function draftColumns(row: TLandingPageRow) {
  if (row.draft === null || row.draft === undefined) return {};
  const parsed = ZLandingPageInput.safeParse(row.draft);
  return parsed.success ? { ...toColumns(parsed.data), draft: null } : { draft: null };
}

export function toApiPage(row: TLandingPageRow, subdomain: string, config: Pick<TConfig, 'publicHost' | 'publicHttps'>): TLandingPage {
  const edited = withDraft(row);
  return {
    ...toInputFields(edited),
    id: row.id,
    teacher_id: row.teacherId,
    is_published: row.isPublished,
    is_main: row.isMain,
    custom_slug: edited.customSlug,
    views_count: row.viewsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    has_draft: row.draft !== null && row.draft !== undefined,
    url: pageUrl(config, subdomain, row),
    teacher: { subdomain },
  };
}

export function toColumns(input: TLandingPageInput) {
  return {
    title: input.title,
    subtitle: input.subtitle || null,
    description: input.description || null,
    heroImageUrl: input.hero_image_url || null,
    logoUrl: input.logo_url || null,
    themeColors: input.theme_colors,
    customSlug: input.custom_slug ? input.custom_slug : null,
    trackingPixels: input.tracking_pixels,
    sectionsConfig: input.sections_config,
    heroBackground: input.hero_background,
    heroCta: input.hero_cta,
    courseContent: input.course_content,
    features: input.features,
    heroFeatures: input.hero_features,
    aboutMe: input.about_me,
    testimonials: input.testimonials,
    faq: input.faq,
    contactActions: input.contact_actions,
    navbarItems: input.navbar_items,
    metaData: input.meta_data,
    pricing: input.pricing,
    contactForm: input.contact_form,
  };
}
