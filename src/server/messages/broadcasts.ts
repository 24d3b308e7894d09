import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TBroadcastInput } from '@shared/schemas/messages';
import { broadcasts, conversations, coursePlans, courses, liveGroups, messages, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { defineJob } from '@server/core/jobs/queue';
import { audienceOf, checkedTarget, type TAudience } from './audience';
import type { TMessagesDeps } from './deps';
import { cleanText, excerpt } from './text';

/*
 * Broadcasts (issue 26, decisions 150 and 180): the request only checks, counts and queues; a pg-boss job writes one
 * message per recipient into each one's own conversation (no recipient ever sees another) and one notification
 * each (e-mailed by the notification centre's queue to those who want it). Every step is idempotent per broadcast
 * and recipient (a unique message per broadcast and conversation, a notification per event and recipient, an
 * e-mail claimed per notification), so a retried job or a restart mid-send writes nothing twice.
 */
const BROADCASTS_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;
const CHUNK = 1000;
/** A broadcast still unsent this long after it was accepted is queued again (its job was lost before it was sent). */
const STALE_MS = 2 * 60 * 1000;

export function fanOutJob(deps: TMessagesDeps) {
  return defineJob<{ id: string }>({
    name: 'messages.broadcast',
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    run: ({ id }) => fanOut(deps, id),
  });
}

export function sweepJob(deps: TMessagesDeps) {
  return defineJob<object>({ name: 'messages.broadcast-sweep', cron: '*/5 * * * *', run: () => requeueStale(deps) });
}

/** The job's id is the broadcast's: queuing the same broadcast again adds no second job. */
const queue = (deps: TMessagesDeps, id: string) => deps.jobs.send(fanOutJob(deps), { id }, { id });

export async function sendBroadcast(deps: TMessagesDeps, teacherId: string, input: TBroadcastInput) {
  const body = cleanText(input.body);
  if (!body) throw new AppError('VALIDATION_FAILED');
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ n: count() })
    .from(broadcasts)
    .where(and(eq(broadcasts.teacherId, teacherId), gte(broadcasts.createdAt, new Date(now.getTime() - HOUR))));
  if ((recent?.n ?? 0) >= BROADCASTS_PER_HOUR) throw new AppError('RATE_LIMITED', undefined, { minutes: 60 });
  const target = await checkedTarget(deps, teacherId, input);
  const recipients = (await audienceOf(deps, teacherId, target, now)).length;
  const [row] = await deps.db
    .insert(broadcasts)
    .values({ teacherId, ...target, body, recipients, createdAt: now })
    .returning({ id: broadcasts.id });
  await queue(deps, row!.id);
  return { id: row!.id, recipients };
}

/** Writes a broadcast's messages and notifications, chunk by chunk; run again, it completes what is missing. */
export async function fanOut(deps: TMessagesDeps, id: string): Promise<{ recipients: number }> {
  const [b] = await deps.db.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (!b || b.sentAt) return { recipients: b?.recipients ?? 0 };
  const { teacherId, createdAt: at } = b;
  const recipients = await audienceOf(deps, teacherId, { ...b, audience: b.audience as TAudience['audience'] }, at);
  const [teacher] = await deps.db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, teacherId));
  // A run after a retry or a restart finds messages already written: only then are earlier rows' e-mails queued again.
  const [earlier] = await deps.db.select({ id: messages.id }).from(messages).where(eq(messages.broadcastId, id)).limit(1);
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const chunk = recipients.slice(i, i + CHUNK);
    await deps.db
      .insert(conversations)
      .values(chunk.map((studentId) => ({ teacherId, studentId, lastMessageAt: at })))
      .onConflictDoUpdate({
        target: [conversations.teacherId, conversations.studentId],
        set: { lastMessageAt: sql`greatest(${conversations.lastMessageAt}, excluded.last_message_at)` },
      });
    const ids = await deps.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.teacherId, teacherId), inArray(conversations.studentId, chunk)));
    await deps.db
      .insert(messages)
      .values(ids.map((c) => ({ teacherId, conversationId: c.id, senderRole: 'teacher', body: b.body, broadcastId: id, createdAt: at })))
      .onConflictDoNothing();
    await deps.notify({
      teacherId,
      kind: 'broadcast',
      eventKey: `broadcast:${id}`,
      users: chunk,
      // A chunk written before a restart: its e-mails are queued again, and their claims keep each to one.
      resume: Boolean(earlier),
      params: { sender: teacher?.name ?? '', excerpt: excerpt(b.body) },
      link: `/student/dashboard/messages?teacher=${teacherId}`,
    });
  }
  await deps.db.update(broadcasts).set({ recipients: recipients.length, sentAt: deps.clock.now() }).where(eq(broadcasts.id, id));
  return { recipients: recipients.length };
}

/** Broadcasts accepted in the last day whose job never ran (a process killed between the insert and the queue). */
export async function requeueStale(deps: TMessagesDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(isNull(broadcasts.sentAt), lt(broadcasts.createdAt, new Date(now - STALE_MS)), gte(broadcasts.createdAt, new Date(now - 24 * HOUR))));
  for (const row of rows) await queue(deps, row.id);
  return rows.length;
}

/** The teacher's broadcasts, newest first, with how many it aims at, how many got it and how many read it. */
export async function listBroadcasts(deps: TMessagesDeps, teacherId: string) {
  const rows = await deps.db
    .select({
      id: broadcasts.id,
      audience: broadcasts.audience,
      course: courses.title,
      plan: coursePlans.type,
      group: liveGroups.name,
      body: broadcasts.body,
      recipients: broadcasts.recipients,
      sending: sql<boolean>`${broadcasts.sentAt} is null`,
      createdAt: broadcasts.createdAt,
      delivered: sql<number>`(select count(*)::int from ${messages} where ${messages.broadcastId} = ${broadcasts.id})`,
      read: sql<number>`(select count(*)::int from ${messages} where ${messages.broadcastId} = ${broadcasts.id} and ${isNotNull(messages.readAt)})`,
    })
    .from(broadcasts)
    .leftJoin(courses, eq(courses.id, broadcasts.courseId))
    .leftJoin(coursePlans, eq(coursePlans.id, broadcasts.planId))
    .leftJoin(liveGroups, eq(liveGroups.id, broadcasts.groupId))
    .where(eq(broadcasts.teacherId, teacherId))
    .orderBy(desc(broadcasts.createdAt))
    .limit(50);
  return { broadcasts: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** What the broadcast form offers: the teacher's courses with their plans, and their live groups. */
export async function broadcastTargets(deps: TMessagesDeps, teacherId: string) {
  const plans = await deps.db
    .select({
      courseId: courses.id,
      course: courses.title,
      planId: coursePlans.id,
      type: coursePlans.type,
      priceDzd: coursePlans.priceDzd,
      durationDays: coursePlans.durationDays,
    })
    .from(coursePlans)
    .innerJoin(courses, eq(courses.id, coursePlans.courseId))
    .where(and(eq(coursePlans.teacherId, teacherId), isNull(coursePlans.retiredAt), sql`${courses.status} <> 'archived'`))
    .orderBy(courses.title, coursePlans.position);
  const groups = await deps.db
    .select({ id: liveGroups.id, name: liveGroups.name })
    .from(liveGroups)
    .where(eq(liveGroups.teacherId, teacherId))
    .orderBy(liveGroups.name);
  return { plans, groups };
}
