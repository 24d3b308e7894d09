import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Pool, PoolClient } from 'pg';
import type { TCacheBus } from '@server/core/cache-bus';

/*
 * tus takes a lock on an upload for each request that reads or writes it. With several instances of Darsi the
 * PATCH requests of one upload may land on different instances, so the lock is a PostgreSQL advisory lock held by
 * a session of a small pool of its own (the app's pool is not tied up by long uploads). A lock whose process died
 * goes with its connection. As with @tus/server's MemoryLocker, a request that wants a held lock first asks the
 * holder to let go (a client resuming after a lost connection must not wait for the old request to time out);
 * the holder may be on another instance, so the request goes through the cache bus as well.
 */
const LOCK_CLASS = 0x747573; // 'tus'
const RETRY_MS = 100;
const RELEASE_TOPIC = 'video.tus-release';
const ignore = () => undefined;

export function postgresTusLocker({ pool, bus, timeoutMs = 30_000 }: { pool: () => Promise<Pool>; bus?: TCacheBus; timeoutMs?: number }): Locker {
  /** Uploads locked by this instance → how to ask their request to let go. */
  const held = new Map<string, RequestRelease>();
  bus?.subscribe(RELEASE_TOPIC, (id) => void held.get(id)?.());

  async function askRelease(id: string) {
    await held.get(id)?.();
    await bus?.publish(RELEASE_TOPIC, id).catch(() => undefined);
  }

  return {
    newLock(id: string): Lock {
      let session: PoolClient | null = null;
      return {
        async lock(signal: AbortSignal, cancelReq: RequestRelease) {
          const client = await (await pool()).connect();
          // A session lost while held (a restart of PostgreSQL) must not crash the process: its lock is gone with
          // it, and the upload's next request finds the file's own offset.
          client.on('error', ignore);
          const deadline = Date.now() + timeoutMs;
          let asked = false;
          try {
            for (;;) {
              const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_CLASS, id]);
              if (rows[0]?.ok) break;
              if (!asked) await askRelease(id);
              asked = true;
              if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
            }
          } catch (error) {
            client.off('error', ignore);
            client.release();
            throw error;
          }
          session = client;
          held.set(id, cancelReq);
        },
        async unlock() {
          const client = session;
          if (!client) throw new Error('Releasing an unlocked lock!');
          session = null;
          held.delete(id);
          client.off('error', ignore);
          try {
            await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id]);
            client.release();
          } catch (error) {
            // A session that cannot unlock is closed instead: its locks go with it.
            client.release(error as Error);
          }
        },
      };
    },
  };
}
