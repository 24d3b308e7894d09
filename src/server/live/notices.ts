import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { formatDateTime } from '@shared/dates';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { courses, liveNoticesSent, liveSessions, teachers } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TLiveDeps } from './deps';
import { calendarFile } from './ics';
import { invitees, type TInvitee, type TSessionRow } from './queries';
import { liveText } from './texts';

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
  const params = { name: student.name, title: first.title, course: ctx.course, teacher: ctx.teacher, when, minutes: first.durationMinutes, link: joinUrl(deps, ctx.subdomain, first.id) };
  return { subject: t(`emails.${kind}.subject`, params), text: t(`emails.${kind}.body`, params) };
}

async function sendOnce(deps: TLiveDeps, key: string, session: TSessionRow, send: () => Promise<void>) {
  const [fresh] = await deps.db.insert(liveNoticesSent).values({ key, teacherId: session.teacherId, sessionId: session.id }).onConflictDoNothing().returning({ key: liveNoticesSent.key });
  if (!fresh) return false;
  try {
    await send();
  } catch (error) {
    // Not sent after all: the job's retry may try again.
    await deps.db.delete(liveNoticesSent).where(eq(liveNoticesSent.key, key));
    throw error;
  }
  return true;
}

/** Invitation, change or cancellation of one session or a weekly series (same course and target). */
export async function sendNotices(deps: TLiveDeps, kind: TNoticeKind, sessionIds: string[], sequence?: number) {
  const ctx = await context(deps, sessionIds);
  if (!ctx) return { sent: 0 };
  const first = ctx.rows[0]!;
  // A later change or a cancellation was queued after this one: it tells the students instead.
  if (kind !== 'cancel' && (first.status === 'cancelled' || (sequence !== undefined && sequence !== first.sequence))) return { sent: 0 };
  let sent = 0;
  for (const student of await invitees(deps.db, first, deps.clock.now())) {
    const lng = toLanguage(student.language);
    const { subject, text } = message(deps, ctx, kind, lng, student);
    const calendar = calendarFile(
      ctx.rows.map((r) => ({ ...r, description: text, url: joinUrl(deps, ctx.subdomain, r.id) })),
      kind === 'cancel' ? 'CANCEL' : 'REQUEST',
    );
    // An invitation and a cancellation happen once; each change (a new SEQUENCE) is told once.
    const key = `${kind}:${first.id}:${kind === 'update' ? first.sequence : ''}:${student.studentId}`;
    const done = await sendOnce(deps, key, first, () =>
      deps.mailer.send({ to: student.email, subject, text, calendar: { method: kind === 'cancel' ? 'CANCEL' : 'REQUEST', filename: 'invite.ics', content: calendar } }),
    );
    if (done) sent += 1;
  }
  return { sent };
}

function dueReminder(session: TSessionRow, now: number): TReminder | null {
  const start = session.startsAt.getTime();
  if (now >= start) return null;
  if (now >= start - REMINDER_15M_MS) return 'reminder15';
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
    for (const student of await invitees(deps.db, session, now)) {
      const { subject, text } = message(deps, ctx, kind, toLanguage(student.language), student);
      // The start is in the key: a rescheduled session is reminded again at its new time.
      const key = `${kind}:${session.id}:${session.startsAt.getTime()}:${student.studentId}`;
      if (await sendOnce(deps, key, session, () => deps.mailer.send({ to: student.email, subject, text }))) sent += 1;
    }
  }
  return { sent };
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
    run: () => sendDueReminders(deps),
  });
