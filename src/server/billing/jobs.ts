import { eq } from 'drizzle-orm';
import { addDays, NOTICE_DAYS, planState } from '@shared/billing';
import { formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { billingNoticesSent, planSubscriptions, teachers, user } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import { deleteTeacherData } from './delete-data';
import { mainOrigin, type TBillingDeps } from './deps';
import { billingText } from './texts';
import { sendOnce as sendNoticeOnce } from '@server/core/send-once';

/*
 * The daily billing job (decision 102): renewal reminders 7 and 1 days before a paid period ends, the
 * stored status brought up to date (past_due in grace, expired after), deletion warnings 7 and 1 days before
 * a cancelled teacher's data goes, and the deletion itself — only once the last warning went out. Each
 * message is keyed in billing_notices_sent before it is sent: a rerun (retry, two instances) sends nothing.
 */

type TSub = typeof planSubscriptions.$inferSelect;
type TWho = { email: string; name: string; language: string; userId: string; teacherId: string };

const sendOnce = (deps: TBillingDeps, key: string, teacherId: string, send: () => Promise<void>) =>
  sendNoticeOnce(
    () =>
      deps.db.insert(billingNoticesSent).values({ key, teacherId, sentAt: deps.clock.now() }).onConflictDoNothing().returning({ key: billingNoticesSent.key }),
    () => deps.db.delete(billingNoticesSent).where(eq(billingNoticesSent.key, key)),
    send,
  );

/** The smallest of NOTICE_DAYS that `date` is within, or null when it is further away (or past). */
function dueNotice(date: Date, now: Date): number | null {
  const left = date.getTime() - now.getTime();
  if (left <= 0) return null;
  const fitting = NOTICE_DAYS.filter((d) => left <= d * 86_400_000);
  return fitting.length ? Math.min(...fitting) : null;
}

/**
 * A renewal reminder follows the teacher's choice for "billing" e-mails (and carries its unsubscribe link); a data
 * deletion warning always goes out. Both also show in the notification centre (issue 26).
 */
async function mail(deps: TBillingDeps, who: TWho, kind: 'renewal' | 'deletion', days: number, date: Date) {
  const lng = toLanguage(who.language);
  const params = { name: who.name, days, date: formatDate(lng, date, 'long'), link: `${mainOrigin(deps.config)}/dashboard/billing` };
  await deps.notify?.({
    // The teacher's platform and toTeacher: an owner-role staff member is told too (issue 28); the e-mail stays the teacher's.
    teacherId: who.teacherId,
    kind: 'billing',
    eventKey: `billing:${kind}:${who.userId}:${date.toISOString()}:${days}`,
    toTeacher: true,
    ownEmail: true,
    params: { context: kind, days },
    link: '/dashboard/billing',
  });
  await deps.mailer.send({
    to: who.email,
    subject: billingText(lng, `emails.${kind}.subject`, params),
    text: billingText(lng, `emails.${kind}.body`, params),
    ...(kind === 'renewal' ? { notice: { kind: 'billing' as const, userId: who.userId } } : {}),
  });
}

async function subscriptions(deps: TBillingDeps) {
  return deps.db
    .select({
      sub: planSubscriptions,
      who: { email: teachers.email, name: teachers.name, language: user.language, userId: user.id, teacherId: teachers.id },
      statusReason: teachers.statusReason,
    })
    .from(planSubscriptions)
    .innerJoin(teachers, eq(teachers.id, planSubscriptions.teacherId))
    .innerJoin(user, eq(user.id, teachers.userId));
}

async function remindAndUpdate(deps: TBillingDeps, sub: TSub, who: TWho, now: Date) {
  const state = planState(sub, null, now);
  if (state.status !== sub.status && sub.status !== 'expired') {
    await deps.db.update(planSubscriptions).set({ status: state.status, updatedAt: now }).where(eq(planSubscriptions.teacherId, sub.teacherId));
  }
  if (sub.canceledAt) return 0;
  const days = dueNotice(sub.currentPeriodEnd, now);
  if (days === null) return 0;
  const key = `renewal:${sub.teacherId}:${sub.currentPeriodEnd.toISOString()}:${days}`;
  return (await sendOnce(deps, key, sub.teacherId, () => mail(deps, who, 'renewal', days, sub.currentPeriodEnd))) ? 1 : 0;
}

async function warnOrDelete(deps: TBillingDeps, sub: TSub, who: TWho, now: Date) {
  if (!sub.canceledAt || !sub.dataDeletionAt) return { warned: 0, deleted: 0 };
  const days = dueNotice(sub.dataDeletionAt, now);
  const warnKey = (d: number) => `deletion:${sub.teacherId}:${sub.dataDeletionAt!.toISOString()}:${d}`;
  if (days !== null) {
    const sent = await sendOnce(deps, warnKey(days), sub.teacherId, () => mail(deps, who, 'deletion', days, sub.dataDeletionAt!));
    return { warned: sent ? 1 : 0, deleted: 0 };
  }
  if (sub.dataDeletionAt > now) return { warned: 0, deleted: 0 };
  // Never without the last warning: a job that did not run in time warns now and deletes a day later.
  const [last] = await deps.db
    .select()
    .from(billingNoticesSent)
    .where(eq(billingNoticesSent.key, warnKey(1)));
  if (!last) {
    await sendOnce(deps, warnKey(1), sub.teacherId, () => mail(deps, who, 'deletion', 1, addDays(now, 1)));
    return { warned: 1, deleted: 0 };
  }
  if (last.sentAt > addDays(now, -1)) return { warned: 0, deleted: 0 };
  await deleteTeacherData(deps, sub.teacherId, now);
  return { warned: 0, deleted: 1 };
}

/** One pass over every plan subscription; safe to run any number of times. */
export async function runBillingDaily(deps: TBillingDeps) {
  const now = deps.clock.now();
  const total = { reminded: 0, warned: 0, deleted: 0 };
  for (const { sub, who, statusReason } of await subscriptions(deps)) {
    if (statusReason === 'data_deleted') continue;
    total.reminded += await remindAndUpdate(deps, sub, who, now);
    const r = await warnOrDelete(deps, sub, who, now);
    total.warned += r.warned;
    total.deleted += r.deleted;
  }
  return total;
}

/** Every day at 09:00 in Algiers. */
export const billingDailyJob = (deps: TBillingDeps) => defineJob<object>({ name: 'billing-daily', cron: '0 9 * * *', run: () => runBillingDaily(deps) });
