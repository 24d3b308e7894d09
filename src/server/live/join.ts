import { and, eq, exists, sql } from 'drizzle-orm';
import { courses, enrollments, liveGroupMembers, liveSessionGroups, liveSessions, students, teachers, user } from '@server/core/db/schema';
import { toLanguage } from '@shared/i18n';
import type { TLiveHeartbeat } from '@shared/schemas/live';
import { AppError } from '@server/core/errors';
import type { TViewer } from '@server/auth';
import type { TLiveDeps } from './deps';
import { dropLease, HEARTBEAT_SECONDS, LEASE_SECONDS, othersPresent, renewLease, takeLease } from './lease';
import { kickJob } from './kick';
import { JOIN_OPENS_BEFORE_MS, roomOf, type TJoinInfo, type TJoinLease, type TJoinRole, type TJoinUser } from './provider';
import { endOf, type TSessionRow } from './queries';
import { liveText } from './texts';

/*
 * Joining a session (issue 14). A student may join while the session is open (10 minutes before its start
 * until its end), with an active subscription to its course and, when it is aimed at groups, a place in one of
 * them; any other case is refused with its own reason. The meeting link or token is handed out only here.
 */

type TSessionWithCourse = TSessionRow & { courseTitle: string; teacherName: string };

async function findSession({ db }: TLiveDeps, sessionId: string): Promise<TSessionWithCourse> {
  const [row] = await db
    .select({ session: liveSessions, courseTitle: courses.title, teacherName: teachers.name })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .innerJoin(teachers, eq(teachers.id, liveSessions.teacherId))
    .where(eq(liveSessions.id, sessionId));
  if (!row) throw new AppError('LIVE_SESSION_NOT_FOUND');
  return { ...row.session, courseTitle: row.courseTitle, teacherName: row.teacherName };
}

/** Why this student may not join now, or null; checked in the order a student would want to hear it. */
async function refusal({ db }: TLiveDeps, session: TSessionRow, studentId: string, now: Date): Promise<AppError | null> {
  if (session.status === 'cancelled') return new AppError('LIVE_CANCELLED');
  const [enrollment] = await db
    .select({ status: enrollments.status, expiresAt: enrollments.expiresAt })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, session.courseId), eq(enrollments.studentId, studentId)));
  if (!enrollment) return new AppError('LIVE_NOT_SUBSCRIBED');
  if (enrollment.status !== 'active' || (enrollment.expiresAt && enrollment.expiresAt <= now)) return new AppError('LIVE_SUBSCRIPTION_EXPIRED');
  if (session.target === 'groups') {
    const [member] = await db
      .select({ one: sql`1` })
      .from(liveSessionGroups)
      .where(
        and(
          eq(liveSessionGroups.sessionId, session.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(liveGroupMembers)
              .where(and(eq(liveGroupMembers.groupId, liveSessionGroups.groupId), eq(liveGroupMembers.studentId, studentId))),
          ),
        ),
      )
      .limit(1);
    if (!member) return new AppError('LIVE_WRONG_GROUP');
  }
  if (now.getTime() < session.startsAt.getTime() - JOIN_OPENS_BEFORE_MS)
    return new AppError('LIVE_TOO_EARLY', undefined, undefined, { opensAt: opensAt(session).toISOString() });
  if (now >= endOf(session)) return new AppError('LIVE_ENDED');
  return null;
}

const opensAt = (s: TSessionRow) => new Date(s.startsAt.getTime() - JOIN_OPENS_BEFORE_MS);

function publicView(s: TSessionWithCourse) {
  return {
    id: s.id,
    title: s.title,
    courseId: s.courseId,
    courseTitle: s.courseTitle,
    teacherName: s.teacherName,
    startsAt: s.startsAt.toISOString(),
    endsAt: endOf(s).toISOString(),
    opensAt: opensAt(s).toISOString(),
    durationMinutes: s.durationMinutes,
    status: s.status,
  };
}

/** The join page before joining: the session and, if the student may not join, why (code only). */
export async function studentSessionInfo(deps: TLiveDeps, studentId: string, sessionId: string) {
  const session = await findSession(deps, sessionId);
  const refused = await refusal(deps, session, studentId, deps.clock.now());
  if (refused?.code === 'LIVE_NOT_SUBSCRIBED') throw refused;
  return { session: publicView(session), refused: refused?.code ?? null };
}

async function joinUser({ db }: TLiveDeps, userId: string): Promise<TJoinUser & { language: string }> {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, avatar: user.image, language: user.language })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

/**
 * How a student appears in the meeting: the name on their account (never one typed in the meeting), marked as
 * a student in their language, so that "Teacher Karim" registered as a student shows as "Teacher Karim ·
 * student" next to the real teacher (issue 23.3). The mark is in the token, which the meeting service trusts.
 */
async function studentUser(deps: TLiveDeps, studentId: string): Promise<TJoinUser> {
  const [student] = await deps.db.select({ name: students.name }).from(students).where(eq(students.id, studentId));
  const { language, ...account } = await joinUser(deps, studentId);
  return { ...account, name: liveText(toLanguage(language), 'room.studentName', { name: student?.name ?? account.name }) };
}

async function mint(deps: TLiveDeps, session: TSessionRow, who: TJoinUser, role: TJoinRole, lease: TJoinLease | null): Promise<TJoinInfo> {
  // A link the teacher pasted wins: they chose that meeting for this session.
  if (session.externalUrl) return { kind: 'external', url: session.externalUrl };
  const { provider } = await deps.provider();
  if (!provider) throw new AppError('LIVE_LINK_REQUIRED');
  return provider.mintJoin(session, who, role, deps.clock.now(), lease);
}

export async function studentJoin(deps: TLiveDeps, studentId: string, sessionId: string, deviceId: string) {
  const now = deps.clock.now();
  const session = await findSession(deps, sessionId);
  const refused = await refusal(deps, session, studentId, now);
  if (refused) throw refused;
  if (session.capacity !== null && (await othersPresent(deps.db, session.id, studentId, now)) >= session.capacity) throw new AppError('LIVE_FULL');
  const join = await mint(deps, session, await studentUser(deps, studentId), 'student', { studentId, deviceId });
  const replaced = await deps.db.transaction((tx) => takeLease(tx, { teacherId: session.teacherId, sessionId, studentId }, deviceId, now));
  // The replaced device's place in the meeting room goes too (decision 141), in the background, retried.
  if (replaced && join.kind === 'jitsi' && (await deps.kicker()))
    await deps.jobs.send(kickJob(deps), { sessionId, room: roomOf(sessionId), participantId: replaced });
  return { session: publicView(session), join, heartbeatSeconds: HEARTBEAT_SECONDS, leaseSeconds: LEASE_SECONDS };
}

/**
 * Renews the lease and, in an embedded meeting, hands the device a fresh token (decision 114): the page keeps the
 * newest one to reconnect with, and a device that lost the lease gets none, so the token it holds dies within
 * minutes (STUDENT_TOKEN_MS).
 */
export async function heartbeat(deps: TLiveDeps, studentId: string, sessionId: string, beat: TLiveHeartbeat): Promise<{ ended: boolean; jwt?: string }> {
  const now = deps.clock.now();
  const { deviceId } = beat;
  // The lease first: without one, any session id (unknown, or another platform's) gets the same 409, so a
  // heartbeat never tells whether a session exists (tests/integration/tenant-matrix.test.ts).
  await renewLease(deps.db, { sessionId, studentId }, deviceId, now, beat.participantId);
  const session = await findSession(deps, sessionId);
  const ended = session.status === 'cancelled' || now >= endOf(session);
  if (ended || session.externalUrl) return { ended };
  const { provider } = await deps.provider();
  if (!provider) return { ended };
  const join = await provider.mintJoin(session, await studentUser(deps, studentId), 'student', now, { studentId, deviceId });
  return join.kind === 'jitsi' ? { ended, jwt: join.jwt } : { ended };
}

export async function leave(deps: TLiveDeps, studentId: string, sessionId: string, deviceId: string) {
  await dropLease(deps.db, { sessionId, studentId }, deviceId, deps.clock.now());
  return { left: true };
}

/** The teacher opens their own session (moderator) at any time before its end, to prepare the room. */
export async function teacherJoin(deps: TLiveDeps, teacherId: string, viewer: TViewer, sessionId: string) {
  const session = await findSession(deps, sessionId);
  if (session.teacherId !== teacherId) throw new AppError('LIVE_SESSION_NOT_FOUND');
  if (session.status === 'cancelled') throw new AppError('LIVE_CANCELLED');
  if (deps.clock.now() >= endOf(session)) throw new AppError('LIVE_ENDED');
  const { language: _language, ...teacher } = await joinUser(deps, viewer.userId);
  const join = await mint(deps, session, teacher, 'teacher', null);
  return { session: publicView(session), join };
}
