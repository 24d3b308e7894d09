import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss, type Job, type Queue, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import { DARSI_TIME_ZONE } from '@shared/dates';

/**
 * One job queue for all background work, kept in PostgreSQL by pg-boss (docs/decisions/054-job-queue.md): on the
 * embedded database it shares PGlite's one connection through pg-boss's own adapter; on PostgreSQL it has a small
 * pool of its own. Jobs survive a restart, a job whose process died is retried once its heartbeat stops, and a
 * scheduled job runs once per cluster, never once per instance.
 */
export type TJobBackend = { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };

export type TJobDefinition<T extends object> = {
  name: string;
  /** Retries, expiry, heartbeat and retention of this queue's jobs. */
  queue?: Omit<Queue, 'name'>;
  /** How many of this queue's jobs one process runs at once (each instance of Darsi runs its own). */
  concurrency?: number;
  /** Runs on this schedule (cron, Africa/Algiers time), once per cluster. */
  cron?: string;
  run: (data: T, job: Job<T>) => Promise<unknown>;
};

/** Keeps a job's data type from its definition to `send`. */
export const defineJob = <T extends object>(definition: TJobDefinition<T>): TJobDefinition<T> => definition;

const ALGIERS = DARSI_TIME_ZONE;
// A job runs again when its process stops sending heartbeats (killed, crashed): after this long.
const DEFAULT_HEARTBEAT_SECONDS = 30;
const POLL_SECONDS = 2;

export type TJobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(backend: TJobBackend, logger: Logger) {
  const boss =
    backend.driver === 'pglite'
      ? new PgBoss({ db: fromPglite(backend.client), backend: 'pglite', useListenNotify: true })
      : new PgBoss({ connectionString: backend.url, max: 4, application_name: 'darsi-jobs', useListenNotify: true });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const definitions = new Map<string, TJobDefinition<never>>();
  let booted: Promise<void> | null = null;
  let working = false;

  // Installs or migrates pg-boss's schema, then creates the queues and upserts the schedules, once.
  const boot = () =>
    (booted ??= (async () => {
      await boss.start();
      for (const definition of definitions.values()) await register(definition);
    })());

  async function register(definition: TJobDefinition<never>) {
    // notify: a worker wakes as soon as a job is sent, instead of at its next poll.
    await boss.createQueue(definition.name, { heartbeatSeconds: DEFAULT_HEARTBEAT_SECONDS, notify: true, ...definition.queue });
    if (definition.cron) await boss.schedule(definition.name, definition.cron, null, { tz: ALGIERS });
  }

  async function startWorker(definition: TJobDefinition<never>) {
    // Polling stays the backstop for what NOTIFY does not announce: retries and delayed jobs.
    const options = { localConcurrency: definition.concurrency ?? 1, notifyPollingIntervalSeconds: POLL_SECONDS };
    await boss.work<never>(definition.name, options, async ([job]) => {
      if (!job) return;
      const t0 = performance.now();
      try {
        const output = await definition.run(job.data, job);
        logger.info({ job: definition.name, id: job.id, ms: Math.round(performance.now() - t0) }, 'job done');
        return output;
      } catch (err) {
        logger.warn({ job: definition.name, id: job.id, retry: job.retryCount, err }, 'job failed');
        throw err;
      }
    });
  }

  return {
    boss,
    /** Declares a kind of job. Every instance declares the same ones before `start`. */
    define<T extends object>(definition: TJobDefinition<T>) {
      // A second set of services on the same queue (tests of a restart) declares the same kinds again: the
      // first declaration, whose process runs the jobs, stays.
      if (definitions.has(definition.name)) return;
      if (booted) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as TJobDefinition<never>);
    },
    /** Boots the queue and, with `work`, runs its jobs in this process too. Call it once the app is ready. */
    async start({ work = true }: { work?: boolean } = {}) {
      await boot();
      if (!work || working) return;
      working = true;
      for (const definition of definitions.values()) await startWorker(definition);
    },
    /** Boots the queue on first use, so that code which only sends jobs never waits for workers. */
    async send<T extends object>(definition: TJobDefinition<T>, data: T, options: SendOptions = {}): Promise<string | null> {
      await boot();
      return boss.send(definition.name, data, options);
    },
    /** Stops taking jobs and waits (up to `timeoutMs`) for the running ones; a job cut short runs again later. */
    async stop(timeoutMs = 10_000) {
      if (!booted) return;
      await booted.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
