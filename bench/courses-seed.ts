// The set-up every bench shares (a database of its own, the production config, services, the app, signed-in
// sessions, a pool of concurrent tasks) and the seeding of bench/courses.bench.ts: a teacher with courses and many
// students, at the scale of the issue.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeSignedCookie } from 'better-call';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPostgres, type Db, type TDatabase } from '@server/core/db/client';
import { enrollments, lessonProgress, planSubscriptions, session, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { createServices, type TServices, type TServicesDeps } from '@server/services';
import { createJobQueue } from '@server/core/jobs/queue';
import { size } from './smoke';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const STUDENTS = size(10_000, 40);
export const PROGRESS = size(100_000, 200);
const COURSES = 5;
const LESSONS_PER_COURSE = size(24, 3);

/** A fresh PostgreSQL database on the bench's server (TEST_DATABASE_URL or DATABASE_URL), migrated; `drop` removes it. */
export async function postgresDatabase() {
  const dbName = `darsi_bench_${Date.now()}_${Math.floor(Math.random() * 1e4)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    database,
    name: dbName,
    url,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The services over this database in production mode, with the benches' secrets, silent logs and a data folder of
 * their own; `env` adds what one bench needs (a trusted proxy, a bootstrap token…), `mailer` replaces the real one.
 */
export function servicesFor(database: TDatabase, env: NodeJS.ProcessEnv = {}, mailer?: TServicesDeps['mailer']): TServices {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
    VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
    PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: os.tmpdir(),
    ...env,
  });
  const logger = pino({ level: 'silent' });
  return createServices({ config, db: database.db, jobs: createJobQueue(database.jobBackend, logger), logger, mailer });
}

/** The whole HTTP app over these services (routing, guards, session check, JSON), to call with app.request(). */
export function appFor(services: TServices, database: TDatabase) {
  return createApp({ services, database, logger: pino({ level: 'silent' }) });
}

/** GET requests through the whole app with a session cookie. */
export function httpFor(services: TServices, database: TDatabase) {
  const app = appFor(services, database);
  return (url: string, cookie: string) => app.request(`http://${services.config.publicHost}${url}`, { headers: { cookie } });
}

/** The cookie header for a session token, signed exactly as Better Auth signs it. */
export async function signedSessionCookie(token: string, secret: string): Promise<string> {
  return (await serializeSignedCookie('darsi.session_token', token, secret)).split(';')[0]!;
}

/** A signed-in session written directly (no password hashing). */
export async function sessionCookie(services: TServices, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await services.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() });
  return signedSessionCookie(token, services.config.authSecret!);
}

/** The cookie header a sign-in response sets (Better Auth's session and its companions), to send back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Runs `count` tasks, `concurrency` at a time; the seconds it took. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function insertChunks<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], chunk = 1000) {
  for (let i = 0; i < rows.length; i += chunk) await db.insert(table).values(rows.slice(i, i + chunk) as never);
}

/** A teacher on the institution plan (no limits) with courses, lessons and `count` students of their own. */
export async function seedTeacher(services: TServices, count: number) {
  const db = services.db;
  const userId = randomUUID();
  await db.insert(user).values({ id: userId, name: 'Bench Teacher', email: `t-${userId}@bench.test`, role: 'teacher' });
  const [teacher] = await db
    .insert(teachers)
    .values({
      userId,
      name: 'Bench Teacher',
      email: `t-${userId}@bench.test`,
      subdomain: `bench-${userId.slice(0, 8)}`,
      plan: 'institution',
      trialEndsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  // A paid plan of a year, not only the trial's date: the bench measures a platform in business, and a trial that
  // lapses (or a trial rule that changes) must not turn its first course into PLAN_REQUIRED again.
  const now = new Date();
  await db.insert(planSubscriptions).values({
    teacherId: teacher!.id,
    plan: 'institution',
    period: 'annual',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 365 * 86_400_000),
    periodPaidDzd: 0,
  });
  const domain = services.courses;
  const courseIds: string[] = [];
  const lessonIds: string[][] = [];
  const planIds: string[] = [];
  for (let c = 0; c < COURSES; c += 1) {
    const { id } = await domain.courses.create(teacher!, { title: `دورة ${c + 1}`, description: '', kind: 'regular' });
    const section = await domain.content.addSection(teacher!.id, id, 'القسم');
    const ids: string[] = [];
    for (let l = 0; l < LESSONS_PER_COURSE; l += 1) {
      ids.push(
        (
          await domain.content.addLesson(teacher!.id, id, {
            sectionId: section.id,
            title: `درس ${l + 1}`,
            type: 'text',
            bodyHtml: '<p>نص</p>',
            url: '',
            releaseAt: null,
          })
        ).id,
      );
    }
    const { plans } = await domain.courses.putPlans(teacher!.id, id, [{ type: 'monthly', priceDzd: 3000, durationDays: null, autoRenew: false }]);
    await domain.courses.update(teacher!, id, { status: 'published' });
    courseIds.push(id);
    lessonIds.push(ids);
    planIds.push(plans[0]!.id);
  }
  const studentIds = Array.from({ length: count }, () => randomUUID());
  await insertChunks(
    db,
    user,
    studentIds.map((id, i) => ({ id, name: `طالب ${i}`, email: `s-${id}@bench.test`, role: 'student' })),
  );
  await insertChunks(
    db,
    students,
    studentIds.map((id, i) => ({ id, name: `طالب ${i}`, teacherId: teacher!.id })),
  );
  await insertChunks(
    db,
    teacherStudents,
    studentIds.map((id) => ({ teacherId: teacher!.id, studentId: id })),
  );
  return { teacher: teacher!, courseIds, lessonIds, planIds, studentIds };
}

/** 10,000 students, most enrolled in one or two courses, with 100,000 completed lessons between them. */
export async function seedScale(services: TServices) {
  const base = await seedTeacher(services, STUDENTS);
  const now = Date.now();
  const enrolled: Array<{ studentId: string; c: number }> = [];
  base.studentIds.forEach((studentId, i) => {
    if (i % 10 === 9) return; // one in ten is not enrolled
    enrolled.push({ studentId, c: i % COURSES });
    if (i % 2 === 0) enrolled.push({ studentId, c: (i + 1) % COURSES });
  });
  await insertChunks(
    services.db,
    enrollments,
    enrolled.map(({ studentId, c }, i) => ({
      teacherId: base.teacher.id,
      courseId: base.courseIds[c]!,
      studentId,
      planId: base.planIds[c]!,
      type: 'monthly',
      status: i % 17 === 0 ? 'cancelled' : 'active',
      startedAt: new Date(now - (i % 60) * 86_400_000),
      expiresAt: new Date(now + ((i % 45) - 10) * 86_400_000),
      totalPaidDzd: 3000,
      source: 'code',
    })),
  );
  const progress: Array<typeof lessonProgress.$inferInsert> = [];
  for (let k = 0; progress.length < PROGRESS; k += 1) {
    const { studentId, c } = enrolled[k % enrolled.length]!;
    const lesson = Math.floor(k / enrolled.length);
    if (lesson >= LESSONS_PER_COURSE) break;
    progress.push({
      teacherId: base.teacher.id,
      studentId,
      courseId: base.courseIds[c]!,
      lessonId: base.lessonIds[c]![lesson]!,
      completedAt: new Date(now - (k % 30) * 86_400_000),
    });
  }
  await insertChunks(services.db, lessonProgress, progress);
  await services.db.execute(sql`analyze`);
  return { ...base, enrolledCount: enrolled.length, progressCount: progress.length };
}

export type TScale = Awaited<ReturnType<typeof seedScale>>;
