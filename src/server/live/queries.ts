import { and, eq, exists, sql } from 'drizzle-orm';
import { enrollments, liveGroupMembers, liveGroups, liveSessionGroups, liveSessions, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';
import { activeSubscription } from '@server/plans';

export type TSessionRow = typeof liveSessions.$inferSelect;

/** A teacher's own session; another teacher's id is "not found" (the tenant boundary). */
export async function ownSession(db: TTx, teacherId: string, sessionId: string): Promise<TSessionRow> {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.id, sessionId), eq(liveSessions.teacherId, teacherId)));
  if (!row) throw new AppError('LIVE_SESSION_NOT_FOUND');
  return row;
}

export async function ownGroup(db: TTx, teacherId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(liveGroups)
    .where(and(eq(liveGroups.id, groupId), eq(liveGroups.teacherId, teacherId)));
  if (!row) throw new AppError('LIVE_GROUP_NOT_FOUND');
  return row;
}

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
