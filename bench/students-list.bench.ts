// The teacher's student list (keyset pages, decision 225) and the dashboards, at 10,000 and at 100,000 students of
// one teacher, on PostgreSQL, through HTTP (app.request: routing, session check, guard, service, JSON).
// Run: node bench/run.mjs students-list   (TEST_DATABASE_URL or DATABASE_URL names the server; default the local one)
// Writes bench/results/students-list.md. STUDENTS_LIST_SCALES=10000 runs one scale.
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { teachers } from '@server/core/db/schema';
import { rowsOf } from '@server/core/db/sql';
import { httpFor, postgresDatabase, seedTeacher, servicesFor, sessionCookie } from './courses-seed';
import { SMOKE, size, writeResult } from './smoke';

const SCALES = (process.env.STUDENTS_LIST_SCALES ?? (SMOKE ? '40' : '10000,100000')).split(',').map(Number);
const SAMPLES = size(300, 6);

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

type TGet = ReturnType<typeof httpFor>;

async function call(get: TGet, url: string, cookie: string) {
  const res = await get(url, cookie);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { nextCursor?: string | null; total?: number };
}

/** Times `samples` requests cycling through `urls`, with the Node CPU they used. */
async function timed(get: TGet, urls: string[], cookies: string[], samples: number) {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < samples; i += 1) {
    const t0 = performance.now();
    await call(get, urls[i % urls.length]!, cookies[i % cookies.length]!);
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ...stats(times), nodeCpuMs: (cpu.user + cpu.system) / 1000 / samples };
}

type TServicesOf = ReturnType<typeof servicesFor>;

/**
 * `count` students in SQL (generate_series: seconds, where row-by-row inserts took minutes at 100,000): nine in
 * ten enrolled in one course, half of those in a second, enrollments spread over 1,000 minutes, and about ten
 * completed lessons per student.
 */
async function seedBulk(services: TServicesOf, count: number) {
  const base = await seedTeacher(services, 0);
  const t = base.teacher.id;
  const db = services.db;
  const salt = base.teacher.id.slice(0, 8);
  const sid = sql.raw(`md5(i::text || '${salt}')::uuid::text`);
  await db.execute(
    sql`insert into "user" (id, name, email, role) select ${sid}, 'طالب ' || i, 's-' || i || '-' || ${salt} || '@bench.test', 'student' from generate_series(0, ${count - 1}) i`,
  );
  await db.execute(sql`insert into students (id, name, teacher_id) select ${sid}, 'طالب ' || i, ${t} from generate_series(0, ${count - 1}) i`);
  await db.execute(
    sql`insert into teacher_students (teacher_id, student_id, joined_at) select ${t}, ${sid}, now() - (i % 2000) * interval '1 minute' from generate_series(0, ${count - 1}) i`,
  );
  const courses = sql.raw(`array[${base.courseIds.map((c) => `'${c}'::uuid`).join(',')}]`);
  const plans = sql.raw(`array[${base.planIds.map((c) => `'${c}'::uuid`).join(',')}]`);
  await db.execute(sql`insert into enrollments (teacher_id, course_id, student_id, plan_id, type, status, started_at, expires_at, total_paid_dzd, source, created_at)
    select ${t}, (${courses})[c + 1], ${sid}, (${plans})[c + 1], 'monthly', case when (i + c) % 17 = 0 then 'cancelled' else 'active' end,
      now() - (i % 60) * interval '1 day', now() + ((i % 45) - 10) * interval '1 day', 3000, 'code', now() - ((i * 7 + c) % 1000) * interval '1 minute'
    from generate_series(0, ${count - 1}) i, lateral (select i % 5 as c union all select (i + 1) % 5 where i % 2 = 0) k
    where i % 10 <> 9`);
  await db.execute(sql`insert into lesson_progress (teacher_id, student_id, course_id, lesson_id, completed_at)
    select e.teacher_id, e.student_id, e.course_id, l.id, now() - (abs(hashtext(l.id::text || e.student_id)) % 30) * interval '1 day'
    from enrollments e join lessons l on l.course_id = e.course_id
    where e.teacher_id = ${t} and abs(hashtext(e.student_id || l.id::text)) % 100 < 28`);
  await db.execute(sql`analyze`);
  const n = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await db.execute(q))[0]!.n);
  const studentIds = rowsOf<{ id: string }>(
    await db.execute(sql`select student_id as id from teacher_students where teacher_id = ${t} order by student_id limit 200`),
  ).map((r) => r.id);
  return {
    ...base,
    studentIds,
    enrolledCount: await n(sql`select count(*) as n from enrollments where teacher_id = ${t}`),
    progressCount: await n(sql`select count(*) as n from lesson_progress where teacher_id = ${t}`),
  };
}
type TScale = Awaited<ReturnType<typeof seedBulk>>;

/** A cursor deep in the list: the key of the enrolled row at `offset`, as the list itself would give it. */
async function deepCursor(scale: TScale, db: TServicesOf['db'], offset: number) {
  const [row] = rowsOf<{ c: string }>(
    await db.execute(sql`select (extract(epoch from created_at) * 1000000)::bigint::text || '.' || id || '.' || student_id as c from enrollments
      where teacher_id = ${scale.teacher.id} order by created_at desc nulls last, student_id desc nulls last, id desc nulls last offset ${offset} limit 1`),
  );
  return encodeURIComponent(row!.c);
}

async function atScale(count: number) {
  const pgDb = await postgresDatabase();
  const services = servicesFor(pgDb.database);
  const t0 = performance.now();
  const scale = await seedBulk(services, count);
  const seedSecs = (performance.now() - t0) / 1000;
  const get = httpFor(services, pgDb.database);
  const [teacher] = await services.db.select({ userId: teachers.userId }).from(teachers).where(eq(teachers.id, scale.teacher.id));
  const teacherCookie = await sessionCookie(services, teacher!.userId);
  const base = '/api/subscriptions/teacher/students?pageSize=25';
  const first = await call(get, base, teacherCookie);
  const deep = await deepCursor(scale, services.db, Math.floor(scale.enrolledCount * 0.9));
  const list = [
    base,
    `${base}&after=${encodeURIComponent(first.nextCursor!)}`,
    `${base}&courseId=${scale.courseIds[2]}`,
    `${base}&status=expiring`,
    `${base}&status=none&courseId=${scale.courseIds[0]}`,
    `${base}&type=monthly&q=${encodeURIComponent('طالب 77')}`,
    `${base}&q=${encodeURIComponent(`طالب ${Math.floor(count / 2) + 3}`)}`,
    `${base}&after=${deep}`,
    `${base}&before=${deep}`,
  ];
  // The first request of each query counts its total (a miss of the total cache): timed on its own.
  const cold = await timed(get, list, [teacherCookie], list.length);
  const warm = await timed(get, list, [teacherCookie], SAMPLES);
  const overview = await timed(get, ['/api/accounts/teacher/overview'], [teacherCookie], Math.ceil(SAMPLES / 3));
  // The same-run reference: the cheapest request behind the same session check and guard (one tiny count).
  const baseline = await timed(get, ['/api/payments/teacher/receipts/count'], [teacherCookie], SAMPLES);
  const picked = Array.from({ length: Math.min(SAMPLES, 100) }, (_, i) => scale.studentIds[(i * 37) % scale.studentIds.length]!);
  const studentCookies = await Promise.all(picked.map((id) => sessionCookie(services, id)));
  const dashUrls = ['/api/learning/student/subscriptions', `/api/learning/student/subscriptions?platform=${scale.teacher.subdomain}`];
  const dash = await timed(get, dashUrls, studentCookies, SAMPLES);
  await services.jobs.stop(1_000);
  await pgDb.drop();
  return { count, scale, seedSecs, total: first.total, cold, warm, overview, dash, baseline };
}

const load0 = os.loadavg();
const results = [];
for (const count of SCALES) {
  console.log(`seeding ${count} students on PostgreSQL…`);
  const r = await atScale(count);
  console.log({ count, seed: r.seedSecs, cold: r.cold, warm: r.warm, overview: r.overview, dash: r.dash, baseline: r.baseline });
  results.push(r);
}
const load1 = os.loadavg();

const ms = (x: number) => `${x.toFixed(1)} ms`;
const goal = (count: number) => (count >= 100_000 ? 50 : 25);
const met = (p95: number, count: number) => (p95 <= goal(count) ? 'met' : '**not met**');
const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
const rows = results.flatMap((r) => {
  const n = r.count.toLocaleString('en');
  return [
    `| ${n} | student list, mixed pages (${SAMPLES} requests) | ${ms(r.warm.p50)} | ${ms(r.warm.p95)} | ${r.warm.nodeCpuMs.toFixed(2)} ms | ≤ ${goal(r.count)} ms: ${met(r.warm.p95, r.count)} |`,
    `| ${n} | student list, first request of each query (the total counted; 9 requests) | ${ms(r.cold.p50)} | max ${ms(r.cold.max)} | ${r.cold.nodeCpuMs.toFixed(2)} ms | |`,
    `| ${n} | teacher dashboard (\`/api/accounts/teacher/overview\`) | ${ms(r.overview.p50)} | ${ms(r.overview.p95)} | ${r.overview.nodeCpuMs.toFixed(2)} ms | ≤ ${goal(r.count)} ms: ${met(r.overview.p95, r.count)} |`,
    `| ${n} | student dashboard (My Subscriptions, 100 students) | ${ms(r.dash.p50)} | ${ms(r.dash.p95)} | ${r.dash.nodeCpuMs.toFixed(2)} ms | ≤ ${goal(r.count)} ms: ${met(r.dash.p95, r.count)} |`,
    `| ${n} | reference: pending receipts count (same guard, one tiny query) | ${ms(r.baseline.p50)} | ${ms(r.baseline.p95)} | ${r.baseline.nodeCpuMs.toFixed(2)} ms | list p50 ÷ reference p50: ${(r.warm.p50 / r.baseline.p50).toFixed(2)}× |`,
  ];
});
const report = `# Teacher's student list and dashboards at 10,000 and 100,000 students (PostgreSQL)

Measured by \`node bench/run.mjs students-list\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} cores
shared with other work, Node ${process.version}, PostgreSQL at 127.0.0.1 (pool of 10). Load average (1 / 5 / 15 min)
${loads(load0)} at the start, ${loads(load1)} at the end: figures taken under that load, not on an idle machine.
Goals (issue 29): p95 ≤ 25 ms at 10,000 students, ≤ 50 ms at 100,000.

Each scale is one teacher with that many students (nine in ten enrolled in one or two of five courses, ten completed
lessons per student on average), in a fresh database. Server time through HTTP: \`app.request()\` on the whole app
(routing, Better Auth's session check, the role guard, the service, JSON), from the request to the parsed body,
one request at a time. Node CPU is per request (PostgreSQL's own CPU is not counted here).

The list mix cycles through: the first page, the second (its \`nextCursor\`), one course, expiring soon, not enrolled
in a course, a search with a type filter, a search for one student, a page 90 % deep (\`after\`) and the page before it
(\`before\`). Totals of 1,000 rows or more are counted once per 30 s per teacher and filter (decision 225): the mix's
figures include the cache hits; the line below each gives the first request of each query, which counts.

| students | request | p50 | p95 | Node CPU per request | goal |
|---|---|---|---|---|---|
${rows.join('\n')}

Seeding (SQL, generate_series): ${results.map((r) => `${r.count.toLocaleString('en')} students, ${r.scale.enrolledCount.toLocaleString('en')} enrollments, ${r.scale.progressCount.toLocaleString('en')} progress rows in ${r.seedSecs.toFixed(0)} s`).join('; ')}.
`;
writeResult('bench/results/students-list.md', report);
console.log(report);
process.exit(0);
