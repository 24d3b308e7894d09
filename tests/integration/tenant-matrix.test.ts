import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@server/core/db/schema';
import { BOOTSTRAP_TOKEN, bootstrapAdmin, routesOf } from './admin-fixtures';
import { browser, type TBrowser } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { PDF, PNG, tenantFixture, type TTenant } from './tenant-fixture';
import { ROUTE_MATRIX, type TFixtureId, type TRule } from './tenant-matrix';

/*
 * R1 (issue 16): every route with an ID in its path, read from the app's route table, tried by anonymous,
 * both tenants' students and teachers, and an admin, each with the OTHER tenant's IDs (tenant-matrix.ts).
 */
let t: TTestApp;

type TActor = { name: string; b: TBrowser; home: TTenant; target: TTenant; isAdmin?: boolean; isStudent?: boolean };

/** Tenant-owned tables (not sessions, limits, audit or view counters, which a refused request may touch). */
const WATCHED: PgTable[] = [
  schema.user,
  schema.teachers,
  schema.students,
  schema.teacherStudents,
  schema.courses,
  schema.coursePlans,
  schema.courseSections,
  schema.lessons,
  schema.enrollments,
  schema.lessonProgress,
  schema.codeBatches,
  schema.activationCodes,
  schema.codeRedemptions,
  schema.codeRequests,
  schema.codeExports,
  schema.courseCertificateSettings,
  schema.certificates,
  schema.teacherLandingPages,
  schema.landingContactRequests,
  schema.landingImages,
  schema.liveGroups,
  schema.liveGroupMembers,
  schema.liveSessions,
  schema.liveSessionGroups,
  schema.liveLeases,
  schema.liveAttendance,
  schema.lessonVideos,
  schema.videoLeases,
  schema.videoPositions,
  schema.teacherPaymentSettings,
  schema.paymentOrders,
  schema.paymentReceipts,
  schema.ledgerEntries,
  schema.planSubscriptions,
  schema.planInvoices,
  schema.quizzes,
  schema.quizBankQuestions,
  schema.quizExtraTime,
  schema.quizAttempts,
  schema.quizAnswers,
  schema.staffMembers,
  schema.staffInvitations,
];

/** A digest of every watched table, in one query (one per route keeps the matrix quick). */
async function snapshot(): Promise<string[]> {
  const parts = WATCHED.map(
    (table) => sql`select ${getTableName(table)} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${table} x`,
  );
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
  const cookie = await actor.b.jar.getCookieString(url);
  const headers = { origin: new URL(url).origin, 'x-forwarded-for': actor.b.ip, ...(cookie ? { cookie } : {}) };
  if (rule.upload) {
    const bytes = rule.upload === 'application/pdf' ? Buffer.from(PDF) : PNG;
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], 'matrix', { type: rule.upload }));
    const raw = { 'content-type': rule.upload, 'x-file-name': 'matrix' };
    return t.request(new URL(url).pathname, {
      method,
      host: new URL(url).host,
      headers: rule.form ? headers : { ...headers, ...raw },
      body: rule.form ? form : bytes,
    });
  }
  const body = typeof rule.body === 'function' ? rule.body(actor.target.fx) : (rule.body ?? {});
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return t.request(new URL(url).pathname, {
    method,
    host: new URL(url).host,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

let a: TTenant;
let b: TTenant;
let actors: TActor[];
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
  a = await tenantFixture(t);
  b = await tenantFixture(t);
  const admin = await bootstrapAdmin(t);
  actors = [
    { name: 'anonymous', b: browser(t), home: a, target: b },
    { name: 'student A', b: a.student, home: a, target: b, isStudent: true },
    { name: 'student B', b: b.student, home: b, target: a, isStudent: true },
    { name: 'teacher A', b: a.teacher.b, home: a, target: b },
    { name: 'teacher B', b: b.teacher.b, home: b, target: a },
    // Issue 28: staff act for their teacher only, even with the owner role (every permission).
    { name: 'staff A (owner role)', b: a.staff, home: a, target: b },
    { name: 'staff B (owner role)', b: b.staff, home: b, target: a },
    { name: 'admin', b: admin, home: a, target: b, isAdmin: true },
  ];
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Owned routes whose thing the fixtures do not make: an exported PDF file (a job), a video thumbnail. */
const NOTHING_TO_READ = new Set(['GET /api/codes/teacher/batches/:batchId/export/pdf/file', 'GET /api/video/lessons/:lessonId/thumbnail.jpg']);

/** Routes with a path parameter, from the app itself (middleware entries left out). */
const idRoutes = () =>
  routesOf(t.app)
    .map((r) => `${r.method} ${r.path}`)
    .filter((key) => key.includes('/:'));

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
          if (unknown.status !== res.status || (await unknown.text()) !== text)
            leaks.push(`${route} as ${actor.name}: ${res.status} ${text.slice(0, 160)}, unlike an unknown ID`);
        } else if (![401, 403, 404].includes(res.status)) leaks.push(`${route} as ${actor.name}: ${res.status} ${text.slice(0, 160)}`);
      }
      const after = await snapshot();
      const changed = WATCHED.filter((_, i) => before[i] !== after[i]).map((table) => getTableName(table));
      if (changed.length) leaks.push(`${route}: rows changed in ${changed.join(', ')}`);
    }
    if (process.env.RELIABILITY_REPORT) {
      const kinds = Object.values(ROUTE_MATRIX).map((rule) => rule.kind);
      const counts = Object.fromEntries([...new Set(kinds)].map((kind) => [kind, kinds.filter((k) => k === kind).length]));
      console.info(`R1 ${DRIVER}: ${idRoutes().length} ID-bearing routes ${JSON.stringify(counts)}, ${tried} cross-tenant requests, ${leaks.length} leaks`);
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(400);
  }, 300_000);
});
