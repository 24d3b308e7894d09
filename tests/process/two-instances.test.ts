import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../integration/harness';
import { buildServer } from './build-server';
import { freePort } from '../support/net';
import { client, freshPostgres, startProxy } from './cluster';

/*
 * Issue 16: two built instances of Darsi on one PostgreSQL, behind nginx (decision 076). Both start at once on a
 * fresh database (their migrations must not collide), share one DATA_DIR as they would share a volume, and every
 * claim is checked through the proxy: a page saved on A is served fresh by B, budgets hold across both, a tus
 * upload continues on the other instance, a scheduled job runs once for the cluster.
 */
const OUT_DIR = path.resolve('dist/test-cluster-server');
const ROOT = 'darsi.test';
const MAIN = `http://${ROOT}`;
const children: ChildProcessWithoutNullStreams[] = [];
const logs: string[] = ['', ''];
let work = '';
let proxy: Awaited<ReturnType<typeof startProxy>>;
let database: Awaited<ReturnType<typeof freshPostgres>>;
let startedAt = new Date();

async function waitForHealth(port: number) {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${port} did not start: ${logs.join('\n').slice(-2000)}`);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-cluster-'));
  const [entry, db, ports] = await Promise.all([buildServer(OUT_DIR), freshPostgres(), Promise.all([freePort(), freePort()])]);
  database = db;
  const env = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: database.url,
    PUBLIC_HOST: ROOT,
    DATA_DIR: path.join(work, 'shared-data'),
    WEB_DIST_DIR: fakeWebDist(),
    // Every instance must hold the same secrets: one generated into DATA_DIR by each would differ.
    BETTER_AUTH_SECRET: 'cluster-test-secret-0123456789abcdefghij',
    CODES_SECRET: 'cluster-codes-secret-0123456789abcdefghij',
    VIDEO_SECRET: 'cluster-video-secret-0123456789abcdefghij',
    PUSH_SECRET: 'cluster-push-secret-0123456789abcdefghijk',
    // nginx, and the address each test client claims as if a CDN stood in front of it.
    TRUST_PROXY: '2',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  // Both at once on the fresh database: the migrations run once, under an advisory lock.
  ports.forEach((port, i) => {
    const child = spawn(process.execPath, [entry], { cwd: os.tmpdir(), env: { ...env, PORT: String(port) } });
    child.stdout.on('data', (d: Buffer) => (logs[i] += d.toString()));
    child.stderr.on('data', (d: Buffer) => (logs[i] += d.toString()));
    children.push(child);
  });
  await Promise.all(ports.map(waitForHealth));
  startedAt = new Date();
  proxy = await startProxy(work, ports[0]!, ports[1]!);
}, 120_000);

afterAll(async () => {
  proxy?.stop();
  for (const child of children) child.kill('SIGKILL');
  await database?.drop().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

let made = 0;
const ip = () => `10.77.${Math.floor(made / 250)}.${(made++ % 250) + 1}`;

async function teacher(on: 'a' | 'b' = 'a') {
  const c = client(proxy.port, ip());
  const id = `${Date.now().toString(36)}${made}`;
  const input = { name: 'أستاذة مريم', email: `t${id}@example.test`, subdomain: `prof-${id}`, password: 'correct-horse-9' };
  const res = await c.send(on, 'POST', `${MAIN}/api/accounts/register/teacher`, input);
  expect(res.status, res.text).toBe(201);
  return { c, ...input, host: `http://${input.subdomain}.${ROOT}` };
}

/** Wrong answers until the first one that is not a plain refusal; returns how many and that answer's status. */
async function untilRefused(attempt: (i: number) => Promise<number>, wrongStatus: number) {
  for (let i = 0; i < 40; i += 1) {
    const status = await attempt(i);
    if (status !== wrongStatus) return { failures: i, status };
  }
  return { failures: 40, status: wrongStatus };
}

describe('two instances behind nginx on one PostgreSQL', () => {
  it('both started at once on a fresh database: the migrations ran once', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    expect(['nginx', 'node']).toContain(proxy.kind);
  });

  it('serves a landing page changed and published through A fresh from B within a second', async () => {
    const t = await teacher();
    const created = await t.c.send('a', 'POST', `${MAIN}/api/landing/pages`, { title: 'صفحة المجموعة', template: 'starter' });
    expect(created.status).toBe(201);
    const published = await t.c.send('a', 'POST', `${MAIN}/api/landing/pages/${created.json().page.id}/publish`);
    const page = published.json().page;
    // B caches the page (the second visit is answered from its cache).
    for (let i = 0; i < 2; i += 1) expect((await t.c.send('b', 'GET', `${t.host}/`)).status).toBe(200);

    const {
      id: _i,
      teacher_id: _t,
      is_published: _p,
      is_main: _m,
      views_count: _v,
      created_at: _c,
      updated_at: _u,
      published_at: _pa,
      url: _url,
      teacher: _teacher,
      ...fields
    } = page;
    const saved = await t.c.send('a', 'PUT', `${MAIN}/api/landing/pages/${page.id}`, {
      ...fields,
      custom_slug: fields.custom_slug ?? '',
      subtitle: 'حفظ على الخادم الأول',
    });
    expect(saved.status, saved.text).toBe(200);
    // A save of a published page is its draft (decision 119); publishing it is what B must serve at once.
    expect((await t.c.send('a', 'POST', `${MAIN}/api/landing/pages/${page.id}/publish`)).status).toBe(200);
    const deadline = Date.now() + 1_000;
    let body = '';
    while (Date.now() < deadline && !body.includes('حفظ على الخادم الأول')) body = (await t.c.send('b', 'GET', `${t.host}/`)).text;
    expect(body).toContain('حفظ على الخادم الأول');

    // A change nobody announced (made while the instances could not listen) is served once they listen again:
    // the lost connection is made again and everything cached is dropped.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`update teacher_landing_pages set subtitle = 'تغيير لم يعلن عنه' where id = $1`, [page.id]);
      expect((await t.c.send('b', 'GET', `${t.host}/`)).text).not.toContain('تغيير لم يعلن عنه');
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'darsi-cache-bus' and datname = current_database()`,
      );
      expect(killed.rowCount).toBe(2);
      await expect.poll(async () => (await t.c.send('b', 'GET', `${t.host}/`)).text, { timeout: 3_000, interval: 100 }).toContain('تغيير لم يعلن عنه');
      const listeners = `select count(*)::int as n from pg_stat_activity where application_name = 'darsi-cache-bus' and datname = current_database()`;
      await expect.poll(async () => (await admin.query(listeners)).rows[0].n, { timeout: 3_000 }).toBe(2);
    } finally {
      await admin.end();
    }
  });

  it('counts login failures once across both instances', async () => {
    const single = await teacher();
    const alternating = await teacher();
    const login = (t: Awaited<ReturnType<typeof teacher>>, on: (i: number) => 'a' | 'b') => (i: number) =>
      t.c.send(on(i), 'POST', `${MAIN}/api/accounts/login`, { email: t.email, password: 'wrong-password' }).then((r) => r.status);
    const onOne = await untilRefused(
      login(single, () => 'a'),
      401,
    );
    const onBoth = await untilRefused(
      login(alternating, (i) => (i % 2 ? 'b' : 'a')),
      401,
    );
    expect(onOne.status).toBe(429);
    expect(onBoth).toEqual(onOne);
  });

  it('counts wrong activation codes once across both instances', async () => {
    async function platformWithCodes() {
      const t = await teacher();
      const course = (
        await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses`, { title: 'الرياضيات', kind: 'organized', description: 'دورة' })
      ).json();
      const section = (await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل الأول' })).json();
      await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses/${course.id}/lessons`, {
        sectionId: section.id,
        title: 'الدرس',
        type: 'text',
        bodyHtml: '<p>نص</p>',
      });
      const plans = (
        await t.c.send('a', 'PUT', `${MAIN}/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'monthly', priceDzd: 3000 }] })
      ).json();
      expect((await t.c.send('a', 'PATCH', `${MAIN}/api/courses/teacher/courses/${course.id}`, { status: 'published' })).status).toBe(200);
      const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const batch = (
        await t.c.send('a', 'POST', `${MAIN}/api/codes/teacher/batches`, { count: 10, validUntil, courseId: course.id, planId: plans.plans[0].id })
      ).json();
      const csv = (await t.c.send('a', 'GET', `${MAIN}/api/codes/teacher/batches/${batch.id}/export/csv`)).text;
      const codes = [...csv.matchAll(/"=""(\d{6})"""/g)].map((m) => m[1]!);
      expect(codes).toHaveLength(10);
      let wrong = 123456;
      while (codes.includes(String(wrong))) wrong += 1;
      const student = client(proxy.port, ip());
      const joined = await student.send('a', 'POST', `${t.host}/api/accounts/register/student`, {
        name: 'طالب يوسف',
        email: `s${Date.now()}${made}@example.test`,
        password: 'correct-horse-9',
      });
      expect(joined.status, joined.text).toBe(201);
      return (on: (i: number) => 'a' | 'b') => (i: number) =>
        student.send(on(i), 'POST', `${t.host}/api/codes/student/redeem`, { code: String(wrong) }).then((r) => r.status);
    }
    const [single, alternating] = [await platformWithCodes(), await platformWithCodes()];
    const onOne = await untilRefused(
      single(() => 'a'),
      400,
    );
    const onBoth = await untilRefused(
      alternating((i) => (i % 2 ? 'b' : 'a')),
      400,
    );
    expect(onOne.failures).toBeGreaterThan(0);
    expect(onOne.failures).toBeLessThan(40);
    expect(onBoth).toEqual(onOne);
  });

  it('continues a tus upload on the other instance (shared store, PostgreSQL lock)', async () => {
    const t = await teacher();
    const course = (await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses`, { title: 'الفيزياء', kind: 'regular', description: 'دورة' })).json();
    const section = (await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل' })).json();
    const lesson = (
      await t.c.send('a', 'POST', `${MAIN}/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'درس مصور', type: 'video' })
    ).json();
    const file = path.join(work, 'lesson.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const video = fs.readFileSync(file);
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await t.c.send('a', 'POST', `${MAIN}/api/video/uploads`, undefined, {
      ...tus,
      'upload-length': String(video.length),
      'upload-metadata': `lessonId ${b64(lesson.id)},filename ${b64('lesson.mp4')},filetype ${b64('video/mp4')}`,
    });
    expect(created.status, created.text).toBe(201);
    const at = new URL(String(created.headers.location), MAIN).toString();
    const half = Math.floor(video.length / 2);
    const patch = (on: 'a' | 'b', offset: number, bytes: Buffer) =>
      t.c.send(on, 'PATCH', at, bytes, { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' });
    expect((await patch('b', 0, video.subarray(0, half))).status).toBe(204);
    const head = await t.c.send('a', 'HEAD', at, undefined, tus);
    expect(head.headers['upload-offset']).toBe(String(half));
    const last = await patch('a', half, video.subarray(half));
    expect(last.status, last.text).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(video.length));
  });

  it('runs a scheduled job once for the cluster, not once per instance', { timeout: 150_000 }, async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const runs = () =>
        admin
          .query<{ singleton_on: string; n: number; done: number }>(
            `select singleton_on::text, count(*)::int as n, count(*) filter (where state = 'completed')::int as done
               from pgboss.job where name = 'live-reminders' and created_on >= $1 group by singleton_on`,
            [startedAt],
          )
          .then((r) => r.rows);
      // The schedule fires each minute; pg-boss checks it every 30 s at most.
      await expect.poll(async () => (await runs()).some((r) => r.done > 0), { timeout: 140_000, interval: 1_000 }).toBe(true);
      for (const row of await runs()) expect(row.n).toBe(1);
      const done = logs.join('\n').match(/"job":"live-reminders"[^\n]*"msg":"job done"/g) ?? [];
      expect(done.length).toBe((await runs()).reduce((sum, r) => sum + r.done, 0));
    } finally {
      await admin.end();
    }
  });
});
