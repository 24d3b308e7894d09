import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheBus } from '@server/core/cache-bus';
import type { Db } from '@server/core/db/client';
import { postgresTusLocker } from '@server/video/tus-lock';
import { ADMIN_URL } from './cluster';

/*
 * The tus lock of two instances (each its own pool, as two processes would have): one holds an upload, the other
 * waits, asks the holder to let go, and gets it once it does. A lock whose session died is free again.
 */
const pools = [new pg.Pool({ connectionString: ADMIN_URL, max: 3 }), new pg.Pool({ connectionString: ADMIN_URL, max: 3 })];
// Each instance's cache bus carries the requests to let go, as in the server.
const buses = pools.map((pool) =>
  createCacheBus({ db: drizzle(pool) as unknown as Db, listenOn: { driver: 'postgres', url: ADMIN_URL }, logger: pino({ level: 'silent' }) }),
);
const [first, second] = pools.map((pool, i) => postgresTusLocker({ pool: async () => pool, bus: buses[i], timeoutMs: 3_000 }));
beforeAll(async () => {
  await Promise.all(buses.map((bus) => bus.start()));
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.stop()));
  await Promise.all(pools.map((p) => p.end()));
});

describe('the PostgreSQL tus lock', () => {
  it('is exclusive across instances, and the holder is asked to let go', async () => {
    const id = randomUUID();
    const held = first!.newLock(id);
    let asked = 0;
    await held.lock(new AbortController().signal, async () => {
      asked += 1;
      // The holder's request ends as tus ends it: its lock is released.
      await held.unlock();
    });
    const waiting = second!.newLock(id);
    await waiting.lock(new AbortController().signal, () => undefined);
    expect(asked).toBe(1);
    await waiting.unlock();
  });

  it('times out when the holder does not let go, and frees a lock whose session died', async () => {
    const id = randomUUID();
    const stubborn = first!.newLock(id);
    await stubborn.lock(new AbortController().signal, () => undefined);
    await expect(second!.newLock(id).lock(new AbortController().signal, () => undefined)).rejects.toMatchObject({ status_code: 500 });
    // The holder's process dies: its sessions end, and the lock with them.
    const holder = await pools[0]!.connect();
    const { rows } = await holder.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = hashtext($2)::oid and granted`,
      [0x747573, id],
    );
    holder.release();
    expect(rows).toHaveLength(1);
    const killer = new pg.Client({ connectionString: ADMIN_URL });
    await killer.connect();
    await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await killer.end();
    const next = second!.newLock(id);
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
    // The dead holder's request still ends normally: its session is discarded.
    await stubborn.unlock();
  });
});
