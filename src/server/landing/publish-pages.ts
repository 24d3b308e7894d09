import { and, eq, ne, sql } from 'drizzle-orm';
import type { TTeacherRow, TViewer } from '@server/auth';
import { audit } from '@server/core/audit';
import { teacherLandingPages } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TLandingPage } from '@shared/schemas/landing';
import type { TPageContext } from './page-context';
import { draftColumns } from './page-fields';

/** Publishing, withdrawing and choosing the main page (spec §4). */
export function publishPages(ctx: TPageContext) {
  const { db, ownRow, ensureMain, changed, announce, api } = ctx;
  return {
    async setPublished(teacher: TTeacherRow, viewer: TViewer, id: string, published: boolean, ip: string): Promise<TLandingPage> {
      const row = await db.transaction(async (tx) => {
        const before = await ownRow(teacher.id, id, tx);
        // A saved draft becomes the page itself: published for visitors, or kept as the unpublished page.
        await tx
          .update(teacherLandingPages)
          .set({
            ...draftColumns(before),
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
        await announce(tx, teacher, published ? id : undefined);
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
        await tx
          .update(teacherLandingPages)
          .set({ isMain: true, updatedAt: sql`now()` })
          .where(eq(teacherLandingPages.id, id));
        await announce(tx, teacher, id);
        return ownRow(teacher.id, id, tx);
      });
      changed(teacher, id);
      return api(teacher, row);
    },
  };
}
