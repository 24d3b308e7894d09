import { and, eq, exists, gt, lt, notExists, or, sql } from 'drizzle-orm';
import { enrollments, liveGroupMembers, liveGroups, liveNoticesSent, liveSessionGroups, liveSessions, user } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { activeSubscription } from '@server/plans';
import { ownedRow } from '@server/core/db/owned-row';

export type TSessionRow = typeof liveSessions.$inferSelect;

/** A teacher's own session; another teacher's id is "not found" (the tenant boundary). */
export const ownSession = (db: TTx, teacherId: string, sessionId: string): Promise<TSessionRow> =>
  ownedRow(db, liveSessions, teacherId, sessionId, 'LIVE_SESSION_NOT_FOUND');

export const ownGroup = (db: TTx, teacherId: string, groupId: string) => ownedRow(db, liveGroups, teacherId, groupId, 'LIVE_GROUP_NOT_FOUND');

/** The session's student is in one of its groups (sessions aimed at the whole course need no group). */
const inTargetedGroup = (db: TTx, session: { id: string; target: string }) =>
  session.target === 'course'
    ? sql`true`
    : exists(
        db
          .select({ one: sql`1` })
          .from(liveSessionGroups)
          .innerJoin(liveGroupMembers, eq(liveGroupMembers.groupId, liveSessionGroups.groupId))
          .where(and(eq(liveSessionGroups.sessionId, session.id), eq(liveGroupMembers.studentId, enrollments.studentId))),
      );

export type TInvitee = { studentId: string; name: string; email: string; language: string };

/** Who is invited: an active subscription to the course, and a place in a targeted group when groups are chosen. */
export function invitees(db: TTx, session: { id: string; courseId: string; target: string }, now: Date): Promise<TInvitee[]> {
  return db
    .select({ studentId: enrollments.studentId, name: user.name, email: user.email, language: user.language })
    .from(enrollments)
    .innerJoin(user, eq(user.id, enrollments.studentId))
    .where(and(eq(enrollments.courseId, session.courseId), activeSubscription(now), inTargetedGroup(db, session)))
    .orderBy(user.name);
}

export const endOf = (s: { startsAt: Date; durationMinutes: number }) => new Date(s.startsAt.getTime() + s.durationMinutes * 60_000);

/** The marker a student's invitation to one session leaves (besides the message's own key): decision 115. */
export const invitedKey = (sessionId: string, studentId: string) => `invited:${sessionId}:${studentId}`;

/**
 * Invited students who never got the invitation of a coming session: they subscribed (or came back, or joined
 * a targeted group) after it was sent. Only subscriptions or group places that changed in the last `recent` are
 * looked at, so the per-minute job reads a handful of rows. An invitation sent before the markers existed
 * (key `invite:{first session of the series}::{student}`) counts too.
 */
export function uninvited(db: TTx, now: Date, horizon: Date, recent: Date, settled: Date) {
  const seriesFirst = sql`coalesce((select x.id from ${liveSessions} x where x.series_id = ${liveSessions.seriesId} order by x.starts_at limit 1), ${liveSessions.id})`;
  const sent = (key: ReturnType<typeof sql>) =>
    db
      .select({ one: sql`1` })
      .from(liveNoticesSent)
      .where(eq(liveNoticesSent.key, key));
  const member = sql`exists (select 1 from ${liveSessionGroups} sg join ${liveGroupMembers} gm on gm.group_id = sg.group_id where sg.session_id = ${liveSessions.id} and gm.student_id = ${enrollments.studentId}`;
  return db
    .select({ sessionId: liveSessions.id, seriesId: liveSessions.seriesId, studentId: enrollments.studentId, startsAt: liveSessions.startsAt })
    .from(liveSessions)
    .innerJoin(enrollments, eq(enrollments.courseId, liveSessions.courseId))
    .where(
      and(
        eq(liveSessions.status, 'scheduled'),
        gt(liveSessions.startsAt, now),
        lt(liveSessions.startsAt, horizon),
        // Its own invitation job had time to run first.
        lt(liveSessions.createdAt, settled),
        activeSubscription(now),
        or(eq(liveSessions.target, 'course'), sql`${member})`),
        or(gt(enrollments.updatedAt, recent), gt(enrollments.startedAt, recent), sql`${member} and gm.created_at > ${recent.toISOString()}::timestamptz)`),
        notExists(sent(sql`'invited:' || ${liveSessions.id} || ':' || ${enrollments.studentId}`)),
        notExists(sent(sql`'invite:' || ${seriesFirst} || '::' || ${enrollments.studentId}`)),
      ),
    )
    .orderBy(liveSessions.startsAt);
}
