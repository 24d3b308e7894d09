// 2,000 open notification streams (server-sent events) on one instance (issue 26): the memory each costs and the
// time for one notification to every recipient to reach all of them through the LISTEN/NOTIFY bus.
// Run: node bench/run.mjs sse   (needs TEST_DATABASE_URL or DATABASE_URL; default the local server).
// Client and server share this process: the memory per connection includes the client's socket (an upper bound).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { serializeSignedCookie } from 'better-call';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPostgres } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';
import { size, writeResult } from './smoke';

const CONNECTIONS = size(2_000, 5);
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `darsi_bench_sse_${Date.now()}`;
const root = new pg.Client({ connectionString: adminUrl });
await root.connect();
await root.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openPostgres(url.toString());
await database.migrate();
const { db } = database;
const secret = 'bench-secret-0123456789abcdef0123456789';
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: secret,
  CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
  VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: os.tmpdir(),
  PUBLIC_HOST: 'darsi.test',
});
const logger = pino({ level: 'silent' });
const jobs = createJobQueue(database.jobBackend, logger);
const services = createServices({ config, db, jobs, logger });
const app = createApp({ services, database, logger });

await db.execute(sql`insert into "user" (id, name, email, role, email_verified)
  select 'us' || i, 'طالب ' || i, 'student' || i || '@bench.test', 'student', true from generate_series(1, ${CONNECTIONS}) i`);
await db.execute(sql`insert into students (id, name) select 'us' || i, 'طالب ' || i from generate_series(1, ${CONNECTIONS}) i`);
await db.execute(sql`insert into session (id, token, user_id, expires_at, updated_at)
  select 'se' || i, 'tok' || i, 'us' || i, now() + interval '1 day', now() from generate_series(1, ${CONNECTIONS}) i`);

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const port = (server.address() as AddressInfo).port;

const unread = new Array<number>(CONNECTIONS).fill(-1);
const requests: http.ClientRequest[] = [];
async function open(i: number) {
  const cookie = (await serializeSignedCookie('darsi.session_token', `tok${i + 1}`, secret, { path: '/' })).split(';')[0]!;
  const req = http.get({ host: '127.0.0.1', port, path: '/api/notifications/stream', agent: false, headers: { host: config.publicHost, cookie } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const match = [...chunk.matchAll(/event: unread\ndata: (\d+)/g)].at(-1);
      if (match) unread[i] = Number(match[1]);
    });
  });
  req.on('error', () => undefined);
  requests.push(req);
}

const waitFor = async (check: () => boolean, limitMs: number) => {
  const start = performance.now();
  while (!check() && performance.now() - start < limitMs) await new Promise((r) => setTimeout(r, 20));
  return check();
};

global.gc?.();
const before = process.memoryUsage();
const o0 = performance.now();
for (let i = 0; i < CONNECTIONS; i += 1) await open(i);
const allOpen = await waitFor(() => unread.every((n) => n === 0), 120_000);
const openSecs = (performance.now() - o0) / 1000;
global.gc?.();
await new Promise((r) => setTimeout(r, 1_000));
const after = process.memoryUsage();
const perConnection = (key: 'rss' | 'heapUsed') => (after[key] - before[key]) / CONNECTIONS / 1024;

const users = Array.from({ length: CONNECTIONS }, (_, i) => `us${i + 1}`);
const n0 = performance.now();
await services.notifications.notify({
  teacherId: null,
  kind: 'broadcast',
  eventKey: 'bench:sse',
  users,
  params: { teacher: 'أستاذة', excerpt: 'تأجيل الحصة' },
});
const writtenMs = performance.now() - n0;
const reached = await waitFor(() => unread.every((n) => n === 1), 120_000);
const reachMs = performance.now() - n0;
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');

const text = `# 2,000 open SSE connections (PostgreSQL)

Measured by \`node bench/run.mjs sse\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (shared; load average ${load} at the end), Node ${process.version},
PostgreSQL at ${url.hostname}. One instance (the app on @hono/node-server) and its ${CONNECTIONS.toLocaleString('en')} clients in the same
process, each client a signed-in student holding \`GET /api/notifications/stream\` open.

| measure | result |
|---|---|
| streams opened, each with its first \`unread\` event | ${allOpen ? 'all' : unread.filter((n) => n >= 0).length.toLocaleString('en')} in ${openSecs.toFixed(1)} s |
| memory per open connection (RSS / JS heap, server and client together) | ${perConnection('rss').toFixed(1)} KiB / ${perConnection('heapUsed').toFixed(1)} KiB |
| one notification to all: rows written and announced (notify returned) | ${writtenMs.toFixed(0)} ms |
| until every stream had the new count | ${reached ? `${reachMs.toFixed(0)} ms` : `not within 120 s (${unread.filter((n) => n === 1).length} reached)`} |

Each stream, when told, asks the database for its own unread count: reaching all of them is ${CONNECTIONS.toLocaleString('en')} small
queries through the pool, which is what the time above is made of.
`;
console.log(text);
writeResult('bench/results/sse.md', text);
requests.forEach((r) => r.destroy());
server.close();
await jobs.stop(1_000);
await database.close();
await root.query(`drop database if exists ${dbName} with (force)`);
await root.end();
process.exit(0);
