import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import { isPageId } from './page-ids';
import { withDraft, type TLandingPageRow } from './page-fields';

/** Look-ups by page id for the public host: the editor's preview and the /t/{id}, /p/{id} redirects. */
export function findPages(db: Db) {
  return {
    /** The editor's preview: the owner's saved page with its draft, published or not (anyone else: null). */
    async ownRowForPreview(id: string, ownerTeacherId: string): Promise<{ row: TLandingPageRow; subdomain: string } | null> {
      if (!isPageId(id)) return null;
      const [found] = await db
        .select({ page: teacherLandingPages, subdomain: teachers.subdomain })
        .from(teacherLandingPages)
        .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
        .where(and(eq(teacherLandingPages.id, id), eq(teacherLandingPages.teacherId, ownerTeacherId)));
      return found ? { row: withDraft(found.page), subdomain: found.subdomain } : null;
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
