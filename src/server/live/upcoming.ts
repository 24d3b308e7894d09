import { and, asc, eq, exists, gt, or, sql } from 'drizzle-orm';
import { courses, enrollments, liveGroupMembers, liveSessionGroups, liveSessions, teachers } from '@server/core/db/schema';
import { activeSubscription } from '@server/plans';
import type { TLiveDeps } from './deps';
import { JOIN_OPENS_BEFORE_MS } from './provider';

const UPCOMING_LIMIT = 20;

/**
 * A student's coming sessions (My Subscriptions, the course page): their active subscriptions' sessions,
 * aimed at the whole course or at a group they are in, not yet over. A cancelled one stays listed, marked,
 * so that nobody waits for it.
 */
export async function upcomingForStudent({ db, clock }: TLiveDeps, studentId: string, filter: { platform: string | null; courseId: string | null }) {
  const now = clock.now();
  const endExpr = sql`${liveSessions.startsAt} + make_interval(mins => ${liveSessions.durationMinutes})`;
  const inGroup = exists(
    db
      .select({ one: sql`1` })
      .from(liveSessionGroups)
      .innerJoin(liveGroupMembers, eq(liveGroupMembers.groupId, liveSessionGroups.groupId))
      .where(and(eq(liveSessionGroups.sessionId, liveSessions.id), eq(liveGroupMembers.studentId, studentId))),
  );
  const rows = await db
    .select({
      id: liveSessions.id,
      title: liveSessions.title,
      courseId: liveSessions.courseId,
      courseTitle: courses.title,
      teacherName: teachers.name,
      startsAt: liveSessions.startsAt,
      durationMinutes: liveSessions.durationMinutes,
      status: liveSessions.status,
    })
    .from(liveSessions)
    .innerJoin(enrollments, and(eq(enrollments.courseId, liveSessions.courseId), eq(enrollments.studentId, studentId)))
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .innerJoin(teachers, eq(teachers.id, liveSessions.teacherId))
    .where(
      and(
        activeSubscription(now),
        sql`${endExpr} > ${now.toISOString()}::timestamptz`,
        or(eq(liveSessions.target, 'course'), inGroup),
        filter.platform ? eq(sql`lower(${teachers.subdomain})`, filter.platform.toLowerCase()) : undefined,
        filter.courseId ? eq(liveSessions.courseId, filter.courseId) : undefined,
        // Sessions cancelled long ago are noise; a cancellation of the coming week is news.
        or(eq(liveSessions.status, 'scheduled'), gt(liveSessions.startsAt, now)),
      ),
    )
    .orderBy(asc(liveSessions.startsAt))
    .limit(UPCOMING_LIMIT);
  return {
    now: now.toISOString(),
    sessions: rows.map((r) => ({
      ...r,
      startsAt: r.startsAt.toISOString(),
      endsAt: new Date(r.startsAt.getTime() + r.durationMinutes * 60_000).toISOString(),
      opensAt: new Date(r.startsAt.getTime() - JOIN_OPENS_BEFORE_MS).toISOString(),
    })),
  };
}
