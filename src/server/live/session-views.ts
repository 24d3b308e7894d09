import { and, asc, countDistinct, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { algiersLocalToDate } from '@shared/courses';
import { courses, liveAttendance, liveGroups, liveSessionGroups, liveSessions, students, user } from '@server/core/db/schema';
import type { TLiveDeps } from './deps';
import { endOf, invitees, ownSession, type TSessionRow } from './queries';
import { LEASE_SECONDS } from './lease';

/* The teacher's views of sessions: the lists, the week calendar, one session with who is invited and who came. */

type TView = 'upcoming' | 'past' | 'week';
const DAY_MS = 86_400_000;

function sessionView(
  s: TSessionRow & { courseTitle: string },
  groups: Array<{ sessionId: string; id: string; name: string }>,
  attended: Map<string, number>,
  now: Date,
) {
  const endsAt = endOf(s);
  return {
    id: s.id,
    title: s.title,
    courseId: s.courseId,
    courseTitle: s.courseTitle,
    seriesId: s.seriesId,
    startsAt: s.startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    durationMinutes: s.durationMinutes,
    capacity: s.capacity,
    lobby: s.lobby,
    target: s.target,
    groups: groups.filter((g) => g.sessionId === s.id).map((g) => ({ id: g.id, name: g.name })),
    hasLink: s.externalUrl !== null,
    status: s.status,
    live: s.status === 'scheduled' && s.startsAt <= now && endsAt > now,
    attended: attended.get(s.id) ?? 0,
    recordingLessonId: s.recordingLessonId,
  };
}

export async function listSessions({ db, clock }: TLiveDeps, teacherId: string, query: { view: TView; from?: string | undefined }) {
  const now = clock.now();
  const endExpr = sql`${liveSessions.startsAt} + make_interval(mins => ${liveSessions.durationMinutes})`;
  const from = query.from ? algiersLocalToDate(`${query.from}T00:00`) : null;
  const where =
    query.view === 'week' && from
      ? and(eq(liveSessions.teacherId, teacherId), gte(liveSessions.startsAt, from), lt(liveSessions.startsAt, new Date(from.getTime() + 7 * DAY_MS)))
      : query.view === 'past'
        ? and(eq(liveSessions.teacherId, teacherId), sql`${endExpr} <= ${now.toISOString()}::timestamptz`)
        : and(eq(liveSessions.teacherId, teacherId), sql`${endExpr} > ${now.toISOString()}::timestamptz`);
  const rows = await db
    .select({ session: liveSessions, courseTitle: courses.title })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(where)
    .orderBy(query.view === 'past' ? desc(liveSessions.startsAt) : asc(liveSessions.startsAt))
    .limit(query.view === 'past' ? 100 : 300);
  const ids = rows.map((r) => r.session.id);
  const groups = ids.length
    ? await db
        .select({ sessionId: liveSessionGroups.sessionId, id: liveGroups.id, name: liveGroups.name })
        .from(liveSessionGroups)
        .innerJoin(liveGroups, eq(liveGroups.id, liveSessionGroups.groupId))
        .where(inArray(liveSessionGroups.sessionId, ids))
    : [];
  const counts = ids.length
    ? await db
        .select({ sessionId: liveAttendance.sessionId, n: countDistinct(liveAttendance.studentId) })
        .from(liveAttendance)
        .where(inArray(liveAttendance.sessionId, ids))
        .groupBy(liveAttendance.sessionId)
    : [];
  const attended = new Map(counts.map((c) => [c.sessionId, c.n]));
  return { sessions: rows.map((r) => sessionView({ ...r.session, courseTitle: r.courseTitle }, groups, attended, now)) };
}

type TVisit = { studentId: string; joinedAt: Date; lastSeenAt: Date; leftAt: Date | null };

/**
 * Minutes present, inside the session's time: a visit ends when the student left (IFrame event or page
 * closed) or, without word from the device, at its last heartbeat plus the lease.
 */
function minutesPresent(visits: TVisit[], session: TSessionRow, now: Date) {
  const start = session.startsAt.getTime();
  const end = Math.min(endOf(session).getTime(), now.getTime());
  let ms = 0;
  for (const v of visits) {
    const left = v.leftAt?.getTime() ?? Math.min(v.lastSeenAt.getTime() + LEASE_SECONDS * 1000, now.getTime());
    ms += Math.max(0, Math.min(left, end) - Math.max(v.joinedAt.getTime(), start));
  }
  return Math.round(ms / 60_000);
}

/** Who is invited (an active subscription, in a targeted group) and who came, with their minutes. */
export async function attendanceList({ db, clock }: TLiveDeps, session: TSessionRow) {
  const now = clock.now();
  const invited = await invitees(db, session, now);
  const visits = await db
    .select({
      studentId: liveAttendance.studentId,
      name: students.name,
      email: user.email,
      joinedAt: liveAttendance.joinedAt,
      lastSeenAt: liveAttendance.lastSeenAt,
      leftAt: liveAttendance.leftAt,
    })
    .from(liveAttendance)
    .innerJoin(students, eq(students.id, liveAttendance.studentId))
    .innerJoin(user, eq(user.id, liveAttendance.studentId))
    .where(eq(liveAttendance.sessionId, session.id))
    .orderBy(asc(liveAttendance.joinedAt));
  const people = new Map<string, { studentId: string; name: string; email: string; invited: boolean }>();
  for (const i of invited) people.set(i.studentId, { studentId: i.studentId, name: i.name, email: i.email, invited: true });
  for (const v of visits) if (!people.has(v.studentId)) people.set(v.studentId, { studentId: v.studentId, name: v.name, email: v.email, invited: false });
  return [...people.values()].map((p) => {
    const mine = visits.filter((v) => v.studentId === p.studentId);
    const open = mine.some((v) => !v.leftAt && v.lastSeenAt.getTime() + LEASE_SECONDS * 1000 > now.getTime());
    return {
      ...p,
      attended: mine.length > 0,
      present: open && endOf(session) > now,
      firstJoinedAt: mine[0]?.joinedAt.toISOString() ?? null,
      lastLeftAt: mine.length ? new Date(Math.max(...mine.map((v) => (v.leftAt ?? v.lastSeenAt).getTime()))).toISOString() : null,
      joins: mine.length,
      minutes: minutesPresent(mine, session, now),
    };
  });
}

export async function sessionDetail(deps: TLiveDeps, teacherId: string, sessionId: string) {
  const session = await ownSession(deps.db, teacherId, sessionId);
  const [course] = await deps.db.select({ title: courses.title }).from(courses).where(eq(courses.id, session.courseId));
  const groups = await deps.db
    .select({ sessionId: liveSessionGroups.sessionId, id: liveGroups.id, name: liveGroups.name })
    .from(liveSessionGroups)
    .innerJoin(liveGroups, eq(liveGroups.id, liveSessionGroups.groupId))
    .where(eq(liveSessionGroups.sessionId, sessionId));
  const people = await attendanceList(deps, session);
  const view = sessionView(
    { ...session, courseTitle: course?.title ?? '' },
    groups,
    new Map([[sessionId, people.filter((p) => p.attended).length]]),
    deps.clock.now(),
  );
  return { session: { ...view, externalUrl: session.externalUrl }, people };
}
