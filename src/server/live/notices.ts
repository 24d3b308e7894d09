import { and, eq, gt, gte, inArray, like, lte, or } from 'drizzle-orm';
import { formatDateTime } from '@shared/dates';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { courses, liveNoticesSent, liveSessions, teachers } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TLiveDeps } from './deps';
import { calendarFile } from './ics';
import { invitedKey, invitees, uninvited, type TInvitee, type TSessionRow } from './queries';
import { liveText } from './texts';
import { sendOnce as sendNoticeOnce } from '@server/core/send-once';

/*
 * E-mails to the invited students (issue 14): the invitation (one message for a weekly series, one calendar
 * event per occurrence), changes, cancellations, and reminders 24 hours and 15 minutes before. All are sent
 * from the job queue. A row in live_notices_sent, keyed by what was sent to whom, is written before the
 * message: a second run (a retried job, two instances) finds it and sends nothing.
 */

export type TNoticeKind = 'invite' | 'update' | 'cancel';
type TReminder = 'reminder24' | 'reminder15';

const REMINDER_24H_MS = 24 * 3_600_000;
const REMINDER_15M_MS = 15 * 60_000;
/*
 * Decision 115. The "in 15 minutes" reminder goes out from 15 to 5 minutes before the start: later, it would
 * announce 15 minutes that are not there (a worker that was down). It is not sent to a student who was told of
 * this session (invited, or sent its change) less than 20 minutes before the start: that e-mail has just said when.
 */
const REMINDER_15M_LATEST_MS = 5 * 60_000;
const TOLD_RECENTLY_MS = 20 * 60_000;
/** Late invitations: coming sessions up to this far, for subscriptions or group places changed this recently. */
const LATE_HORIZON_MS = 90 * 24 * 3_600_000;
const LATE_RECENT_MS = 2 * 24 * 3_600_000;
const LATE_SETTLE_MS = 2 * 60_000;

type TContext = { rows: TSessionRow[]; course: string; teacher: string; subdomain: string };

async function context({ db }: TLiveDeps, sessionIds: string[]): Promise<TContext | null> {
  const rows = await db.select().from(liveSessions).where(inArray(liveSessions.id, sessionIds)).orderBy(liveSessions.startsAt);
  const first = rows[0];
  if (!first) return null;
  const [meta] = await db
    .select({ course: courses.title, teacher: teachers.name, subdomain: teachers.subdomain })
    .from(courses)
    .innerJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(eq(courses.id, first.courseId));
  return meta ? { rows, ...meta } : null;
}

function joinUrl(deps: TLiveDeps, subdomain: string, sessionId: string) {
  const scheme = deps.config.publicHttps ? 'https' : 'http';
  return `${scheme}://${subdomain}.${deps.config.publicHost}/student/dashboard/live/${sessionId}`;
}

function message(deps: TLiveDeps, ctx: TContext, kind: TNoticeKind | TReminder, lng: TLanguage, student: TInvitee) {
  const first = ctx.rows[0]!;
  const t = (key: string, params: Record<string, string | number>) => liveText(lng, key, params);
  const when = ctx.rows.map((r) => `- ${formatDateTime(lng, r.startsAt, 'long')}`).join('\n');
  const params = {
    name: student.name,
    title: first.title,
    course: ctx.course,
    teacher: ctx.teacher,
    when,
    minutes: first.durationMinutes,
    link: joinUrl(deps, ctx.subdomain, first.id),
  };
  return { subject: t(`emails.${kind}.subject`, params), text: t(`emails.${kind}.body`, params) };
}

const sendOnce = (deps: TLiveDeps, key: string, session: TSessionRow, send: () => Promise<void>) =>
  sendNoticeOnce(
    () =>
      deps.db
        .insert(liveNoticesSent)
        .values({ key, teacherId: session.teacherId, sessionId: session.id })
        .onConflictDoNothing()
        .returning({ key: liveNoticesSent.key }),
    () => deps.db.delete(liveNoticesSent).where(eq(liveNoticesSent.key, key)),
    send,
  );

/** Invitation, change or cancellation of one session or a weekly series (same course and target). */
export async function sendNotices(deps: TLiveDeps, kind: TNoticeKind, sessionIds: string[], sequence?: number) {
  const ctx = await context(deps, sessionIds);
  if (!ctx) return { sent: 0 };
  const first = ctx.rows[0]!;
  // A later change or a cancellation was queued after this one: it tells the students instead.
  if (kind !== 'cancel' && (first.status === 'cancelled' || (sequence !== undefined && sequence !== first.sequence))) return { sent: 0 };
  let sent = 0;
  const students = await invitees(deps.db, first, deps.clock.now());
  // In the app too (issue 26); the e-mail with its calendar file stays this job's.
  await deps.notify?.({
    teacherId: first.teacherId,
    kind: 'liveSession',
    eventKey: `live:${kind}:${first.id}:${kind === 'update' ? first.sequence : ''}`,
    users: students.map((s) => s.studentId),
    ownEmail: true,
    params: {
      context: { invite: 'scheduled', update: 'moved', cancel: 'cancelled' }[kind],
      title: first.title,
      when: first.startsAt.toISOString().slice(0, 16).replace('T', ' '),
    },
    link: `/student/dashboard/live/${first.id}`,
  });
  for (const student of students) {
    const lng = toLanguage(student.language);
    const { subject, text } = message(deps, ctx, kind, lng, student);
    const calendar = calendarFile(
      ctx.rows.map((r) => ({ ...r, description: text, url: joinUrl(deps, ctx.subdomain, r.id) })),
      kind === 'cancel' ? 'CANCEL' : 'REQUEST',
    );
    // An invitation and a cancellation happen once; each change (a new SEQUENCE) is told once.
    const key = `${kind}:${first.id}:${kind === 'update' ? first.sequence : ''}:${student.studentId}`;
    // A student who subscribed between the scheduling and this job may already have had a late invitation.
    if (kind === 'invite' && (await wasInvited(deps, ctx.rows, student.studentId))) continue;
    const done = await sendOnce(deps, key, first, () =>
      deps.mailer.send({
        to: student.email,
        subject,
        text,
        calendar: { method: kind === 'cancel' ? 'CANCEL' : 'REQUEST', filename: 'invite.ics', content: calendar },
        notice: { kind: 'liveSession', userId: student.studentId },
      }),
    );
    if (done) sent += 1;
    if (kind === 'invite') await markInvited(deps, ctx.rows, student.studentId);
  }
  return { sent };
}

async function wasInvited(deps: TLiveDeps, rows: TSessionRow[], studentId: string) {
  const [row] = await deps.db
    .select({ key: liveNoticesSent.key })
    .from(liveNoticesSent)
    .where(
      inArray(
        liveNoticesSent.key,
        rows.map((r) => invitedKey(r.id, studentId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One marker per occurrence, so that a late invitation knows who already has which session. */
async function markInvited(deps: TLiveDeps, rows: TSessionRow[], studentId: string) {
  await deps.db
    .insert(liveNoticesSent)
    .values(rows.map((r) => ({ key: invitedKey(r.id, studentId), teacherId: r.teacherId, sessionId: r.id })))
    .onConflictDoNothing();
}

/**
 * Invitations for students who subscribed (or joined a targeted group) after a session's invitation went out
 * (issue 24.11): the same e-mail and calendar file, once, with the coming occurrences of a weekly series in one
 * message. Run by the per-minute job with the reminders.
 */
export async function sendLateInvitations(deps: TLiveDeps) {
  const now = deps.clock.now();
  const rows = await uninvited(
    deps.db,
    now,
    new Date(now.getTime() + LATE_HORIZON_MS),
    new Date(now.getTime() - LATE_RECENT_MS),
    new Date(now.getTime() - LATE_SETTLE_MS),
  );
  const groups = new Map<string, { studentId: string; sessionIds: string[] }>();
  for (const row of rows) {
    const key = `${row.seriesId ?? row.sessionId}:${row.studentId}`;
    const group = groups.get(key) ?? { studentId: row.studentId, sessionIds: [] };
    group.sessionIds.push(row.sessionId);
    groups.set(key, group);
  }
  let sent = 0;
  for (const { studentId, sessionIds } of groups.values()) {
    const ctx = await context(deps, sessionIds);
    const first = ctx?.rows[0];
    if (!ctx || !first) continue;
    const student = (await invitees(deps.db, first, now)).find((s) => s.studentId === studentId);
    if (!student) continue;
    const lng = toLanguage(student.language);
    const { subject, text } = message(deps, ctx, 'invite', lng, student);
    const calendar = calendarFile(
      ctx.rows.map((r) => ({ ...r, description: text, url: joinUrl(deps, ctx.subdomain, r.id) })),
      'REQUEST',
    );
    const done = await sendOnce(deps, invitedKey(first.id, studentId), first, () =>
      deps.mailer.send({
        to: student.email,
        subject,
        text,
        calendar: { method: 'REQUEST', filename: 'invite.ics', content: calendar },
        notice: { kind: 'liveSession', userId: studentId },
      }),
    );
    if (done) sent += 1;
    await markInvited(deps, ctx.rows, studentId);
  }
  return { sent };
}

function dueReminder(session: TSessionRow, now: number): TReminder | null {
  const start = session.startsAt.getTime();
  if (now >= start) return null;
  if (now >= start - REMINDER_15M_MS)
    return now < start - REMINDER_15M_LATEST_MS && session.createdAt.getTime() < start - TOLD_RECENTLY_MS ? 'reminder15' : null;
  // A session planned less than a day ahead: its invitation came recently enough.
  if (now >= start - REMINDER_24H_MS && session.createdAt.getTime() <= start - REMINDER_24H_MS) return 'reminder24';
  return null;
}

/** Run every minute by the cron job: sends the reminders that are due and not yet sent. */
export async function sendDueReminders(deps: TLiveDeps) {
  const now = deps.clock.now();
  const soon = await deps.db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.status, 'scheduled'), gt(liveSessions.startsAt, now), lte(liveSessions.startsAt, new Date(now.getTime() + REMINDER_24H_MS))));
  let sent = 0;
  for (const session of soon) {
    const kind = dueReminder(session, now.getTime());
    if (!kind) continue;
    const ctx = await context(deps, [session.id]);
    if (!ctx) continue;
    const told = kind === 'reminder15' ? await toldRecently(deps, session) : new Set<string>();
    const students = (await invitees(deps.db, session, now)).filter((s) => !told.has(s.studentId));
    // "Starts in 15 minutes" in the app too (issue 26); the e-mail stays this job's, under the person's choice.
    if (kind === 'reminder15')
      await deps.notify?.({
        teacherId: session.teacherId,
        kind: 'liveSession',
        eventKey: `live:soon:${session.id}:${session.startsAt.getTime()}`,
        users: students.map((s) => s.studentId),
        ownEmail: true,
        params: { context: 'soon', title: session.title, when: session.startsAt.toISOString().slice(0, 16).replace('T', ' ') },
        link: `/student/dashboard/live/${session.id}`,
      });
    for (const student of students) {
      const { subject, text } = message(deps, ctx, kind, toLanguage(student.language), student);
      // The start is in the key: a rescheduled session is reminded again at its new time.
      const key = `${kind}:${session.id}:${session.startsAt.getTime()}:${student.studentId}`;
      const notice = { kind: 'liveSession' as const, userId: student.studentId };
      if (await sendOnce(deps, key, session, () => deps.mailer.send({ to: student.email, subject, text, notice }))) sent += 1;
    }
  }
  return { sent };
}

/** Students sent this session's invitation or a change of it less than TOLD_RECENTLY_MS before its start. */
async function toldRecently(deps: TLiveDeps, session: TSessionRow): Promise<Set<string>> {
  const rows = await deps.db
    .select({ key: liveNoticesSent.key })
    .from(liveNoticesSent)
    .where(
      and(
        eq(liveNoticesSent.sessionId, session.id),
        gte(liveNoticesSent.sentAt, new Date(session.startsAt.getTime() - TOLD_RECENTLY_MS)),
        or(like(liveNoticesSent.key, 'invite%'), like(liveNoticesSent.key, 'update:%')),
      ),
    );
  return new Set(rows.map((r) => r.key.slice(r.key.lastIndexOf(':') + 1)));
}

export const noticesJob = (deps: TLiveDeps) =>
  defineJob<{ kind: TNoticeKind; sessionIds: string[]; sequence: number }>({
    name: 'live-notices',
    queue: { retryLimit: 3, retryDelay: 60 },
    run: ({ kind, sessionIds, sequence }) => sendNotices(deps, kind, sessionIds, sequence),
  });

export const remindersJob = (deps: TLiveDeps) =>
  defineJob<Record<string, never>>({
    name: 'live-reminders',
    cron: '* * * * *',
    // A minute late is better than two runs at once; the sent-markers make a rerun harmless anyway.
    queue: { retryLimit: 1, expireInSeconds: 300 },
    run: async () => {
      await sendDueReminders(deps);
      await sendLateInvitations(deps);
    },
  });
