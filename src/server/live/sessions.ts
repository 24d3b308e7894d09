import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { algiersLocalToDate } from '@shared/courses';
import { LIVE_MAX_OCCURRENCES, type TSessionCreate, type TSessionUpdate } from '@shared/schemas/live';
import { courses, liveGroups, liveSessionGroups, liveSessions } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';
import type { TLiveDeps } from './deps';
import { noticesJob, type TNoticeKind } from './notices';
import { endOf, ownSession, type TSessionRow } from './queries';

/*
 * Scheduling (issue 14): create (once or weekly until a date: one row per occurrence, sharing series_id),
 * edit, reschedule and cancel. Every change the invited should know about bumps SEQUENCE and sends a notice
 * through the job queue; the meeting link stays on the server until a student may join.
 */

type TTeacher = { id: string; plan: string };
const WEEK_MS = 7 * 86_400_000;

async function ensureGroups(db: TTx, teacher: TTeacher, target: string, groupIds: string[]) {
  if (target !== 'groups') return [];
  if (teacher.plan === 'independent') throw new AppError('LIVE_GROUPS_PLAN');
  const ids = [...new Set(groupIds)];
  const found = await db
    .select({ id: liveGroups.id })
    .from(liveGroups)
    .where(and(eq(liveGroups.teacherId, teacher.id), inArray(liveGroups.id, ids)));
  if (found.length !== ids.length) throw new AppError('LIVE_GROUP_NOT_FOUND');
  return ids;
}

async function ensureLink(deps: TLiveDeps, externalUrl: string | null) {
  if (externalUrl) return;
  if (!(await deps.provider()).provider) throw new AppError('LIVE_LINK_REQUIRED');
}

/** The starts of a weekly series: the first, then every 7 days until the last day (Algeria keeps no summer time). */
function occurrences(first: Date, until: string | null): Date[] {
  const last = until ? algiersLocalToDate(`${until}T23:59`) : null;
  const starts = [first];
  while (last && starts.length < LIVE_MAX_OCCURRENCES) {
    const next = new Date(starts.at(-1)!.getTime() + WEEK_MS);
    if (next > last) break;
    starts.push(next);
  }
  return starts;
}

/** `sequence`: the first session's SEQUENCE once this change is written; a notice overtaken by a later one is not sent. */
const notify = (deps: TLiveDeps, kind: TNoticeKind, sessionIds: string[], sequence: number) => deps.jobs.send(noticesJob(deps), { kind, sessionIds, sequence });

export async function createSessions(deps: TLiveDeps, teacher: TTeacher, input: TSessionCreate) {
  const { db } = deps;
  const start = algiersLocalToDate(input.startsAt)!;
  if (start <= deps.clock.now()) throw new AppError('LIVE_START_IN_PAST');
  await ensureLink(deps, input.externalUrl);
  const rows = await db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, input.courseId), eq(courses.teacherId, teacher.id)));
    if (!course) throw new AppError('COURSE_NOT_FOUND');
    const groupIds = await ensureGroups(tx, teacher, input.target, input.groupIds);
    const starts = occurrences(start, input.repeatWeeklyUntil);
    const seriesId = starts.length > 1 ? randomUUID() : null;
    const common = {
      teacherId: teacher.id,
      courseId: course.id,
      seriesId,
      title: input.title,
      durationMinutes: input.durationMinutes,
      capacity: input.capacity,
      lobby: input.lobby,
      target: input.target,
      externalUrl: input.externalUrl,
    };
    const created = await tx
      .insert(liveSessions)
      .values(starts.map((startsAt) => ({ ...common, startsAt })))
      .returning();
    const links = created.flatMap((s) => groupIds.map((groupId) => ({ teacherId: teacher.id, sessionId: s.id, groupId })));
    if (links.length) await tx.insert(liveSessionGroups).values(links);
    return created;
  });
  await notify(
    deps,
    'invite',
    rows.map((r) => r.id),
    0,
  );
  return { created: rows.length, sessionIds: rows.map((r) => r.id), seriesId: rows[0]!.seriesId };
}

function ensureChangeable(session: TSessionRow, now: Date) {
  if (session.status === 'cancelled') throw new AppError('LIVE_CANCELLED');
  if (endOf(session) <= now) throw new AppError('LIVE_SESSION_OVER');
}

export async function updateSession(deps: TLiveDeps, teacher: TTeacher, sessionId: string, input: TSessionUpdate) {
  const { db } = deps;
  const now = deps.clock.now();
  const session = await ownSession(db, teacher.id, sessionId);
  ensureChangeable(session, now);
  const startsAt = input.startsAt === undefined ? session.startsAt : algiersLocalToDate(input.startsAt)!;
  const moved = startsAt.getTime() !== session.startsAt.getTime();
  if (moved && startsAt <= now) throw new AppError('LIVE_START_IN_PAST');
  const externalUrl = input.externalUrl === undefined ? session.externalUrl : input.externalUrl;
  await ensureLink(deps, externalUrl);
  const target = input.target ?? session.target;
  // What a calendar shows changed: the event is sent again with a higher SEQUENCE.
  const told =
    moved ||
    (input.durationMinutes !== undefined && input.durationMinutes !== session.durationMinutes) ||
    (input.title !== undefined && input.title !== session.title);
  await db.transaction(async (tx) => {
    if (input.target !== undefined || input.groupIds !== undefined) {
      const groupIds = await ensureGroups(tx, teacher, target, input.groupIds ?? []);
      await tx.delete(liveSessionGroups).where(eq(liveSessionGroups.sessionId, sessionId));
      if (groupIds.length) await tx.insert(liveSessionGroups).values(groupIds.map((groupId) => ({ teacherId: teacher.id, sessionId, groupId })));
    }
    await tx
      .update(liveSessions)
      .set({
        title: input.title ?? session.title,
        startsAt,
        durationMinutes: input.durationMinutes ?? session.durationMinutes,
        capacity: input.capacity === undefined ? session.capacity : input.capacity,
        lobby: input.lobby ?? session.lobby,
        target,
        externalUrl,
        sequence: told ? session.sequence + 1 : session.sequence,
        updatedAt: now,
      })
      .where(eq(liveSessions.id, sessionId));
  });
  if (told) await notify(deps, 'update', [sessionId], session.sequence + 1);
  return { id: sessionId, rescheduled: moved, notified: told };
}

/** Cancels one occurrence, or it and the later ones of its weekly series. */
export async function cancelSession(deps: TLiveDeps, teacher: TTeacher, sessionId: string, following: boolean) {
  const { db } = deps;
  const now = deps.clock.now();
  const session = await ownSession(db, teacher.id, sessionId);
  ensureChangeable(session, now);
  const scope =
    following && session.seriesId
      ? and(
          eq(liveSessions.teacherId, teacher.id),
          eq(liveSessions.seriesId, session.seriesId),
          gte(liveSessions.startsAt, session.startsAt),
          eq(liveSessions.status, 'scheduled'),
        )
      : eq(liveSessions.id, sessionId);
  const cancelled = await db
    .update(liveSessions)
    .set({ status: 'cancelled', sequence: sql`${liveSessions.sequence} + 1`, updatedAt: now })
    .where(scope)
    .returning({ id: liveSessions.id, sequence: liveSessions.sequence });
  if (cancelled.length)
    await notify(
      deps,
      'cancel',
      cancelled.map((r) => r.id),
      cancelled[0]!.sequence,
    );
  return { cancelled: cancelled.length };
}
