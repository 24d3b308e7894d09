import { createHmac } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { landingContactRequests, landingPageViews, teacherLandingPages, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TContactRequest, TContactRequestInput } from '@shared/schemas/landing-contact';
import { consume } from '@server/core/attempt-limits';
import { assertPageId, isPageId } from './page-ids';
import { teacherIsActive } from '@server/core/db/teacher-active';

/** Spec-less spam limits for the contact form (issue 4): per address, and per page per day. */
const CONTACT_LIMIT = { perIp: 5, perIpWindowMs: 10 * 60_000, perPagePerDay: 200 };

type TDeps = { db: Db; secret: string };

/** A published page of an active teacher, or LANDING_PAGE_NOT_FOUND. */
async function livePage(db: Db, pageId: string) {
  assertPageId(pageId);
  const [page] = await db
    .select({ id: teacherLandingPages.id, teacherId: teacherLandingPages.teacherId })
    .from(teacherLandingPages)
    .innerJoin(teachers, eq(teachers.id, teacherLandingPages.teacherId))
    .where(and(eq(teacherLandingPages.id, pageId), eq(teacherLandingPages.isPublished, true), teacherIsActive));
  if (!page) throw new AppError('LANDING_PAGE_NOT_FOUND');
  return page;
}

export function landingPublicService({ db, secret }: TDeps) {
  /** A visitor is a keyed hash of address and browser: no cookie, and no address stored. */
  const visitorOf = (ip: string, userAgent: string) => createHmac('sha256', secret).update(`landing-views|${ip}|${userAgent}`).digest('base64url').slice(0, 32);

  return {
    /** Spec §4 views: counted at most once per visitor, page and (UTC) day. */
    async countView(pageId: string, ip: string, userAgent: string): Promise<{ counted: boolean }> {
      const page = await livePage(db, pageId);
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(landingPageViews)
          .values({ teacherId: page.teacherId, pageId: page.id, visitor: visitorOf(ip, userAgent), day: sql`(now() at time zone 'utc')::date` })
          .onConflictDoNothing()
          .returning({ pageId: landingPageViews.pageId });
        if (inserted.length === 0) return { counted: false };
        // updated_at is left alone: a view does not change what the page shows.
        await tx
          .update(teacherLandingPages)
          .set({ viewsCount: sql`${teacherLandingPages.viewsCount} + 1` })
          .where(eq(teacherLandingPages.id, page.id));
        return { counted: true };
      });
    },

    /** Stores a contact request for the page's teacher. A filled honeypot is accepted and dropped. */
    async contact(pageId: string, input: TContactRequestInput, ip: string): Promise<void> {
      const page = await livePage(db, pageId);
      await consume(db, { key: `landing-contact:${ip}`, max: CONTACT_LIMIT.perIp, windowMs: CONTACT_LIMIT.perIpWindowMs });
      await consume(db, { key: `landing-contact-page:${page.id}`, max: CONTACT_LIMIT.perPagePerDay, windowMs: 24 * 60 * 60_000 });
      if (input.website) return;
      await db.insert(landingContactRequests).values({
        teacherId: page.teacherId,
        pageId: page.id,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        subject: input.subject,
        message: input.message,
      });
    },

    async listRequests(teacherId: string, filter: 'all' | 'open' | 'handled'): Promise<TContactRequest[]> {
      const rows = await db
        .select({ request: landingContactRequests, pageTitle: teacherLandingPages.title })
        .from(landingContactRequests)
        .leftJoin(teacherLandingPages, eq(teacherLandingPages.id, landingContactRequests.pageId))
        .where(
          and(
            eq(landingContactRequests.teacherId, teacherId),
            filter === 'open'
              ? isNull(landingContactRequests.handledAt)
              : filter === 'handled'
                ? sql`${landingContactRequests.handledAt} is not null`
                : undefined,
          ),
        )
        .orderBy(desc(landingContactRequests.createdAt))
        .limit(500);
      return rows.map(({ request: r, pageTitle }) => ({
        id: r.id,
        page_id: r.pageId,
        page_title: pageTitle,
        name: r.name,
        email: r.email,
        phone: r.phone,
        subject: r.subject,
        message: r.message,
        handled: r.handledAt !== null,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async setHandled(teacherId: string, id: string, handled: boolean): Promise<void> {
      // Not a page id: a malformed request id names no request (and must not answer with the page message).
      if (!isPageId(id)) throw new AppError('NOT_FOUND');
      const updated = await db
        .update(landingContactRequests)
        .set({ handledAt: handled ? sql`now()` : null })
        .where(and(eq(landingContactRequests.id, id), eq(landingContactRequests.teacherId, teacherId)))
        .returning({ id: landingContactRequests.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND');
    },
  };
}
