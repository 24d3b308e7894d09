import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '@server/app';
import { loadConfig, type TConfig } from '@server/core/config';
import { openPglite, openPostgres, type TDatabase } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices, type TServices, type TServicesDeps } from '@server/services';

export const DRIVER = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. Both start as a
 * copy of the template that tests/integration/global-setup.ts migrated once. */
export async function freshDatabase(): Promise<TDatabase> {
  const template = inject('databaseTemplate');
  if (DRIVER === 'pglite') return openPglite(undefined, new Blob([fs.readFileSync(template)]));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const name = `darsi_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(sql).finally(() => admin.end());
}

/** A throwaway built web app, so static-serving tests do not depend on `npm run build`. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

export type TTestApp = {
  app: ReturnType<typeof createApp>;
  database: TDatabase;
  config: TConfig;
  services: TServices;
  request: (pathname: string, init?: RequestInit & { host?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

/** `deps`: stand-ins of external services the app is given at start (a push service's TLS agent). */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<TServicesDeps, 'push'> = {}): Promise<TTestApp> {
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: fakeWebDist(),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-int-')),
    BETTER_AUTH_SECRET: 'integration-tests-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    // The overload guard queues by route class as in production but never sheds an ordinary test's burst (150
    // redemptions at once on a loaded machine); tests/integration/overload.test.ts sets it as operators would.
    OVERLOAD_MAX_WAIT_MS: '60000',
    OVERLOAD_MAX_LAG_MS: '0',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  // Jobs are kept in the test database; a test that needs them run calls services.jobs.start().
  const jobs = createJobQueue(database.jobBackend, logger);
  const services = createServices({ config, db: database.db, jobs, logger, ...deps });
  const app = createApp({ services, database, logger });
  return {
    app,
    database,
    config,
    services,
    // Node's fetch cannot send a custom Host, so requests go straight to the app.
    request: (pathname, { host = config.publicHost, headers, ...init } = {}) =>
      Promise.resolve(app.request(`http://${host}${pathname}`, { ...init, headers: { host, ...headers } })),
    close: async () => {
      await jobs.stop(1_000);
      await database.close();
    },
  };
}
