import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { notifications, teachers } from '@server/core/db/schema';
import type { TNotificationsDeps } from './deps';

/* A person's notification centre: newest first, unread count, read one, read all. */

const PAGE = 30;

export async function unreadCount(deps: TNotificationsDeps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.shown, true), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** `before`: the createdAt of the last item already shown (the next page). */
export async function listNotifications(deps: TNotificationsDeps, userId: string, before?: Date) {
  const rows = await deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      platform: teachers.subdomain,
    })
    .from(notifications)
    .leftJoin(teachers, eq(teachers.id, notifications.teacherId))
    .where(and(eq(notifications.recipientId, userId), eq(notifications.shown, true), before ? lt(notifications.createdAt, before) : undefined))
    .orderBy(desc(notifications.createdAt))
    .limit(PAGE + 1);
  return {
    items: rows.slice(0, PAGE).map((r) => ({ ...r, readAt: r.readAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() })),
    more: rows.length > PAGE,
    unread: await unreadCount(deps, userId),
  };
}

/** Only the owner's own notification; another's id changes nothing (the same answer as an unknown id). */
export async function markRead(deps: TNotificationsDeps, userId: string, id: string): Promise<void> {
  const changed = await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (changed.length > 0) await deps.hub.announce([userId]);
}

export async function markAllRead(deps: TNotificationsDeps, userId: string): Promise<void> {
  await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  await deps.hub.announce([userId]);
}
