import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TTeacherRow } from '@server/auth';
import { pgErrorCode } from '@server/core/db/errors';
import { teacherLandingPages } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TLanguage } from '@shared/i18n';
import { slugFromTitle, slugKey } from '@shared/landing-slug';
import { legacySlugFromTitle } from '@shared/landing-slug-legacy';
import { LANDING_LIMITS, type TLandingPage, type TLandingPageCreate, type TLandingPageInput, type TLandingPageSummary } from '@shared/schemas/landing';
import type { TPageContext } from './page-context';
import { toColumns, withDraft } from './page-fields';
import { pageUrl, routableSlug } from './page-urls';
import { blankContent, starterContent } from './starter';

/** Spec §9: a page is at most 2 MB, measured as the JSON it is stored as. */
function assertPageSize(input: unknown): void {
  if (Buffer.byteLength(JSON.stringify(input), 'utf8') > LANDING_LIMITS.pageBytes) throw new AppError('LANDING_PAGE_TOO_LARGE');
}

/**
 * A custom slug may not take the address another published page of the teacher already answers to by its
 * title (readable or first-weeks slug): its shared links would silently start showing this page. Two
 * custom slugs are kept apart by the unique index (slugConflict).
 */
async function assertSlugFree(ctx: TPageContext, teacherId: string, id: string, customSlug: string): Promise<void> {
  if (!customSlug) return;
  const key = slugKey(customSlug);
  const others = await ctx.db
    .select({ title: teacherLandingPages.title })
    .from(teacherLandingPages)
    .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true), ne(teacherLandingPages.id, id)));
  if (others.some((p) => slugFromTitle(p.title) === key || legacySlugFromTitle(p.title) === key)) throw new AppError('LANDING_SLUG_TAKEN');
}

function slugConflict(error: unknown): never {
  if (pgErrorCode(error) === '23505') throw new AppError('LANDING_SLUG_TAKEN');
  if (pgErrorCode(error) === '22P02') throw new AppError('LANDING_INVALID_ID');
  throw error;
}

/** The teacher's editor: list, read, create, save, duplicate and delete their pages. */
export function editPages(ctx: TPageContext) {
  const { db, config, ownRow, ensureMain, changed, announce, api } = ctx;
  return {
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
      const current = await ownRow(teacher.id, id);
      await assertSlugFree(ctx, teacher.id, id, input.custom_slug ?? '');
      // A published page keeps what visitors see: the saved fields wait as its draft until "publish" (decision 025).
      if (current.isPublished) {
        const [kept] = await db
          .update(teacherLandingPages)
          .set({ draft: input, updatedAt: sql`now()` })
          .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, teacher.id)))
          .returning();
        return api(teacher, kept!);
      }
      const row = await db
        .transaction(async (tx) => {
          const [updated] = await tx
            .update(teacherLandingPages)
            .set({ ...toColumns(input), draft: null, updatedAt: sql`now()` })
            .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, teacher.id)))
            .returning();
          if (updated) await announce(tx, teacher, updated.isPublished ? id : undefined);
          return updated;
        })
        .catch(slugConflict);
      changed(teacher, row!.isPublished ? id : undefined);
      return api(teacher, row!);
    },

    async duplicate(teacher: TTeacherRow, id: string, copySuffix: string): Promise<TLandingPage> {
      const source = await ownRow(teacher.id, id);
      // The copy is what the teacher was editing: the draft, if any, folded in.
      const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, viewsCount: _v, draft: _d, ...rest } = withDraft(source);
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
        await announce(tx, teacher);
      });
      changed(teacher);
    },
  };
}
