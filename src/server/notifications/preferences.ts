import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_KINDS, STUDENT_KINDS, TEACHER_KINDS, type TEmailMode, type TNotificationKind } from '@shared/notifications';
import { roleHearsOf, type TStaffRole } from '@shared/staff';
import { notificationPreferences, staffMembers, students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TNotificationsDeps } from './deps';

export type TPreference = { kind: TNotificationKind; inApp: boolean; email: TEmailMode; push: boolean };
/** A choice as sent: without `push`, the push choice stays as it was. */
export type TPreferenceChoice = Omit<TPreference, 'push'> & { push?: boolean };

/** With no choice made: everything in the app and by e-mail at once (a teacher who used WhatsApp wants to know). */
const DEFAULT = { inApp: true, email: 'instant' as TEmailMode, push: true };

/** The choices of these users for one kind; users without a row get the default. */
export async function preferencesFor(deps: Pick<TNotificationsDeps, 'db'>, userIds: string[], kind: string) {
  const found = new Map<string, { inApp: boolean; email: TEmailMode; push: boolean }>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await deps.db
      .select({
        userId: notificationPreferences.userId,
        inApp: notificationPreferences.inApp,
        email: notificationPreferences.email,
        push: notificationPreferences.push,
      })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.kind, kind), inArray(notificationPreferences.userId, userIds.slice(i, i + 1000))));
    for (const row of rows) found.set(row.userId, { inApp: row.inApp, email: row.email as TEmailMode, push: row.push });
  }
  return (userId: string) => found.get(userId) ?? DEFAULT;
}

/** The kinds a person can receive: a teacher's, a student's, an admin's (one account may be several). */
export async function kindsOf(deps: Pick<TNotificationsDeps, 'db'>, userId: string): Promise<TNotificationKind[]> {
  const [who] = await deps.db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  const [teacher] = await deps.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  const [student] = await deps.db.select({ id: students.id }).from(students).where(eq(students.id, userId));
  const kinds = new Set<TNotificationKind>();
  if (teacher) TEACHER_KINDS.forEach((k) => kinds.add(k));
  if (student) STUDENT_KINDS.forEach((k) => kinds.add(k));
  if (who?.role === 'admin') ADMIN_KINDS.forEach((k) => kinds.add(k));
  // Teaching staff (issue 28): the teacher's kinds their roles cover, on every platform they work on.
  const roles = await deps.db.select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.userId, userId));
  for (const { role } of roles) TEACHER_KINDS.filter((k) => roleHearsOf(role as TStaffRole, k)).forEach((k) => kinds.add(k));
  return [...kinds];
}

export async function listPreferences(deps: TNotificationsDeps, userId: string): Promise<TPreference[]> {
  const kinds = await kindsOf(deps, userId);
  const rows = await deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return kinds.map((kind) => {
    const row = byKind.get(kind);
    return { kind, inApp: row?.inApp ?? DEFAULT.inApp, email: (row?.email as TEmailMode | undefined) ?? DEFAULT.email, push: row?.push ?? DEFAULT.push };
  });
}

export async function savePreference(deps: TNotificationsDeps, userId: string, choice: TPreferenceChoice): Promise<void> {
  if (!(await kindsOf(deps, userId)).includes(choice.kind)) throw new AppError('NOT_FOUND');
  const push = choice.push === undefined ? {} : { push: choice.push };
  await deps.db
    .insert(notificationPreferences)
    .values({ userId, kind: choice.kind, inApp: choice.inApp, email: choice.email, ...push })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: choice.inApp, email: choice.email, ...push, updatedAt: new Date() },
    });
}

/** The unsubscribe link's effect: no more e-mail of that kind, the rest of the choice kept. */
export async function stopEmails(deps: Pick<TNotificationsDeps, 'db'>, userId: string, kind: TNotificationKind): Promise<void> {
  await deps.db
    .insert(notificationPreferences)
    .values({ userId, kind, inApp: true, email: 'off' })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: 'off', updatedAt: new Date() } });
}
