import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teachers } from './accounts';

/**
 * Spec §3 teacher_landing_pages. The JSON columns are validated by src/shared/schemas/landing.ts on the
 * way in and re-checked by the renderer on the way out. `pricing` and `contact_form` hold the texts of
 * two sections the spec lists without naming their fields.
 */
export const teacherLandingPages = pgTable(
  'teacher_landing_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    heroImageUrl: text('hero_image_url'),
    logoUrl: text('logo_url'),
    themeColors: jsonb('theme_colors')
      .notNull()
      .default(sql`'{}'::jsonb`),
    isPublished: boolean('is_published').notNull().default(false),
    isMain: boolean('is_main').notNull().default(false),
    customSlug: text('custom_slug'),
    trackingPixels: jsonb('tracking_pixels')
      .notNull()
      .default(sql`'[]'::jsonb`),
    sectionsConfig: jsonb('sections_config')
      .notNull()
      .default(sql`'{}'::jsonb`),
    heroBackground: jsonb('hero_background')
      .notNull()
      .default(sql`'{}'::jsonb`),
    heroCta: jsonb('hero_cta')
      .notNull()
      .default(sql`'{}'::jsonb`),
    courseContent: jsonb('course_content')
      .notNull()
      .default(sql`'[]'::jsonb`),
    features: jsonb('features')
      .notNull()
      .default(sql`'[]'::jsonb`),
    heroFeatures: jsonb('hero_features')
      .notNull()
      .default(sql`'[]'::jsonb`),
    aboutMe: jsonb('about_me')
      .notNull()
      .default(sql`'{}'::jsonb`),
    testimonials: jsonb('testimonials')
      .notNull()
      .default(sql`'[]'::jsonb`),
    faq: jsonb('faq')
      .notNull()
      .default(sql`'[]'::jsonb`),
    contactActions: jsonb('contact_actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** null: the default links (spec §2.7). */
    navbarItems: jsonb('navbar_items'),
    metaData: jsonb('meta_data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    pricing: jsonb('pricing')
      .notNull()
      .default(sql`'[]'::jsonb`),
    contactForm: jsonb('contact_form')
      .notNull()
      .default(sql`'{}'::jsonb`),
    viewsCount: integer('views_count').notNull().default(0),
    /**
     * "Save draft" on a published page (decision 025, made true by issue 24): the editor's saved fields, not yet
     * what visitors see. Publishing folds them into the columns above; null when the page has no pending draft.
     */
    draft: jsonb('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('landing_pages_teacher_idx').on(t.teacherId, t.createdAt),
    // Spec: one main page per teacher; custom slugs unique per teacher, whatever their case.
    uniqueIndex('landing_pages_main_key')
      .on(t.teacherId)
      .where(sql`${t.isMain}`),
    uniqueIndex('landing_pages_slug_key')
      .on(t.teacherId, sql`lower(${t.customSlug})`)
      .where(sql`${t.customSlug} is not null`),
  ],
);

/**
 * One row per visitor, page and day: the counter goes up only when the row is new. The visitor is a
 * keyed hash of address and browser, so no cookie is needed and no address is stored.
 */
export const landingPageViews = pgTable(
  'landing_page_views',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id')
      .notNull()
      .references(() => teacherLandingPages.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.day, t.visitor] }), index('landing_page_views_teacher_idx').on(t.teacherId, t.day)],
);

/** Messages sent through a landing page's contact form, for the teacher (/dashboard/messages). */
export const landingContactRequests = pgTable(
  'landing_contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id').references(() => teacherLandingPages.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landing_contact_teacher_idx').on(t.teacherId, t.createdAt)],
);

/** Images teachers uploaded for their pages, re-encoded and stored under generated names. */
export const landingImages = pgTable(
  'landing_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    /** The stored file's name, e.g. "3f2a….webp"; served at /landing-assets/uploads/{name}. */
    fileName: text('file_name').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landing_images_teacher_idx').on(t.teacherId)],
);
