import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/core/db/schema';
import { BOOTSTRAP_TOKEN, bootstrapAdmin, routesOf } from './admin-fixtures';
import { browser, type TBrowser } from './browser';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, upload, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createPage, editable, publish } from './landing-helpers';
import { schedule, startIn } from './live-helpers';
import { ROUTE_MATRIX, type TFixture, type TFixtureId, type TRule } from './tenant-matrix';

/*
 * R1 (issue 16): every route with an ID in its path, read from the app's route table, tried by anonymous,
 * both tenants' students and teachers, and an admin, each with the OTHER tenant's IDs (tenant-matrix.ts).
 */
let t: TTestApp;
const PDF = '%PDF-1.4\n%matrix\n';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type TTenant = { teacher: TTeacher; student: TBrowser; fx: TFixture };
type TActor = { name: string; b: TBrowser; home: TTenant; target: TTenant; isAdmin?: boolean; isStudent?: boolean };

/** One tenant with one of everything a route can name: course, lesson with a file, codes, live, page… */
async function tenant(): Promise<TTenant> {
  const teacher = await registerTeacher(t, 'academy');
  const { b, host } = teacher;
  const course = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
  const { courseId, sectionId } = course;
  const [lessonId, planId] = [course.lessonIds[0]!, course.planIds[0]!];
  const ok = async (res: Promise<Response>, what: string) => {
    const done = await res;
    if (done.status >= 300) throw new Error(`${what}: ${done.status} ${await done.text()}`);
    return (await done.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  // Not a free preview: a preview is open to anyone signed in (decision 068), on its own platform.
  await ok(b.patch(`/api/courses/teacher/lessons/${lessonId}`, { type: 'file' }), 'file lesson');
  await ok(upload(t, b, `/api/courses/teacher/uploads/lessons/${lessonId}`, PDF, 'application/pdf', 'l.pdf'), 'lesson file');
  await ok(upload(t, b, `/api/courses/teacher/uploads/covers/${courseId}`, PNG, 'image/png'), 'cover');
  await ok(upload(t, b, `/api/courses/teacher/uploads/signatures/${courseId}`, PNG, 'image/png'), 'signature');
  const student = await quickStudent(t, teacher);
  const enrollment = await ok(b.post('/api/courses/teacher/enrollments', { studentId: student.id, courseId, planId }), 'enrollment');
  await ok(student.b.post(`http://${host}/api/courses/student/lessons/${lessonId}/complete`), 'complete');
  const certificate = await ok(student.b.post(`http://${host}/api/courses/student/certificates/courses/${courseId}`), 'certificate');
  const batch = await ok(b.post('/api/courses/teacher/batches', { courseId, planId, count: 3, validUntil: inDays(30), activateOnSale: true }), 'batch');
  const codes = csvCodes(await (await b.get(`/api/courses/teacher/batches/${batch.id as string}/export/csv`)).text());
  const { codes: codeRows } = await ok(b.get(`/api/courses/teacher/batches/${batch.id as string}/codes`), 'codes');
  await ok(student.b.post(`http://${host}/api/courses/student/code-requests`, { code: codes[2] }), 'code request');
  const { requests } = await ok(b.get('/api/courses/teacher/code-requests'), 'code requests');
  const group = await ok(b.post('/api/live/teacher/groups', { name: 'الفوج أ' }), 'group');
  await ok(b.post(`/api/live/teacher/groups/${group.id as string}/members`, { studentIds: [student.id] }), 'member');
  const { sessionIds } = await schedule(teacher, { title: 'حصة', courseId, startsAt: startIn(30) });
  const client = { b, subdomain: teacher.subdomain, teacherId: teacher.id, host };
  const page = await createPage(client);
  await publish(client, page.id as string);
  const message = { name: 'زائر', email: 'v@example.test', subject: 'سؤال', message: 'متى؟' };
  await ok(browser(t).post(`http://${host}/api/landing/public/pages/${page.id as string}/contact`, message), 'contact');
  const contact = await ok(b.get('/api/landing/contact-requests'), 'contact requests');
  const fx: TFixture = {
    courseId, sectionId, lessonId, planId, batchId: batch.id, codeId: codeRows[0].id, requestId: requests[0].id, enrollmentId: enrollment.id,
    certificateId: certificate.id, groupId: group.id, studentId: student.id, sessionId: sessionIds[0]!, pageId: page.id,
    contactRequestId: contact.requests[0].id, teacherId: teacher.id, subdomain: teacher.subdomain, pageBody: editable(page),
  };
  return { teacher, student: student.b, fx };
}

/** Tenant-owned tables (not sessions, limits, audit or view counters, which a refused request may touch). */
const WATCHED: PgTable[] = [
  schema.user, schema.teachers, schema.students, schema.teacherStudents, schema.courses, schema.coursePlans, schema.courseSections,
  schema.lessons, schema.enrollments, schema.lessonProgress, schema.codeBatches, schema.activationCodes, schema.codeRedemptions,
  schema.codeRequests, schema.codeExports, schema.courseCertificateSettings, schema.certificates, schema.teacherLandingPages,
  schema.landingContactRequests, schema.landingImages, schema.liveGroups, schema.liveGroupMembers, schema.liveSessions,
  schema.liveSessionGroups, schema.liveLeases, schema.liveAttendance, schema.lessonVideos, schema.videoLeases, schema.videoPositions,
];

/** A digest of every watched table, in one query (one per route keeps the matrix quick). */
async function snapshot(): Promise<string[]> {
  const parts = WATCHED.map((table) => sql`select ${getTableName(table)} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${table} x`);
  const { rows } = (await t.database.db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: Array<{ name: string; digest: string }> };
  return WATCHED.map((table) => rows.find((row) => row.name === getTableName(table))!.digest);
}

/** The concrete path for an actor: IDs of the target tenant, a platform's name from the actor's own. */
function pathFor(route: string, rule: Exclude<TRule, { kind: 'open' }>, actor: TActor, unknownIds = false): string {
  return route.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'subdomain') return actor.home.fx.subdomain;
    if (unknownIds) return randomUUID();
    const key = (rule.ids?.[name] ?? name) as TFixtureId;
    const value = actor.target.fx[key];
    if (typeof value !== 'string') throw new Error(`${route}: no fixture for :${name} (add ids to its entry in tenant-matrix.ts)`);
    return value;
  });
}

/** Students send from their own platform's host; everyone sends pages of a platform to that platform's host. */
function hostFor(route: string, rule: TRule, actor: TActor): string {
  if (rule.kind === 'onHost' && !route.includes(':subdomain')) return actor.home.teacher.host;
  return actor.isStudent ? actor.home.teacher.host : t.config.publicHost;
}

async function send(route: string, rule: Exclude<TRule, { kind: 'open' }>, actor: TActor, unknownIds = false): Promise<Response> {
  const [method, pattern] = route.split(' ') as [string, string];
  const url = `http://${hostFor(route, rule, actor)}${pathFor(pattern, rule, actor, unknownIds)}`;
  if (rule.upload) return upload(t, actor.b, new URL(url).pathname, rule.upload === 'application/pdf' ? PDF : PNG, rule.upload);
  const body = typeof rule.body === 'function' ? rule.body(actor.target.fx) : (rule.body ?? {});
  const cookie = await actor.b.jar.getCookieString(url);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return t.request(new URL(url).pathname, {
    method,
    host: new URL(url).host,
    headers: { origin: new URL(url).origin, 'x-forwarded-for': actor.b.ip, ...(cookie ? { cookie } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

let a: TTenant;
let b: TTenant;
let actors: TActor[];
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
  a = await tenant();
  b = await tenant();
  const admin = await bootstrapAdmin(t);
  actors = [
    { name: 'anonymous', b: browser(t), home: a, target: b },
    { name: 'student A', b: a.student, home: a, target: b, isStudent: true },
    { name: 'student B', b: b.student, home: b, target: a, isStudent: true },
    { name: 'teacher A', b: a.teacher.b, home: a, target: b },
    { name: 'teacher B', b: b.teacher.b, home: b, target: a },
    { name: 'admin', b: admin, home: a, target: b, isAdmin: true },
  ];
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Owned routes whose thing the fixtures do not make: an exported PDF file (a job), a video thumbnail. */
const NOTHING_TO_READ = new Set(['GET /api/courses/teacher/batches/:batchId/export/pdf/file', 'GET /api/video/lessons/:lessonId/thumbnail.jpg']);

/** Routes with a path parameter, from the app itself (middleware entries left out). */
const idRoutes = () => routesOf(t.app).map((r) => `${r.method} ${r.path}`).filter((key) => key.includes('/:'));

describe(`the tenant and role matrix (R1) on ${DRIVER}`, () => {
  it('classifies every route of the app that has an ID in its path', () => {
    const missing = idRoutes().filter((key) => !ROUTE_MATRIX[key]);
    expect(missing, 'add a line for each to tests/integration/tenant-matrix.ts').toEqual([]);
    const stale = Object.keys(ROUTE_MATRIX).filter((key) => !idRoutes().includes(key));
    expect(stale, 'lines in tenant-matrix.ts for routes that no longer exist').toEqual([]);
  });

  it('lets each tenant read its own data on every GET route it owns (the IDs and paths above are real)', async () => {
    const refused: string[] = [];
    for (const route of idRoutes().filter((key) => key.startsWith('GET '))) {
      const rule = ROUTE_MATRIX[route];
      if (rule?.kind !== 'own' || NOTHING_TO_READ.has(route)) continue;
      const asStudent = /\/student\//.test(route);
      const owner: TActor = { name: 'owner', b: asStudent ? a.student : a.teacher.b, home: a, target: a, isStudent: asStudent };
      const res = await send(route, rule, owner);
      if (res.status >= 300) refused.push(`${route}: ${res.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('lets nobody read or write another tenant’s data: 401, 403 or 404, and no row changes', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const route of idRoutes()) {
      const rule = ROUTE_MATRIX[route];
      if (!rule || rule.kind === 'open') continue;
      const before = await snapshot();
      for (const actor of actors) {
        if (rule.kind === 'admin' && actor.isAdmin) continue;
        const res = await send(route, rule, actor);
        tried += 1;
        const text = await res.text();
        if (rule.kind === 'blind' && [401, 403, 404].includes(res.status)) continue;
        if (rule.kind === 'blind') {
          const unknown = await send(route, rule, actor, true);
          if (unknown.status !== res.status || (await unknown.text()) !== text) leaks.push(`${route} as ${actor.name}: ${res.status} ${text.slice(0, 160)}, unlike an unknown ID`);
        } else if (![401, 403, 404].includes(res.status)) leaks.push(`${route} as ${actor.name}: ${res.status} ${text.slice(0, 160)}`);
      }
      const after = await snapshot();
      const changed = WATCHED.filter((_, i) => before[i] !== after[i]).map((table) => getTableName(table));
      if (changed.length) leaks.push(`${route}: rows changed in ${changed.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(400);
  }, 300_000);
});
