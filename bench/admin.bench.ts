// Admin area: overview, teacher list (search, filters, deep pages), audit log and CSV export, on PostgreSQL
// holding a large platform. Run: node bench/run.mjs admin   (needs TEST_DATABASE_URL or DATABASE_URL;
// default the local server). Writes nothing to the repository: copy the printed table to bench/results/admin.md.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPostgres } from '@server/core/db/client';
import { createServices } from '@server/services';
import { createJobQueue } from '@server/core/jobs/queue';
import { size } from './smoke';

const TEACHERS = size(20_000, 20);
const STUDENTS = size(200_000, 40);
const AUDIT = size(300_000, 60);
const CONTACT = size(20_000, 5);
const RUNS = size(30, 1);

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `darsi_bench_admin_${Date.now()}`;
const root = new pg.Client({ connectionString: adminUrl });
await root.connect();
await root.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openPostgres(url.toString());
await database.migrate();
const { db } = database;

const BOOTSTRAP = 'bench-bootstrap-token-0123456789';
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
  CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
  VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
  DATABASE_URL: url.toString(),
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: os.tmpdir(),
  ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP,
});
const logger = pino({ level: 'silent' });
const services = createServices({ config, db, jobs: createJobQueue(database.jobBackend, logger), logger });
const app = createApp({ services, database, logger });
const host = config.publicHost;

// A large platform, written with set-based SQL (accounts created through Better Auth would take hours).
const t0 = performance.now();
await db.execute(sql`insert into "user" (id, name, email, role, email_verified)
  select 'ut' || i, 'أستاذ رقم ' || i, 'teacher' || i || '@bench.test', 'teacher', true from generate_series(1, ${TEACHERS}) i`);
await db.execute(sql`insert into teachers (user_id, name, email, subdomain, status, is_active, plan, trial_ends_at, created_at)
  select 'ut' || i, 'أستاذ رقم ' || i, 'teacher' || i || '@bench.test', 'prof-' || i,
    (array['active','active','active','inactive','suspended'])[1 + i % 5], i % 5 < 3,
    (array['independent','academy','institution'])[1 + i % 3],
    case when i % 4 = 0 then null else now() + ((i % 20) - 10) * interval '1 day' end,
    now() - (i % 60) * interval '1 day'
  from generate_series(1, ${TEACHERS}) i`);
await db.execute(sql`insert into "user" (id, name, email, role)
  select 'us' || i, 'طالب ' || i, 'student' || i || '@bench.test', 'student' from generate_series(1, ${STUDENTS}) i`);
await db.execute(
  sql`insert into students (id, name, created_at) select 'us' || i, 'طالب ' || i, now() - (i % 45) * interval '1 day' from generate_series(1, ${STUDENTS}) i`,
);
await db.execute(sql`insert into teacher_students (teacher_id, student_id)
  select t.id, 'us' || s.i from generate_series(1, ${STUDENTS}) s(i)
  join (select id, row_number() over (order by created_at, id) as n from teachers) t on t.n = 1 + s.i % ${TEACHERS}`);
// Each entry is about its actor's teacher account, with a status change in its details, as real entries are:
// the log's page then looks up those teachers' names (and the teacher filter has 15 entries per teacher).
await db.execute(sql`insert into audit_log (actor_user_id, actor_role, action, target_type, target_id, teacher_id, details, ip, created_at)
  select 'ut' || (1 + i % ${TEACHERS}), 'teacher', (array['codes.batch_generated','landing.published','subscription.enrolled','teacher.plan_changed'])[1 + i % 4],
    'teacher', t.id::text, t.id, '{"from":"independent","to":"academy"}'::jsonb, '10.0.0.1', now() - (i % 10000) * interval '1 minute'
  from generate_series(1, ${AUDIT}) i
  join (select id, user_id from teachers) t on t.user_id = 'ut' || (1 + i % ${TEACHERS})`);
await db.execute(sql`insert into contact_messages (name, email, subject, message, created_at)
  select 'زائر ' || i, 'v' || i || '@bench.test', 'سؤال ' || i, '=HYPERLINK("x") رسالة طويلة ' || repeat('نص ', 40), now() - i * interval '1 minute'
  from generate_series(1, ${CONTACT}) i`);
await db.execute(sql`analyze`);
const seedSecs = (performance.now() - t0) / 1000;

const register = await app.request(`http://${host}/api/admin/register`, {
  method: 'POST',
  headers: { host, origin: `http://${host}`, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
  body: JSON.stringify({ name: 'Bench admin', email: 'admin@bench.test', password: 'bench-admin-pass-1', token: BOOTSTRAP }),
});
const cookie = register.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

async function timed(path: string): Promise<{ ms: number[]; bytes: number }> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await app.request(`http://${host}${path}`, { headers: { host, cookie, 'x-forwarded-for': '198.51.100.1' } });
    const body = await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    bytes = body.byteLength;
  }
  return { ms: ms.sort((a, b) => a - b), bytes };
}

const CASES: Array<[string, string]> = [
  ['overview (counts, 30-day sign-ups)', '/api/admin/overview'],
  ['teachers, page 1', '/api/admin/teachers'],
  ['teachers, search "prof-1234"', '/api/admin/teachers?q=prof-1234'],
  ['teachers, status + plan + trial ending', '/api/admin/teachers?status=active&plan=academy&trial=ending'],
  ['teachers, page 900 of 1000', '/api/admin/teachers?page=900'],
  ['teachers, page past the end', '/api/admin/teachers?page=5000'],
  ['teacher detail', ''],
  ['audit log, page 1', '/api/admin/audit'],
  ['audit log, action filter', '/api/admin/audit?action=landing.published'],
  ['audit log, actor search "teacher77@"', '/api/admin/audit?actor=teacher77%40'],
  ["audit log, one teacher's entries", 'TEACHER_AUDIT'],
  ['contact inbox, page 1', '/api/admin/inbox/contact'],
  [`contact inbox CSV export (${CONTACT} rows)`, '/api/admin/inbox/contact/export'],
];
const firstId = ((await db.execute(sql`select id from teachers order by created_at desc limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;

const rows: string[] = [];
for (const [label, path] of CASES) {
  const { ms, bytes } = await timed(path === 'TEACHER_AUDIT' ? `/api/admin/audit?teacher=${firstId}` : path || `/api/admin/teachers/${firstId}`);
  const median = ms[Math.floor(ms.length / 2)]!;
  const p95 = ms[Math.floor(ms.length * 0.95)]!;
  rows.push(`| ${label} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${(bytes / 1024).toFixed(1)} KiB |`);
}

console.log(`# Admin area benchmark (PostgreSQL)

Measured by \`node bench/run.mjs admin\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version},
PostgreSQL at ${url.hostname}, requests sent in-process to the Hono app (no network), ${RUNS} runs each, admin guard included.
Data: ${TEACHERS.toLocaleString('en')} teachers, ${STUDENTS.toLocaleString('en')} students (each in one teacher's list),
${AUDIT.toLocaleString('en')} audit entries, ${CONTACT.toLocaleString('en')} contact messages (written in ${seedSecs.toFixed(1)} s).

| request | median | p95 | response |
|---|---|---|---|
${rows.join('\n')}
`);

await database.close();
await root.query(`drop database if exists ${dbName} with (force)`);
await root.end();
