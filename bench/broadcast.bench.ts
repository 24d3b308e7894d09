// A broadcast to many students (issue 26, decision 180), on PostgreSQL: the request's accept time, the time until
// every student has the in-app notification (the fan-out job), and the e-mail queue's drain rate per minute.
// Run: node bench/run.mjs broadcast   (needs TEST_DATABASE_URL or DATABASE_URL; default the local server).
// E-mails go to a counting mailer (no SMTP): what is measured is Darsi's queue, claims and rendering.
import os from 'node:os';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { broadcasts, notificationEmails, notifications } from '@server/core/db/schema';
import { loadConfig } from '@server/core/config';
import { openPostgres } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import type { TMailer, TSentMail } from '@server/core/mailer';
import { createServices } from '@server/services';
import { size, writeResult } from './smoke';

const STUDENTS = size(10_000, 50);
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `darsi_bench_broadcast_${Date.now()}`;
const root = new pg.Client({ connectionString: adminUrl });
await root.connect();
await root.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openPostgres(url.toString());
await database.migrate();
const { db } = database;
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
  CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
  VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: os.tmpdir(),
});
const logger = pino({ level: 'silent' });
let mailed = 0;
const recent: TSentMail[] = [];
const mailer: TMailer = {
  recent,
  sendTemplate: async () => undefined,
  send: async () => {
    mailed += 1;
  },
};
const jobs = createJobQueue(database.jobBackend, logger);
const services = createServices({ config, db, jobs, logger, mailer });

const t0 = performance.now();
await db.execute(sql`insert into "user" (id, name, email, role, email_verified) values ('ut1', 'أستاذ', 'teacher@bench.test', 'teacher', true)`);
await db.execute(
  sql`insert into teachers (user_id, name, email, subdomain, status, is_active, plan) values ('ut1', 'أستاذ', 'teacher@bench.test', 'prof', 'active', true, 'academy')`,
);
await db.execute(sql`insert into "user" (id, name, email, role, email_verified)
  select 'us' || i, 'طالب رقم ' || i, 'student' || i || '@bench.test', 'student', true from generate_series(1, ${STUDENTS}) i`);
await db.execute(sql`insert into students (id, name) select 'us' || i, 'طالب رقم ' || i from generate_series(1, ${STUDENTS}) i`);
await db.execute(sql`insert into teacher_students (teacher_id, student_id) select t.id, 'us' || i from teachers t, generate_series(1, ${STUDENTS}) i`);
const seedSecs = (performance.now() - t0) / 1000;
const teacherId = ((await db.execute(sql`select id from teachers limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;

await jobs.start();
const a0 = performance.now();
const { id } = await services.messages.sendBroadcast(teacherId, { audience: 'all', body: 'تأجيل حصة الغد إلى يوم الأحد على الساعة الخامسة.' });
const acceptMs = performance.now() - a0;

const n = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
const sent = async () => Boolean((await db.select({ sentAt: broadcasts.sentAt }).from(broadcasts).where(eq(broadcasts.id, id)))[0]?.sentAt);
while (!(await sent())) await new Promise((r) => setTimeout(r, 100));
const visibleSecs = (performance.now() - a0) / 1000;
const shown = await n(
  db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.eventKey, `broadcast:${id}`)),
);
const perMinute: number[] = [];
const drainStart = performance.now();
let last = 0;
while (mailed < STUDENTS && performance.now() - drainStart < 15 * 60_000) {
  await new Promise((r) => setTimeout(r, 250));
  const elapsed = (performance.now() - drainStart) / 60_000;
  if (elapsed >= perMinute.length + 1 || mailed >= STUDENTS) {
    perMinute.push(mailed - last);
    last = mailed;
  }
}
const drainSecs = (performance.now() - drainStart) / 1000;
const claims = await n(db.select({ n: count() }).from(notificationEmails).where(isNotNull(notificationEmails.key)));
// A second broadcast, accepted once the process is warm (its fan-out is cut short by the stop below).
const w0 = performance.now();
await services.messages.sendBroadcast(teacherId, { audience: 'all', body: 'تذكير: الحصة يوم الأحد.' });
const warmMs = performance.now() - w0;
await jobs.stop(1_000);

const text = `# Broadcast benchmark (PostgreSQL)

Measured by \`node bench/run.mjs broadcast\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (shared), Node ${process.version},
PostgreSQL at ${url.hostname}, one process running the app's services and pg-boss workers (e-mail concurrency 2, 100 per job),
a counting mailer instead of SMTP. ${STUDENTS.toLocaleString('en')} students of one teacher (written in ${seedSecs.toFixed(1)} s), audience "all".

| measure | result |
|---|---|
| broadcast accepted (rate limit, audience count, insert, job queued), first request | ${acceptMs.toFixed(0)} ms |
| the same, a second broadcast once warm | ${warmMs.toFixed(0)} ms |
| all in-app notifications written and announced (job done) | ${visibleSecs.toFixed(1)} s |
| notifications written | ${shown.toLocaleString('en')} |
| e-mails sent / claims | ${mailed.toLocaleString('en')} / ${claims.toLocaleString('en')} |
| e-mail drain after the fan-out | ${drainSecs.toFixed(1)} s; per minute: ${perMinute.join(', ')} |

Not measured here: a kill -9 mid-send (covered by tests/integration/broadcast-fanout.test.ts, restart case); the
2,000 open SSE connections are in bench/results/sse.md (node bench/run.mjs sse).
`;
console.log(text);
writeResult('bench/results/broadcast.md', text);
await database.close();
await root.query(`drop database if exists ${dbName} with (force)`);
await root.end();
