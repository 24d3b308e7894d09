import { and, asc, eq } from 'drizzle-orm';
import { isValidPixel } from '@shared/landing-pixels';
import type { TTeacherRow } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { courses, teacherLandingPages } from '@server/core/db/schema';

/**
 * The ads screen (spec §2.4): every tracking pixel the teacher placed on a landing page, and the public
 * address of each page and published course, to which the screen adds campaign parameters. Pixels are
 * edited where they live (each page's settings); this only gathers them in one place.
 */
export async function adsOverview(db: Db, teacher: TTeacherRow, config: Pick<TConfig, 'publicHost' | 'publicHttps'>) {
  const platformUrl = `${config.publicHttps ? 'https' : 'http'}://${teacher.subdomain}.${config.publicHost}`;
  const pages = await db
    .select({
      id: teacherLandingPages.id,
      title: teacherLandingPages.title,
      isPublished: teacherLandingPages.isPublished,
      isMain: teacherLandingPages.isMain,
      customSlug: teacherLandingPages.customSlug,
      pixels: teacherLandingPages.trackingPixels,
    })
    .from(teacherLandingPages)
    .where(eq(teacherLandingPages.teacherId, teacher.id))
    .orderBy(asc(teacherLandingPages.createdAt), asc(teacherLandingPages.id));
  const published = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.teacherId, teacher.id), eq(courses.status, 'published')))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return {
    platformUrl,
    pages: pages.map((p) => ({
      id: p.id,
      title: p.title,
      isPublished: p.isPublished,
      isMain: p.isMain,
      url: p.isMain ? `${platformUrl}/` : p.customSlug ? `${platformUrl}/${encodeURIComponent(p.customSlug)}` : `${platformUrl}/landing/${p.id}`,
      pixels: (Array.isArray(p.pixels) ? p.pixels : []).filter(isValidPixel),
    })),
    courses: published.map((c) => ({ id: c.id, title: c.title, url: `${platformUrl}/courses/${c.id}` })),
  };
}
