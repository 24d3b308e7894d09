import { and, asc, eq } from 'drizzle-orm';
import type { TTeacherRow } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages } from '@server/core/db/schema';
import { assertPageId } from './page-ids';
import { toApiPage, type TLandingPageRow } from './page-fields';
import { ownedRow } from '@server/core/db/owned-row';

export type TPagesDeps = {
  db: Db;
  config: Pick<TConfig, 'publicHost' | 'publicHttps'>;
  /** Called after any change that can alter what visitors see; drops that teacher's cached pages here. */
  onChange: (teacherId: string, subdomain: string, pageId?: string) => void;
  /** Tells the other instances, inside the write's transaction (decision 076). */
  announce: (tx: Db, teacherId: string, subdomain: string, pageId?: string) => Promise<void>;
};

/** What every page use case shares: the teacher's own row, the main-page rule and the API shape. */
export function pageContext(deps: TPagesDeps) {
  const { db, config, onChange, announce } = deps;
  async function ownRow(teacherId: string, id: string, tx: Db = db): Promise<TLandingPageRow> {
    assertPageId(id);
    // Another teacher's page is reported exactly like a missing one: ids reveal nothing.
    return ownedRow(tx, teacherLandingPages, teacherId, id, 'LANDING_PAGE_NOT_FOUND');
  }

  /** Spec §4: when there are published pages but none is main, the first (oldest) becomes main. */
  async function ensureMain(tx: Db, teacherId: string): Promise<void> {
    const published = await tx
      .select({ id: teacherLandingPages.id, isMain: teacherLandingPages.isMain })
      .from(teacherLandingPages)
      .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true)))
      .orderBy(asc(teacherLandingPages.createdAt), asc(teacherLandingPages.id));
    if (published.length === 0 || published.some((p) => p.isMain)) return;
    await tx
      .update(teacherLandingPages)
      .set({ isMain: false })
      .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isMain, true)));
    await tx.update(teacherLandingPages).set({ isMain: true }).where(eq(teacherLandingPages.id, published[0]!.id));
  }

  return {
    db,
    config,
    ownRow,
    ensureMain,
    changed: (teacher: TTeacherRow, pageId?: string) => onChange(teacher.id, teacher.subdomain, pageId),
    announce: (tx: Db, teacher: TTeacherRow, pageId?: string) => announce(tx, teacher.id, teacher.subdomain, pageId),
    api: (teacher: TTeacherRow, row: TLandingPageRow) => toApiPage(row, teacher.subdomain, config),
  };
}

export type TPageContext = ReturnType<typeof pageContext>;
