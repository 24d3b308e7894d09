import { and, eq, inArray, isNull, notLike, or } from 'drizzle-orm';
import { TEACHER_KINDS } from '@shared/notifications';
import { notifications } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import type { TNotificationsDeps } from './deps';

/**
 * A person leaves a teacher's team (decision 233): what they were told as that teacher's staff leaves their centre,
 * unread count and digest, and the e-mails and pushes still queued for it send nothing (their jobs look the rows up
 * by id). Only the teacher's kinds with the teacher's link go: what the same person was told as that teacher's
 * student (links into /student/…) stays. `tx`: the removal's own transaction, so that both happen or neither.
 */
export async function forgetRecipientOfTeacher({ db }: TNotificationsDeps, teacherId: string, userId: string, tx: TTx = db): Promise<number> {
  const gone = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.teacherId, teacherId),
        eq(notifications.recipientId, userId),
        inArray(notifications.kind, [...TEACHER_KINDS]),
        or(isNull(notifications.link), notLike(notifications.link, '/student/%')),
      ),
    )
    .returning({ id: notifications.id });
  return gone.length;
}
