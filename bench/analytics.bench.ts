// Analytics (issue 27, decision 175): one teacher with 10,000 students and about 1,000,000 progress and watch events
// over 90 days, on PostgreSQL and then on PGlite. Times every analytics request (p95 ≤ 100 ms asked on PostgreSQL),
// the nightly roll-up of one day (≤ 10 s asked) and the first catch-up of 90 days.
// Run: node bench/run.mjs analytics   (needs TEST_DATABASE_URL or DATABASE_URL; ANALYTICS_SCALE=0.2 for a fifth;
// ANALYTICS_PGLITE=0 to skip PGlite). Writes bench/results/analytics.md (or ANALYTICS_RESULT).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { addDays, algiersDay } from '@server/analytics/days';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPglite, openPostgres, type TDatabase } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';
import { size, writeResult } from './smoke';

const SCALE = Number(process.env.ANALYTICS_SCALE ?? 1);
const STUDENTS = size(Math.round(10_000 * SCALE), 50);
const SESSIONS = size(Math.round(500_000 * SCALE), 500);
const COURSES = 8;
const LESSONS = 60;
const DAYS = 90;
const RUNS = size(20, 1);

type TRun = { driver: string; seedSecs: number; events: number; catchUpSecs: number; daySecs: number[]; rows: Array<[string, number, number]> };

async function seed(database: TDatabase, teacherId: string) {
  const { db } = database;
  const t = teacherId;
  await db.execute(
    sql`insert into "user" (id, name, email, role) select 'bs' || i, 'طالب ' || i, 'bs' || i || '@bench.test', 'student' from generate_series(1, ${STUDENTS}) i`,
  );
  await db.execute(sql`insert into students (id, name, teacher_id) select 'bs' || i, 'طالب ' || i, ${t}::uuid from generate_series(1, ${STUDENTS}) i`);
  await db.execute(sql`insert into teacher_students (teacher_id, student_id, joined_at)
    select ${t}::uuid, 'bs' || i, now() - (i % ${DAYS}) * interval '1 day' - (i % 1440) * interval '1 minute' from generate_series(1, ${STUDENTS}) i`);
  await db.execute(
    sql`insert into courses (teacher_id, title, kind, status) select ${t}::uuid, 'دورة ' || c, 'organized', 'published' from generate_series(1, ${COURSES}) c`,
  );
  await db.execute(sql`insert into course_sections (teacher_id, course_id, title) select ${t}::uuid, id, 'الفصل' from courses where teacher_id = ${t}::uuid`);
  await db.execute(sql`insert into lessons (teacher_id, course_id, section_id, title, type, position)
    select ${t}::uuid, s.course_id, s.id, 'الدرس ' || n, 'video', n from course_sections s, generate_series(1, ${LESSONS}) n where s.teacher_id = ${t}::uuid`);
  await db.execute(sql`create temp table bc as select id, row_number() over (order by created_at, id) - 1 as n from courses where teacher_id = ${t}::uuid`);
  // Two courses per student, enrolled over the 90 days by code, card, transfer, free or by the teacher.
  await db.execute(sql`insert into enrollments (teacher_id, course_id, student_id, type, source, started_at, expires_at, created_at)
    select ${t}::uuid, bc.id, 'bs' || i, 'monthly', (array['code','card','payment','free','teacher'])[1 + (i + k) % 5],
      now() - (i % ${DAYS}) * interval '1 day', now() + (30 - i % ${DAYS}) * interval '1 day', now() - (i % ${DAYS}) * interval '1 day'
    from generate_series(1, ${STUDENTS}) i, generate_series(0, 1) k join bc on true where bc.n = (i + k * 3) % ${COURSES}`);
  // Each enrollment's first lessons done (0 to 50), at times over the 90 days.
  await db.execute(sql`insert into lesson_progress (teacher_id, student_id, course_id, lesson_id, completed_at)
    select e.teacher_id, e.student_id, e.course_id, l.id, now() - ((abs(hashtext(e.student_id || l.id::text)) % (${DAYS} * 1440)) * interval '1 minute')
    from enrollments e join lessons l on l.course_id = e.course_id and l.position <= abs(hashtext(e.student_id)) % 51 where e.teacher_id = ${t}::uuid`);
  await db.execute(
    sql`create temp table bl as select id, course_id, row_number() over (order by course_id, position) - 1 as n from lessons where teacher_id = ${t}::uuid`,
  );
  await db.execute(sql`insert into analytics_video_sessions (session_id, teacher_id, user_id, course_id, lesson_id, first_at, last_at, seconds, tenths)
    select gen_random_uuid(), ${t}::uuid, 'bs' || (1 + i % ${STUDENTS}), bl.course_id, bl.id, now() - (i % (${DAYS} * 1440)) * interval '1 minute',
      now() - (i % (${DAYS} * 1440)) * interval '1 minute' + interval '10 minutes', 60 + i % 900, case i % 3 when 0 then array[0,1,2,3,4,5,6,7,8,9] when 1 then array[0,1,2,3,4] else array[0,1] end
    from generate_series(1, ${SESSIONS}) i join bl on bl.n = i % ${COURSES * LESSONS}`);
  await db.execute(sql`insert into ledger_entries (teacher_id, student_id, course_id, enrollment_id, method, kind, amount_dzd, source_key, created_at)
    select teacher_id, student_id, course_id, id, (array['code','card','ccp','baridimob','bank'])[1 + abs(hashtext(id::text)) % 5], 'payment', 3000, 'e:' || id, created_at
    from enrollments where teacher_id = ${t}::uuid and source <> 'free'`);
  const pageId = (
    (await db.execute(sql`insert into teacher_landing_pages (teacher_id, title) values (${t}::uuid, 'p') returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows[0]!.id;
  await db.execute(sql`insert into landing_page_views (teacher_id, page_id, visitor, day)
    select ${t}::uuid, ${pageId}::uuid, 'v' || v, (now() - d * interval '1 day')::date from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${Math.round(300 * SCALE) || 3}) v`);
  await db.execute(
    sql`insert into code_batches (teacher_id, course_id, size, valid_until, number) select ${t}::uuid, bc.id, 500, now() + interval '1 year', bc.n + 1 from bc`,
  );
  await db.execute(sql`insert into activation_codes (teacher_id, batch_id, course_id, code_hmac, code_enc, last2, serial, uses, valid_until, sold_at)
    select ${t}::uuid, b.id, b.course_id, md5(b.id::text || s), 'x', '00', s, (s % 3 = 0)::int, now() + interval '1 year', case when s % 2 = 0 then now() end
    from code_batches b, generate_series(1, 500) s where b.teacher_id = ${t}::uuid`);
  await db.execute(sql`update teachers set created_at = now() - ${DAYS + 1} * interval '1 day' where id = ${t}::uuid`);
  await db.execute(sql`analyze`);
  const [row] = (
    (await db.execute(sql`select (select count(*) from lesson_progress) + (select count(*) from analytics_video_sessions) as n`)) as unknown as {
      rows: Array<{ n: string }>;
    }
  ).rows;
  return Number(row!.n);
}

async function measure(driver: string, database: TDatabase, dbUrl?: string): Promise<TRun> {
  const config = loadConfig({
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
    VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-an-')) }),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: os.tmpdir(),
  });
  const logger = pino({ level: 'silent' });
  const services = createServices({ config, db: database.db, jobs: createJobQueue(database.jobBackend, logger), logger });
  const app = createApp({ services, database, logger });
  const host = config.publicHost;
  const headers = { host, origin: `http://${host}`, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' };
  const reg = await app.request(`http://${host}/api/accounts/register/teacher`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'أستاذة', email: 'bench@bench.test', subdomain: 'bench-analytics', password: 'bench-pass-12345' }),
  });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const teacherId = (
    (await database.db.execute(sql`select id from teachers where subdomain = 'bench-analytics'`)) as unknown as { rows: Array<{ id: string }> }
  ).rows[0]!.id;
  const t0 = performance.now();
  const events = await seed(database, teacherId);
  const seedSecs = (performance.now() - t0) / 1000;

  const c0 = performance.now();
  await services.analytics.catchUp();
  const catchUpSecs = (performance.now() - c0) / 1000;
  const yesterday = addDays(algiersDay(new Date()), -1);
  const daySecs: number[] = [];
  for (let i = 0; i < size(3, 1); i += 1) {
    const d0 = performance.now();
    await services.analytics.rebuildDays(yesterday, yesterday);
    daySecs.push((performance.now() - d0) / 1000);
  }

  const today = algiersDay(new Date());
  const p30 = `from=${addDays(today, -29)}&to=${today}`;
  const p90 = `from=${addDays(today, -89)}&to=${today}`;
  const courseId = (
    (await database.db.execute(sql`select id from courses where teacher_id = ${teacherId} limit 1`)) as unknown as { rows: Array<{ id: string }> }
  ).rows[0]!.id;
  const cases: Array<[string, string]> = [
    ['funnel, 30 days', `funnel?${p30}`],
    ['funnel, 90 days, one course', `funnel?${p90}&courseId=${courseId}`],
    ['activity (days, weeks), 30 days', `activity?${p30}`],
    ['activity, 90 days', `activity?${p90}`],
    ['overview trends (30 + 30 days)', 'overview'],
    ['completion per course', `completion?${p30}`],
    ['where students stop', `stops?${p30}`],
    ['where students stop, one course', `stops?${p30}&courseId=${courseId}`],
    ['video per lesson, 30 days', `video?${p30}`],
    ['video per lesson, 90 days', `video?${p90}`],
    ['codes per batch and range', `codes?${p30}`],
    ['revenue by method and course', `revenue?${p30}`],
    ['quiz scores per quiz', `quizzes?${p30}`],
    ['one student', 'students/bs42'],
    ['CSV: activity, 90 days', `csv/activity?${p90}`],
  ];
  const rows: Array<[string, number, number]> = [];
  for (const [label, p] of cases) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS + 2; i += 1) {
      const s = performance.now();
      const res = await app.request(`http://${host}/api/analytics/teacher/${p}`, { headers: { host, cookie, 'x-forwarded-for': '198.51.100.7' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} → ${res.status}`);
      if (i >= 2) ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    rows.push([label, ms[Math.floor(ms.length / 2)]!, ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))]!]);
  }
  return { driver, seedSecs, events, catchUpSecs, daySecs, rows };
}

const loadBefore = os.loadavg();
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `darsi_bench_analytics_${Date.now()}`;
const root = new pg.Client({ connectionString: adminUrl });
await root.connect();
await root.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const runs: TRun[] = [];
try {
  const pgDb = await openPostgres(url.toString());
  await pgDb.migrate();
  runs.push(await measure('PostgreSQL', pgDb, url.toString()));
  await pgDb.close();
} finally {
  await root.query(`drop database if exists ${dbName} with (force)`);
  await root.end();
}
if (process.env.ANALYTICS_PGLITE !== '0') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-pglite-'));
  const lite = await openPglite(dir);
  await lite.migrate();
  runs.push(await measure('PGlite', lite));
  await lite.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const [pgRun, liteRun] = runs as [TRun, TRun | undefined];
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const table = pgRun.rows
  .map(([label, median, p95], i) => {
    const lite = liteRun?.rows[i];
    return `| ${label} | ${fmt(median)} | ${fmt(p95)} | ${p95 <= 100 ? 'yes' : '**no**'} |${lite ? ` ${fmt(lite[2])} | ×${(lite[2] / p95).toFixed(1)} |` : ''}`;
  })
  .join('\n');
const text = `# Analytics benchmark

Measured by \`node bench/run.mjs analytics\` on ${new Date().toISOString().slice(0, 10)}${SCALE !== 1 ? ` at scale ${SCALE}` : ''}: ${os.cpus().length} cores (shared with other jobs), Node ${process.version}.
One teacher with ${STUDENTS.toLocaleString('en')} students, ${COURSES} courses × ${LESSONS} lessons, two enrollments per student, and
${pgRun.events.toLocaleString('en')} progress and watch events over ${DAYS} days (PostgreSQL seeded in ${pgRun.seedSecs.toFixed(1)} s${liteRun ? `, PGlite in ${liteRun.seedSecs.toFixed(1)} s` : ''}).
Requests in-process to the Hono app (guard included), ${RUNS} timed runs each after 2 warm-ups; past days from the roll-ups, today live.
Load average (1, 5, 15 min) at the start: ${loadBefore.map((n) => n.toFixed(2)).join(', ')}; at the end: ${os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(', ')}.

| | PostgreSQL | PGlite |
|---|---|---|
| first catch-up (${DAYS} days) | ${pgRun.catchUpSecs.toFixed(1)} s | ${liteRun ? `${liteRun.catchUpSecs.toFixed(1)} s` : '—'} |
| nightly roll-up of one day (median of ${pgRun.daySecs.length}, ≤ 10 s asked) | ${pgRun.daySecs.sort()[Math.floor(pgRun.daySecs.length / 2)]!.toFixed(2)} s | ${liteRun ? `${liteRun.daySecs.sort()[Math.floor(liteRun.daySecs.length / 2)]!.toFixed(2)} s` : '—'} |

| request | PostgreSQL median | PostgreSQL p95 | p95 ≤ 100 ms |${liteRun ? ' PGlite p95 | PGlite / PostgreSQL |' : ''}
|---|---|---|---|${liteRun ? '---|---|' : ''}
${table}
`;
console.log(text);
writeResult(process.env.ANALYTICS_RESULT ?? 'bench/results/analytics.md', text);
