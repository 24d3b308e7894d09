import { and, asc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { courses, enrollments, notificationPreferences, notifications, user } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TNotificationsDeps } from './deps';
import { emailHtml } from '@server/core/email-html';
import { origin } from './links';
import { notify } from './notify';
import { sendClaimed } from './send-claimed';
import { notificationText } from './texts';

const DAY = 24 * 60 * 60 * 1000;

type TDigestItem = { kind: string; params: Record<string, string | number> };

/**
 * Subscriptions that end in 7 days and in 1 day (issue 26), told to the student and the teacher. Runs every hour
 * and looks one day ahead of each mark, so a missed hour is caught up; the event key (enrollment, end date,
 * mark) keeps each notice to one.
 */
export async function sendEndingNotices(deps: TNotificationsDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  let sent = 0;
  for (const days of [7, 1]) {
    const rows = await deps.db
      .select({
        id: enrollments.id,
        teacherId: enrollments.teacherId,
        studentId: enrollments.studentId,
        courseId: enrollments.courseId,
        expiresAt: enrollments.expiresAt,
        title: courses.title,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(
        and(
          eq(enrollments.status, 'active'),
          gt(enrollments.expiresAt, new Date(now + (days - 1) * DAY)),
          lt(enrollments.expiresAt, new Date(now + days * DAY)),
        ),
      );
    for (const row of rows) {
      const end = row.expiresAt!.toISOString().slice(0, 10);
      const base = {
        teacherId: row.teacherId,
        kind: 'subscriptionEnding' as const,
        params: { course: row.title, context: `d${days}` },
        eventKey: `ending:${row.id}:${end}:${days}`,
      };
      await notify(deps, {
        ...base,
        users: [row.studentId],
        toTeacher: true,
        link: `/student/dashboard/courses/${row.courseId}`,
        teacherLink: '/teacher/students',
      });
      sent += 1;
    }
  }
  return sent;
}

export function endingJob(deps: TNotificationsDeps) {
  return defineJob<object>({ name: 'notifications.ending', cron: '15 * * * *', run: () => sendEndingNotices(deps) });
}

/**
 * The daily digest: one e-mail per person who chose "digest" for some kind, listing that day's notifications of
 * those kinds; claimed by person and date (never twice).
 */
export async function sendDigests(deps: TNotificationsDeps): Promise<number> {
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const choices = await deps.db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.email, 'digest'));
  const kindsByUser = new Map<string, string[]>();
  for (const c of choices) kindsByUser.set(c.userId, [...(kindsByUser.get(c.userId) ?? []), c.kind]);
  let sent = 0;
  for (const [userId, kinds] of kindsByUser) {
    const items = await deps.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, userId),
          inArray(notifications.kind, kinds),
          gte(notifications.createdAt, new Date(now.getTime() - DAY)),
          isNull(notifications.readAt),
        ),
      )
      .orderBy(asc(notifications.createdAt));
    if (items.length === 0) continue;
    const [who] = await deps.db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, userId));
    if (!who) continue;
    sent += await sendClaimed(deps, [{ key: `digest:${userId}:${day}`, recipientId: userId, send: () => sendDigest(deps, who, items) }], {
      stopAtFailure: true,
    });
  }
  return sent;
}

/** One person's digest: a line per notification of the day, in their language. */
async function sendDigest(deps: TNotificationsDeps, who: { email: string; language: string }, items: TDigestItem[]): Promise<boolean> {
  const lng = toLanguage(who.language);
  const lines = items.map((i) => `• ${notificationText(lng, `kinds.${i.kind}.body`, i.params)}`);
  const footer = notificationText(lng, 'email.digestFooter', { link: `${origin(deps)}/` });
  const text = [...lines, '', footer].join('\n');
  const subject = notificationText(lng, 'email.digestSubject');
  const html = await emailHtml({ lng, title: subject, paragraphs: lines, footer: [footer] });
  await deps.mailer.send({ to: who.email, subject, text, html });
  return true;
}

export function digestJob(deps: TNotificationsDeps) {
  return defineJob<object>({ name: 'notifications.digest', cron: '0 18 * * *', run: () => sendDigests(deps) });
}
