import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TTeacherRow, TViewer } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { pgErrorCode } from '@server/core/db/errors';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TLanguage } from '@shared/i18n';
import { isReservedSlug } from '@shared/landing-reserved';
import { slugFromTitle } from '@shared/landing-slug';
import {
  LANDING_LIMITS,
  ZLandingPageInput,
  type TLandingPage,
  type TLandingPageCreate,
  type TLandingPageInput,
  type TLandingPageSummary,
} from '@shared/schemas/landing';
import { audit } from '@server/core/audit';
import { blankContent, starterContent } from './starter';

type TRow = typeof teacherLandingPages.$inferSelect;
export type TLandingPageRow = TRow;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §8: a malformed id is PostgreSQL's 22P02; we refuse it before the query, with its message. */
export function assertPageId(id: string): void {
  if (!UUID.test(id)) throw new AppError('LANDING_INVALID_ID');
}

export function isPageId(id: string): boolean {
  return UUID.test(id);
}

/**
 * The slug a page answers to on its teacher's host: its custom slug, else its title slug unless that names
 * one of the app's own routes (a page titled "Login" must not take /login).
 */
export function routableSlug(row: Pick<TRow, 'customSlug' | 'title'>): string {
  if (row.customSlug) return isReservedSlug(row.customSlug) ? '' : row.customSlug;
  const slug = slugFromTitle(row.title);
  return isReservedSlug(slug) ? '' : slug;
}

/** The address of a page on its teacher's subdomain: / for the main page, else its slug. */
export function pageUrl(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, subdomain: string, row: Pick<TRow, 'isMain' | 'customSlug' | 'title' | 'id'>) {
  const base = `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;
  if (row.isMain) return `${base}/`;
  const slug = routableSlug(row);
  return slug ? `${base}/${encodeURIComponent(slug)}` : `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}/landing/${row.id}`;
}

function toInputFields(row: TRow): TLandingPageInput {
  // Stored JSON is re-read through the same schema the editor saves with; a field that fails (an old
  // row, a hand edit) falls back to its empty value instead of breaking the editor.
  const blank = blankContent(row.title);
  const raw: Record<string, unknown> = {
    title: row.title,
    subtitle: row.subtitle ?? '',
    description: row.description ?? '',
    hero_image_url: row.heroImageUrl ?? '',
    logo_url: row.logoUrl ?? '',
    theme_colors: row.themeColors,
    custom_slug: row.customSlug ?? '',
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
    navbar_items: row.navbarItems ?? null,
    meta_data: row.metaData,
    pricing: row.pricing,
    contact_form: row.contactForm,
  };
  const shape = ZLandingPageInput.shape;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as Array<keyof typeof shape>) {
    const parsed = shape[key].safeParse(raw[key]);
    out[key] = parsed.success ? parsed.data : blank[key];
  }
  return out as TLandingPageInput;
}

function toApiPage(row: TRow, subdomain: string, config: Pick<TConfig, 'publicHost' | 'publicHttps'>): TLandingPage {
  return {
    ...toInputFields(row),
    id: row.id,
    teacher_id: row.teacherId,
    is_published: row.isPublished,
    is_main: row.isMain,
    custom_slug: row.customSlug,
    views_count: row.viewsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    url: pageUrl(config, subdomain, row),
    teacher: { subdomain },
  };
}

function toColumns(input: TLandingPageInput) {
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

/** Spec §9: a page is at most 2 MB, measured as the JSON it is stored as. */
function assertPageSize(input: unknown): void {
  if (Buffer.byteLength(JSON.stringify(input), 'utf8') > LANDING_LIMITS.pageBytes) throw new AppError('LANDING_PAGE_TOO_LARGE');
}

function slugConflict(error: unknown): never {
  if (pgErrorCode(error) === '23505') throw new AppError('LANDING_SLUG_TAKEN');
  if (pgErrorCode(error) === '22P02') throw new AppError('LANDING_INVALID_ID');
  throw error;
}

type TPagesDeps = {
  db: Db;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  /** Called after any change that can alter what visitors see; drops that teacher's cached pages. */
  onChange: (teacherId: string, subdomain: string, pageId?: string) => void;
};

export function landingPagesService({ db, config, onChange }: TPagesDeps) {
  async function ownRow(teacherId: string, id: string, tx: Db = db): Promise<TRow> {
    assertPageId(id);
    const [row] = await tx
      .select()
      .from(teacherLandingPages)
      .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, teacherId)));
    // Another teacher's page is reported exactly like a missing one: ids reveal nothing.
    if (!row) throw new AppError('LANDING_PAGE_NOT_FOUND');
    return row;
  }

  /** Spec §4: when there are published pages but none is main, the first (oldest) becomes main. */
  async function ensureMain(tx: Db, teacherId: string): Promise<void> {
    const published = await tx
      .select({ id: teacherLandingPages.id, isMain: teacherLandingPages.isMain })
      .from(teacherLandingPages)
      .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true)))
      .orderBy(asc(teacherLandingPages.createdAt), asc(teacherLandingPages.id));
    if (published.length === 0 || published.some((p) => p.isMain)) return;
    await tx.update(teacherLandingPages).set({ isMain: false }).where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isMain, true)));
    await tx.update(teacherLandingPages).set({ isMain: true }).where(eq(teacherLandingPages.id, published[0]!.id));
  }

  const changed = (teacher: TTeacherRow, pageId?: string) => onChange(teacher.id, teacher.subdomain, pageId);
  const api = (teacher: TTeacherRow, row: TRow) => toApiPage(row, teacher.subdomain, config);

  return {
    ensureMain,

    async list(teacher: TTeacherRow): Promise<TLandingPageSummary[]> {
      const rows = await db
        .select()
        .from(teacherLandingPages)
        .where(eq(teacherLandingPages.teacherId, teacher.id))
        .orderBy(desc(teacherLandingPages.isMain), asc(teacherLandingPages.createdAt));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        is_published: row.isPublished,
        is_main: row.isMain,
        custom_slug: row.customSlug,
        views_count: row.viewsCount,
        updated_at: row.updatedAt.toISOString(),
        url: pageUrl(config, teacher.subdomain, row),
        slug: routableSlug(row),
      }));
    },

    async get(teacher: TTeacherRow, id: string): Promise<TLandingPage> {
      return api(teacher, await ownRow(teacher.id, id));
    },

    async create(teacher: TTeacherRow, input: TLandingPageCreate, lng: TLanguage): Promise<TLandingPage> {
      const content = input.template === 'blank' ? blankContent(input.title) : starterContent(input.title, lng, teacher.name);
      const [row] = await db
        .insert(teacherLandingPages)
        .values({ teacherId: teacher.id, ...toColumns(content) })
        .returning();
      return api(teacher, row!);
    },

    async save(teacher: TTeacherRow, id: string, input: TLandingPageInput): Promise<TLandingPage> {
      assertPageSize(input);
      await ownRow(teacher.id, id);
      const [row] = await db
        .update(teacherLandingPages)
        .set({ ...toColumns(input), updatedAt: sql`now()` })
        .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, teacher.id)))
        .returning()
        .catch(slugConflict);
      changed(teacher, row!.isPublished ? id : undefined);
      return api(teacher, row!);
    },

    async duplicate(teacher: TTeacherRow, id: string, copySuffix: string): Promise<TLandingPage> {
      const source = await ownRow(teacher.id, id);
      const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, viewsCount: _v, ...rest } = source;
      const [row] = await db
        .insert(teacherLandingPages)
        .values({ ...rest, title: `${source.title} ${copySuffix}`.slice(0, LANDING_LIMITS.short), isPublished: false, isMain: false, customSlug: null })
        .returning();
      return api(teacher, row!);
    },

    async remove(teacher: TTeacherRow, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await ownRow(teacher.id, id, tx);
        await tx.delete(teacherLandingPages).where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, teacher.id)));
        await ensureMain(tx, teacher.id);
      });
      changed(teacher);
    },

    async setPublished(teacher: TTeacherRow, viewer: TViewer, id: string, published: boolean, ip: string): Promise<TLandingPage> {
      const row = await db.transaction(async (tx) => {
        const before = await ownRow(teacher.id, id, tx);
        await tx
          .update(teacherLandingPages)
          .set({
            isPublished: published,
            // An unpublished page cannot stay the main one: the next published page takes over.
            ...(published ? { publishedAt: before.publishedAt ?? sql`now()` } : { isMain: false }),
            updatedAt: sql`now()`,
          })
          .where(eq(teacherLandingPages.id, id));
        await ensureMain(tx, teacher.id);
        if (before.isPublished !== published) {
          await audit(tx, {
            actorUserId: viewer.userId,
            actorRole: 'teacher',
            action: published ? 'landing.published' : 'landing.unpublished',
            targetType: 'landing_page',
            targetId: id,
            teacherId: teacher.id,
            details: { title: before.title },
            ip,
          });
        }
        return ownRow(teacher.id, id, tx);
      });
      changed(teacher, published ? id : undefined);
      return api(teacher, row);
    },

    async setMain(teacher: TTeacherRow, id: string): Promise<TLandingPage> {
      const row = await db.transaction(async (tx) => {
        const target = await ownRow(teacher.id, id, tx);
        if (!target.isPublished) throw new AppError('LANDING_MAIN_UNPUBLISHED');
        await tx
          .update(teacherLandingPages)
          .set({ isMain: false })
          .where(and(eq(teacherLandingPages.teacherId, teacher.id), eq(teacherLandingPages.isMain, true), ne(teacherLandingPages.id, id)));
        await tx.update(teacherLandingPages).set({ isMain: true, updatedAt: sql`now()` }).where(eq(teacherLandingPages.id, id));
        return ownRow(teacher.id, id, tx);
      });
      changed(teacher, id);
      return api(teacher, row);
    },

    /** The editor's preview: the owner's saved page, published or not (anyone else: null). */
    async ownRowForPreview(id: string, ownerTeacherId: string): Promise<{ row: TRow; subdomain: string } | null> {
      if (!isPageId(id)) return null;
      const [found] = await db
        .select({ page: teacherLandingPages, subdomain: teachers.subdomain })
        .from(teacherLandingPages)
        .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
        .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, ownerTeacherId)));
      return found ? { row: found.page, subdomain: found.subdomain } : null;
    },

    /**
     * The teacher's subdomain for a page id (spec §7.6), for the /t/{id} and /p/{id} redirects. Published
     * pages only: a draft's id tells nobody whose it is.
     */
    async subdomainOfPage(id: string): Promise<string | null> {
      if (!isPageId(id)) return null;
      const [row] = await db
        .select({ subdomain: teachers.subdomain })
        .from(teacherLandingPages)
        .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
        .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.isPublished, true)));
      return row?.subdomain ?? null;
    },
  };
}

export type TLandingPagesService = ReturnType<typeof landingPagesService>;
