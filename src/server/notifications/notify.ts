import { and, eq, inArray } from 'drizzle-orm';
import { roleHearsOf, type TStaffRole } from '@shared/staff';
import { notifications, staffMembers, teachers } from '@server/core/db/schema';
import type { TNotifyEvent } from '@server/core/notify-port';
import type { TNotificationsDeps } from './deps';
import { emailBatchJob } from './email';
import { preferencesFor } from './preferences';
import { pushBatchJob } from './push';
import { withDevices } from './push-devices';

/*
 * One event, many recipients (issue 26): a row per recipient in the centre (unique per event and recipient, so
 * a repeated event adds nothing), the live streams told through the bus, and the e-mails queued in batches for
 * those who want them at once. Each e-mail is claimed by its notification's id before it leaves (email.ts).
 */
const INSERT_CHUNK = 1000;
const EMAILS_PER_JOB = 100;

/**
 * The teacher's side of an event: the teacher's own account and the staff members whose role covers the kind
 * (issue 28, decision 195). Each is a recipient like the teacher: the teacher's link, their own preferences.
 */
async function teacherSide(deps: TNotificationsDeps, teacherId: string, kind: string): Promise<string[]> {
  const [row] = await deps.db.select({ userId: teachers.userId }).from(teachers).where(eq(teachers.id, teacherId));
  const team = await deps.db.select({ userId: staffMembers.userId, role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.teacherId, teacherId));
  const staff = team.filter((m) => roleHearsOf(m.role as TStaffRole, kind)).map((m) => m.userId);
  return [...(row?.userId ? [row.userId] : []), ...staff];
}

export async function notify(deps: TNotificationsDeps, event: TNotifyEvent): Promise<{ created: number; emails: number; pushes: number }> {
  const side = new Set(event.toTeacher && event.teacherId ? await teacherSide(deps, event.teacherId, event.kind) : []);
  const recipients = [...new Set([...(event.users ?? []), ...side])];
  if (recipients.length === 0) return { created: 0, emails: 0, pushes: 0 };
  const wants = await preferencesFor(deps, recipients, event.kind);
  const rows = recipients.map((recipientId) => ({
    teacherId: event.teacherId,
    recipientId,
    kind: event.kind,
    params: event.params ?? {},
    link: side.has(recipientId) && event.teacherLink !== undefined ? event.teacherLink : (event.link ?? null),
    eventKey: event.eventKey,
    shown: wants(recipientId).inApp,
  }));
  const created: Array<{ id: string; recipientId: string; shown: boolean }> = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await deps.db
      .insert(notifications)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ id: notifications.id, recipientId: notifications.recipientId, shown: notifications.shown });
    created.push(...inserted);
  }
  if (event.resume) await addExisting(deps, event.eventKey, recipients, created);
  await deps.hub.announce(created.filter((r) => r.shown).map((r) => r.recipientId));
  const mail = event.ownEmail ? [] : created.filter((r) => wants(r.recipientId).email === 'instant').map((r) => r.id);
  for (let i = 0; i < mail.length; i += EMAILS_PER_JOB) await deps.jobs.send(emailBatchJob(deps), { ids: mail.slice(i, i + EMAILS_PER_JOB) });
  // Pushes whatever the kind's e-mail (domains with their own e-mail included), to those with a device.
  const devices = await withDevices(deps, [...new Set(created.filter((r) => wants(r.recipientId).push).map((r) => r.recipientId))]);
  const push = created.filter((r) => devices.has(r.recipientId)).map((r) => r.id);
  for (let i = 0; i < push.length; i += EMAILS_PER_JOB) await deps.jobs.send(pushBatchJob(deps), { ids: push.slice(i, i + EMAILS_PER_JOB) });
  return { created: created.length, emails: mail.length, pushes: push.length };
}

/** The rows of this event written by an earlier run, added to `created` (the e-mails they may still owe). */
async function addExisting(
  deps: TNotificationsDeps,
  eventKey: string,
  recipients: string[],
  created: Array<{ id: string; recipientId: string; shown: boolean }>,
) {
  const known = new Set(created.map((r) => r.id));
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
    const rows = await deps.db
      .select({ id: notifications.id, recipientId: notifications.recipientId, shown: notifications.shown })
      .from(notifications)
      .where(and(eq(notifications.eventKey, eventKey), inArray(notifications.recipientId, recipients.slice(i, i + INSERT_CHUNK))));
    created.push(...rows.filter((r) => !known.has(r.id)));
  }
}

/** For other domains: failures are logged, never turned into the user's error (the event itself is saved). */
export async function notifySafely(deps: TNotificationsDeps, event: TNotifyEvent): Promise<void> {
  try {
    await notify(deps, event);
  } catch (err) {
    deps.logger.warn({ err, kind: event.kind }, 'notification failed');
  }
}
