import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './db/client';
import type { TJobBackend } from './jobs/queue';

/*
 * Tells every instance of Darsi that something cached in memory changed (docs/decisions/076-cache-invalidation-
 * across-instances.md). A domain publishes a topic and a key (never the value: each instance reads it again) with
 * PostgreSQL NOTIFY, inside the transaction of the write when it has one, so that the message leaves only when the
 * write is committed. Each instance LISTENs on ONE dedicated connection; after that connection is lost and made
 * again, messages may have been missed, so every subscriber flushes everything it caches.
 */
const CHANNEL = 'darsi_cache';
// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const MAX_PAYLOAD = 7_900;
const RECONNECT_MS = [200, 1_000, 5_000];

type TMessage = { o: string; t: string; k: string };
type THandler = (key: string) => void;

export type TCacheBus = ReturnType<typeof createCacheBus>;

/**
 * `listenOn` undefined: publishes only (tests that build services without a server). On PGlite the database is
 * one process's (the DATA_DIR lock), so nothing arrives from elsewhere; the listener is there all the same.
 */
export function createCacheBus({ db, listenOn, logger }: { db: Db; listenOn?: TJobBackend; logger: Logger }) {
  const origin = randomUUID();
  const handlers = new Map<string, THandler[]>();
  const flushers: Array<() => void> = [];
  let stopListening: (() => Promise<void>) | null = null;

  function deliver(payload: string) {
    let message: TMessage;
    try {
      message = JSON.parse(payload) as TMessage;
    } catch {
      return;
    }
    // This instance already did what the message asks, right after its own write.
    if (message.o === origin) return;
    if (message.t === '*') return flushAll();
    for (const handler of handlers.get(message.t) ?? []) run(() => handler(message.k));
  }

  function run(fn: () => void) {
    try {
      fn();
    } catch (err) {
      logger.warn({ err }, 'cache invalidation handler failed');
    }
  }

  function flushAll() {
    for (const flush of flushers) run(flush);
  }

  return {
    /** Announces a change of `key` under `topic` to the other instances; `executor` is the write's transaction. */
    async publish(topic: string, key: string, executor: Db = db): Promise<void> {
      let payload = JSON.stringify({ o: origin, t: topic, k: key } satisfies TMessage);
      // Keys are short; one that is not makes every instance drop everything rather than fail the write.
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ o: origin, t: '*', k: '' } satisfies TMessage);
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    /** Runs `handler` with each key another instance publishes under `topic`. */
    subscribe(topic: string, handler: THandler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    /** Runs `flush` when messages may have been missed (the listening connection was lost). */
    onFlush(flush: () => void) {
      flushers.push(flush);
    },
    async start() {
      if (!listenOn || stopListening) return;
      if (listenOn.driver === 'pglite') {
        const unlisten = await listenOn.client.listen(CHANNEL, deliver);
        stopListening = () => unlisten();
        return;
      }
      stopListening = await listenPostgres(listenOn.url, deliver, flushAll, logger);
    },
    async stop() {
      await stopListening?.().catch(() => undefined);
      stopListening = null;
    },
  };
}

/** One client outside the pool, made again after any loss; everything is flushed once it listens again. */
async function listenPostgres(url: string, deliver: (payload: string) => void, flushAll: () => void, logger: Logger) {
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let attempt = 0;

  async function connect(reconnecting: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'darsi-cache-bus' });
    next.on('notification', (n) => n.channel === CHANNEL && n.payload !== undefined && deliver(n.payload));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      logger.warn('cache invalidation connection lost; reconnecting');
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    attempt = 0;
    // What changed while nobody listened is unknown: everything cached may be stale.
    if (reconnecting) flushAll();
  }

  function scheduleReconnect() {
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    setTimeout(() => {
      if (stopped) return;
      connect(true).catch((err: unknown) => {
        logger.warn({ err: err instanceof Error ? err.message : err }, 'cache invalidation reconnect failed');
        scheduleReconnect();
      });
    }, delay).unref();
  }

  await connect(false);
  return async () => {
    stopped = true;
    await client?.end();
  };
}
