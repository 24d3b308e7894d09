import type { TCacheBus } from '@server/core/cache-bus';
import type { Db } from '@server/core/db/client';

/*
 * Who is watching their notifications on this instance (the open event streams), and how a new notification
 * reaches them wherever it was written: the instance that writes tells its own watchers at once and publishes
 * the user ids on the LISTEN/NOTIFY bus (decision 076's), so every other instance tells theirs (decision 147).
 * Only "something changed for this user" travels; each stream reads the count again.
 */
const TOPIC = 'notifications';
// User ids are 32 characters: about 200 fit in one NOTIFY payload (under 8000 bytes).
const IDS_PER_MESSAGE = 200;

type TListener = () => void;

export type TLiveHub = ReturnType<typeof createLiveHub>;

export function createLiveHub(bus: TCacheBus | undefined) {
  const listeners = new Map<string, Set<TListener>>();

  function ping(userId: string) {
    for (const listener of listeners.get(userId) ?? []) listener();
  }

  bus?.subscribe(TOPIC, (key) => key.split(',').forEach(ping));
  // Messages may have been missed while the bus reconnected: every stream reads its count again.
  bus?.onFlush(() => {
    for (const set of listeners.values()) for (const listener of set) listener();
  });

  return {
    /** Calls `listener` whenever `userId` has something new; returns how to stop. */
    listen(userId: string, listener: TListener): () => void {
      const set = listeners.get(userId) ?? new Set<TListener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    /** Tells every instance that these users have something new (after the write is committed). */
    async announce(userIds: string[], db?: Db): Promise<void> {
      const unique = [...new Set(userIds)];
      unique.forEach(ping);
      if (!bus) return;
      for (let i = 0; i < unique.length; i += IDS_PER_MESSAGE) await bus.publish(TOPIC, unique.slice(i, i + IDS_PER_MESSAGE).join(','), db);
    },
    /** Open streams on this instance (metrics, tests). */
    watchers: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}
