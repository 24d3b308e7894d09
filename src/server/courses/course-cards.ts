import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { TLandingCourseCard } from '@shared/landing-view';
import type { Db } from '@server/core/db/client';
import { courses, lessons, lessonVideos } from '@server/core/db/schema';
import { activePlans } from './queries';
import { coverUrl } from './views';

/** A published course as its landing-page card: the views' own type (src/shared stays free of server code). */
export type TCourseCard = TLandingCourseCard;

/**
 * Published courses of a teacher, as cards for the course-content section of their landing page.
 * Owned by the courses domain; the landing renderer only calls it.
 */
export async function publishedCourseCards(db: Db, teacherId: string): Promise<TCourseCard[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.teacherId, teacherId), eq(courses.status, 'published')))
    .orderBy(asc(courses.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // What a student will find: a video lesson counts once its video is ready (issue 12), with its length.
  const counts = await db
    .select({ courseId: lessons.courseId, n: sql<number>`count(*)::int`, seconds: sql<number>`coalesce(sum(${lessonVideos.durationSec}), 0)::float8` })
    .from(lessons)
    .leftJoin(lessonVideos, and(eq(lessonVideos.lessonId, lessons.id), eq(lessonVideos.state, 'ready')))
    .where(and(inArray(lessons.courseId, ids), or(ne(lessons.type, 'video'), sql`${lessonVideos.lessonId} is not null`)))
    .groupBy(lessons.courseId);
  const plans = await activePlans(db, ids);
  return rows.map((c) => {
    const own = plans.filter((p) => p.courseId === c.id);
    const prices = own.some((p) => p.type === 'free') ? [0] : own.map((p) => p.priceDzd);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      coverUrl: coverUrl(c),
      kind: c.kind as TCourseCard['kind'],
      priceFromDzd: prices.length ? Math.min(...prices) : 0,
      lessonCount: counts.find((x) => x.courseId === c.id)?.n ?? 0,
      videoSeconds: Math.round(counts.find((x) => x.courseId === c.id)?.seconds ?? 0),
      plans: own.map((p) => ({ type: p.type, priceDzd: p.priceDzd, durationDays: p.durationDays })),
    };
  });
}
