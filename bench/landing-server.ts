// A server for bench/landing.bench.ts, started pinned to one CPU.
// MODE=app      the real app (production config, embedded PGlite, fast path), cache on; the teacher signs up through
//               Better Auth, which leaves its AsyncLocalStorage instances active as after a login. NO_LOGIN=1 writes
//               the teacher's user row directly instead, so Better Auth is never called (reference row)
// MODE=app-miss the real app with the page cache off: each request reads the database and renders
// MODE=baseline raw node:http answering with the bytes and headers the app sent (BYTES_FILE); WITH_ALS=1 adds an
//               active AsyncLocalStorage (reference row)
// TEACHERS=n   (app modes) n teachers, copies of the first (user, teacher, page, three courses with their plans), on
//               hosts bench.localhost, bench1.localhost … bench{n-1}.localhost
// CONTROL_PORT  (app mode) a second port whose POST /invalidate does what a teacher's save does to the cache (drops and
//               re-renders the page) and whose GET /renders answers how many pages were rendered so far
// LANDING_FILES_DIR (app mode) the pages are written as files for nginx (decision 220)
// MODE=breakdown no server: times each step of a cache miss in-process and sends the result to the parent
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPglite } from '@server/core/db/client';
import { coursePlans, courses, teacherLandingPages, teachers, user } from '@server/core/db/schema';
import { renderPage } from '@server/landing/render';
import { publishedCourseCards } from '@server/courses/course-cards';
import { withLandingFastPath } from '@server/landing/fast-path';
import { createServices } from '@server/services';
import { createJobQueue } from '@server/core/jobs/queue';
import { size } from './smoke';

const mode = process.env.MODE ?? 'app';
const port = Number(process.env.PORT ?? 3950);

if (mode === 'baseline') {
  // For reference only: the same bare server with AsyncLocalStorage active as Better Auth leaves it in the app after
  // its first call: three instances (endpoint context, request state, database adapter).
  if (process.env.WITH_ALS === '1') for (const name of ['endpoint', 'request', 'adapter']) new AsyncLocalStorage().enterWith({ name });
  const saved = JSON.parse(fs.readFileSync(process.env.BYTES_FILE!, 'utf8')) as { headers: Record<string, string>; body: string };
  const body = Buffer.from(saved.body, 'base64');
  http
    .createServer((_req, res) => {
      res.writeHead(200, saved.headers);
      res.end(body);
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-landing-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_HOST: `localhost:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
    VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
    LOG_LEVEL: 'info',
    ...(process.env.LANDING_FILES_DIR ? { LANDING_FILES_DIR: process.env.LANDING_FILES_DIR } : {}),
  });
  const database = await openPglite(dataDir);
  await database.migrate();
  // Request logs go where production sends them (a stream), here /dev/null: their cost is measured.
  const logger = pino({ level: 'info' }, pino.destination('/dev/null'));
  const services = createServices({ config, db: database.db, jobs: createJobQueue(database.jobBackend, logger), logger });
  let userId: string;
  if (process.env.NO_LOGIN === '1') {
    userId = randomUUID();
    await database.db.insert(user).values({ id: userId, name: 'أستاذ الأداء', email: 'bench@darsi.test', role: 'teacher' });
  } else {
    const created = await services.auth.api.signUpEmail({ body: { name: 'أستاذ الأداء', email: 'bench@darsi.test', password: 'bench-password-1' } });
    await database.db.update(user).set({ role: 'teacher' }).where(eq(user.id, created.user.id));
    userId = created.user.id;
  }
  const [teacher] = await database.db.insert(teachers).values({ userId, name: 'أستاذ الأداء', email: 'bench@darsi.test', subdomain: 'bench' }).returning();
  const page = await services.landing.pages.create(teacher!, { title: 'أكاديمية الأداء للرياضيات', template: 'starter' }, 'ar');
  await database.db.update(teacherLandingPages).set({ isPublished: true, isMain: true }).where(eq(teacherLandingPages.id, page.id));
  // A teacher with a few published courses: their cards are part of the page.
  for (const title of ['الرياضيات للبكالوريا', 'التحضير لشهادة التعليم المتوسط', 'تمارين محلولة في الهندسة']) {
    const [course] = await database.db
      .insert(courses)
      .values({ teacherId: teacher!.id, title, description: 'دروس منظمة مع تمارين محلولة', kind: 'organized', status: 'published' })
      .returning();
    await database.db.insert(coursePlans).values({ teacherId: teacher!.id, courseId: course!.id, type: 'monthly', priceDzd: 2500 });
  }
  await copyTeachers(database.db, teacher!.id, Number(process.env.TEACHERS ?? 1));
  if (mode === 'breakdown') {
    process.send?.(await breakdown(services, database.db, page.id, teacher!.id));
    process.exit(0);
  }
  // A miss as a visitor meets it after a teacher's save: the subdomain record is known, the page is not.
  if (mode === 'app-miss') services.landing.site.setCacheEnabled(false, 'pages');
  const app = createApp({ services, database, logger });
  // Which of Better Auth's AsyncLocalStorage instances this process has created (asked by the bench over IPC).
  process.on('message', (message) => {
    if (message !== 'storages') return;
    const context =
      ((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('better-auth:global')] as { context?: Record<string, unknown> } | undefined)?.context ??
      {};
    process.send?.({ storages: Object.keys(context).filter((key) => key.endsWith('AsyncStorage') && context[key]) });
  });
  if (process.env.CONTROL_PORT) control(services, teacher!.id, Number(process.env.CONTROL_PORT));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1', createServer: withLandingFastPath(services) }, () => process.send?.('ready'));
}

/** Teachers 1 … n-1 as copies of the first, written in chunks (one statement per chunk and table). */
async function copyTeachers(db: ReturnType<typeof createServices>['db'], firstId: string, n: number) {
  if (n <= 1) return;
  const [first] = await db.select().from(teachers).where(eq(teachers.id, firstId));
  const [page] = await db.select().from(teacherLandingPages).where(eq(teacherLandingPages.teacherId, firstId));
  const firstCourses = await db.select().from(courses).where(eq(courses.teacherId, firstId));
  const plans = await db.select().from(coursePlans).where(eq(coursePlans.teacherId, firstId));
  for (let start = 1; start < n; start += 100) {
    const ids = Array.from({ length: Math.min(100, n - start) }, (_, i) => start + i);
    const users = ids.map((i) => ({ id: randomUUID(), name: first!.name, email: `bench${i}@darsi.test`, role: 'teacher' as const }));
    await db.insert(user).values(users);
    const made = await db
      .insert(teachers)
      .values(ids.map((i, k) => ({ userId: users[k]!.id, name: first!.name, email: `bench${i}@darsi.test`, subdomain: `bench${i}` })))
      .returning({ id: teachers.id });
    const { id: _p, teacherId: _t, ...pageFields } = page!;
    await db.insert(teacherLandingPages).values(made.map((t) => ({ ...pageFields, teacherId: t.id })));
    for (const [index, course] of firstCourses.entries()) {
      const { id: _c, teacherId: _ct, ...courseFields } = course;
      const copies = await db
        .insert(courses)
        .values(made.map((t) => ({ ...courseFields, teacherId: t.id })))
        .returning({ id: courses.id, teacherId: courses.teacherId });
      const { id: _pl, teacherId: _pt, courseId: _pc, ...planFields } = plans[index]!;
      await db.insert(coursePlans).values(copies.map((c) => ({ ...planFields, teacherId: c.teacherId, courseId: c.id })));
    }
  }
}

/** The bench's control port: what a save does to the cache, and how many renders the process has made. */
function control(services: ReturnType<typeof createServices>, teacherId: string, controlPort: number) {
  http
    .createServer((req, res) => {
      if (req.url === '/invalidate') services.landing.site.invalidate(teacherId, 'bench');
      res.end(String(services.landing.site.renders()));
    })
    .listen(controlPort, '127.0.0.1');
}
/** Milliseconds per call of each step of a cache miss, in this process (pinned like the servers). */
async function breakdown(services: ReturnType<typeof createServices>, db: ReturnType<typeof createServices>['db'], pageId: string, teacherId: string) {
  const { site, assets } = services.landing;
  const time = async (full: number, step: () => unknown) => {
    const count = size(full, 2);
    for (let i = 0; i < size(200, 1); i += 1) await step();
    const started = performance.now();
    for (let i = 0; i < count; i += 1) await step();
    return (performance.now() - started) / count;
  };
  const found = (await site.pageRow(pageId))!;
  const cards = await publishedCourseCards(db, teacherId);
  const key = { pageId, lng: 'ar', host: 'subdomain', mode: 'live' } as const;
  const result = {
    'PGlite round trip (select 1)': await time(2000, () => db.execute(sql`select 1`)),
    'page and teacher read (one prepared query)': await time(2000, () => site.pageRow(pageId)),
    'course cards read (3 courses, uncached)': await time(2000, () => publishedCourseCards(db, teacherId)),
    'React render of the page (renderToString)': await time(2000, () =>
      renderPage({
        row: found.row,
        lng: 'ar',
        host: 'subdomain',
        mode: 'live',
        courseCards: cards,
        pageUrl: 'http://bench.localhost/',
        platform: 'bench',
        assets,
      }),
    ),
    'render to a cacheable response (cards cached)': await time(2000, () => site.renderRow(found, key)),
    'whole miss: read and render': 0,
  };
  site.setCacheEnabled(false, 'pages');
  result['whole miss: read and render'] = await time(2000, () => site.publishedPage(key));
  return result;
}

// Profiling runs (node --cpu-prof) need a normal exit to write their profile.
process.on('SIGTERM', () => process.exit(0));
