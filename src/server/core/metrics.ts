import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TDatabase } from './db/client';
import type { TAppEnv } from './env';
import type { TJobQueue } from './jobs/queue';

/*
 * Prometheus metrics (docs/decisions/073-metrics-and-health.md): request latency by route, the job queue's
 * depth and failures, the database pool and the process. Gauges are read when Prometheus scrapes, so nothing
 * runs between scrapes. Each app has its own registry: tests build several apps in one process.
 */
const JOB_STATES = ['queuedCount', 'readyCount', 'deferredCount', 'activeCount', 'failedCount'] as const;

export function createMetrics({ database, jobs }: { database: TDatabase; jobs: TJobQueue }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'darsi_' });
  const requests = new Histogram({
    name: 'darsi_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'darsi_job_queue_jobs',
    help: 'Jobs of each queue by state (failed: those still retained).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // Before the queue has started (or while the database is down) there is nothing to count.
      const queues = await jobs.boss.getQueues().catch(() => []);
      for (const queue of queues) for (const state of JOB_STATES) this.set({ queue: queue.name, state: state.replace('Count', '') }, queue[state]);
    },
  });
  new Gauge({
    name: 'darsi_db_pool_connections',
    help: 'PostgreSQL pool connections by state (none on the embedded database).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (stats) for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'darsi_database_up',
    help: '1 when the database answers a ping.',
    registers: [registry],
    async collect() {
      this.set((await database.ping()) ? 1 : 0);
    },
  });

  /** Times every request under the pattern of the route that answered (bounded labels, never raw paths). */
  const timing: MiddlewareHandler<TAppEnv> = async (c, next) => {
    const stop = requests.startTimer();
    try {
      await next();
    } finally {
      stop({ method: c.req.method, route: routePath(c) || 'unmatched', status: String(c.res.status) });
    }
  };
  return { registry, timing };
}

export type TMetrics = ReturnType<typeof createMetrics>;

/** GET /metrics behind a bearer token; without a configured token the route does not exist. */
export function metricsRoutes(metrics: TMetrics, token: string | undefined) {
  return new Hono<TAppEnv>().get('/metrics', async (c) => {
    if (!token) return c.notFound();
    const given = Buffer.from(c.req.header('authorization') ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.text('unauthorized\n', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' });
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
}
