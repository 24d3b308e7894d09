import { serve } from '@hono/node-server';
import { createCacheBus } from '@server/core/cache-bus';
import { loadConfig, StartupError } from '@server/core/config';
import { openPglite, openPostgres, type TDatabase } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createLogger } from '@server/core/logger';
import { assertSupportedNode } from '@server/core/runtime';

/**
 * Everything else is imported once the database has started opening: PGlite compiles its WebAssembly
 * off the main thread meanwhile (docs/decisions/016-fast-start.md). The build splits these into chunks.
 */
const loadApp = () => Promise.all([import('./app'), import('./services'), import('@server/seed'), import('@server/landing')]);

const SHUTDOWN_GRACE_MS = 10_000;
// Clients (browsers, proxies, Playwright) reuse an idle socket; with Node's 5 s default the server may close it just as
// a request leaves, and the client sees ECONNRESET. Longer than the usual 60 s of load balancers, as they advise.
const KEEP_ALIVE_MS = 65_000;

async function main() {
  assertSupportedNode();
  const config = loadConfig();
  const logger = createLogger(config);
  const opening: Promise<TDatabase> = config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
  const [database, [{ createApp }, { createServices }, { seedDemo, readyBanner, reissueDemoCards }, { withLandingFastPath }]] = await Promise.all([
    opening,
    loadApp(),
  ]);
  await database.migrate();
  const jobs = createJobQueue(database.jobBackend, logger);
  // Cached data is invalidated on every instance (decision 076); listening starts before the first request.
  const bus = createCacheBus({ db: database.db, listenOn: database.jobBackend, logger });
  const services = createServices({ config, db: database.db, jobs, logger, bus });
  await bus.start();
  if (config.seedDemo) {
    const { applied, failed } = await seedDemo(services);
    if (applied.length > 0) logger.info({ steps: applied }, 'demo data seeded');
    if (failed) logger.warn({ step: failed.step, err: failed.error }, 'demo data step failed; it runs again at the next start');
    // Demo activation cards are valid 24 hours (spec §9): new ones at every start.
    const cards = await reissueDemoCards(services).catch((err: unknown) => {
      logger.warn({ err }, 'demo activation cards not issued');
      return [];
    });
    if (cards.length > 0) logger.info({ cards }, 'demo activation cards (card number and code), valid 24 hours');
  }

  // Background work and schedules (docs/decisions/054-job-queue.md), before the first request can send a job.
  await jobs.start();

  const app = createApp({ services, database, logger });
  // Cached landing pages are answered before the app (src/server/landing/fast-path.ts).
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, createServer: withLandingFastPath(services) }, () => {
    logger.info({ url: `http://${config.publicHost}`, driver: database.driver, node: process.version }, 'Darsi is listening');
    const banner = readyBanner(config, database.driver);
    if (banner) process.stdout.write(`${banner}\n`);
  });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  // A port taken by another program is an operator's mistake, not a crash: one line, as for a bad variable.
  server.once('error', (error: NodeJS.ErrnoException) => {
    const message =
      error.code === 'EADDRINUSE'
        ? `${config.host}:${config.port} is already in use (set PORT or HOST)`
        : `cannot listen on ${config.host}:${config.port}: ${error.message}`;
    console.error(`Darsi cannot start: ${message}`);
    void jobs.stop(1_000).finally(() => database.close().finally(() => process.exit(1)));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // Jobs stop being taken at once; a running one gets half the grace period, then runs again after a restart.
    const jobsStopped = jobs.stop(SHUTDOWN_GRACE_MS / 2).catch((err: unknown) => logger.warn({ err }, 'stopping the job queue failed'));
    server.close(() => {
      void jobsStopped
        .then(() => bus.stop())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    // Keep-alive sockets become idle as their last response ends; close them then, not after their timeout.
    if ('closeIdleConnections' in server) {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Expected start-up failures get one clear line; anything else keeps its stack for the operator.
  if (error instanceof StartupError) {
    console.error(`Darsi cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
