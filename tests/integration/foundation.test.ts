import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { demoSeedSteps, teachers, teacherStudents, user } from '@server/core/db/schema';
import { createApp } from '@server/app';
import { ACCOUNTS_SEED_STEP, seedDemo } from '@server/seed';
import { fuzz } from '../fuzz';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// The last describe of this file closes the database itself (a second fresh PGlite costs seconds of CI).
let closed = false;
afterAll(async () => {
  if (!closed) await t.close();
});

describe(`health on ${DRIVER}`, () => {
  it('reports a reachable database', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe(`tenant data on ${DRIVER}`, () => {
  // Rows that belong to no teacher: accounts and sessions, the platform's own inboxes, limits and bookkeeping.
  // payment_events: Chargily's event ids seen, for idempotency; they name no tenant until the order they carry is read.
  const PLATFORM_TABLES = [
    'account',
    'admin_invitations',
    'attempt_limits',
    'contact_messages',
    'demo_seed_steps',
    'feedback_submissions',
    'newsletter_subscribers',
    'payment_events',
    'rate_limit',
    'session',
    'teachers',
    'user',
    'verification',
    // A person's own settings and the e-mail ledger of their notifications (the notification row carries the
    // teacher), and spent single-use token ids (decision 139): none is a teacher's data.
    'notification_emails',
    'notification_preferences',
    'used_tokens',
    // A person's devices for web push (any platform's notifications reach them) and the platform's one VAPID key pair (decision 210).
    'push_subscriptions',
    'web_push_keys',
  ];
  it('gives every other table a teacher_id column (DEVELOPERS.md: every tenant-owned row carries it)', async () => {
    const result = (await t.database.db.execute(sql`
      select t.table_name as name, exists (select 1 from information_schema.columns c where c.table_schema = 'public'
        and c.table_name = t.table_name and c.column_name = 'teacher_id') as has
      from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE' order by 1`)) as unknown as {
      rows: { name: string; has: boolean }[];
    };
    const tables = result.rows;
    expect(tables.length).toBeGreaterThan(PLATFORM_TABLES.length);
    expect(tables.filter((r) => !r.has && !PLATFORM_TABLES.includes(r.name)).map((r) => r.name)).toEqual([]);
  });
});

describe('API errors', () => {
  it('answers an unknown /api path with a JSON 404, not the app shell', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'العنصر المطلوب غير موجود.' } });
  });

  it('translates the message from ?lng, then the language cookie, then Accept-Language', async () => {
    const fr = await (await t.request('/api/nope?lng=fr')).json();
    expect(fr.error.message).toBe('L’élément demandé n’existe pas.');
    const en = await (await t.request('/api/nope', { headers: { cookie: 'i18next=en' } })).json();
    expect(en.error.message).toBe('What you asked for does not exist.');
    const header = await (await t.request('/api/nope', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })).json();
    expect(header.error.message).toBe('L’élément demandé n’existe pas.');
  });

  it('falls back to Arabic for an unknown language, even when the browser asks for another one', async () => {
    const body = await (await t.request('/api/nope?lng=xx')).json();
    expect(body.error.message).toBe('العنصر المطلوب غير موجود.');
    const english = { headers: { 'accept-language': 'en-US,en;q=0.9', cookie: 'i18next=fr' } };
    expect((await (await t.request('/api/nope?lng=xx', english)).json()).error.message).toBe('العنصر المطلوب غير موجود.');
    expect(await (await t.request('/login?lng=de', english)).text()).toContain('<html lang="ar" dir="rtl">');
    expect(await (await t.request('/login?lng=en-GB')).text()).toContain('<html lang="en" dir="ltr">');
  });
});

describe('security headers', () => {
  it('sets a CSP without inline scripts, frame-ancestors, nosniff and a referrer policy', async () => {
    const res = await t.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('web app serving', () => {
  it('serves index.html with no-cache and Arabic RTL by default', async () => {
    const res = await t.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<html lang="ar" dir="rtl">');
  });

  it('gives app routes the SPA fallback in the requested language', async () => {
    const res = await t.request('/teacher/dashboard?lng=en');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en" dir="ltr">');
    const fr = await t.request('/some/unknown/page', { headers: { cookie: 'i18next=fr' } });
    expect(await fr.text()).toContain('<html lang="fr" dir="ltr">');
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await t.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('console.log');
  });

  it('revalidates other static files and 404s a missing file', async () => {
    const robots = await t.request('/robots.txt');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    const missing = await t.request('/assets/missing-123.js');
    expect(missing.status).toBe(404);
  });

  it('never publishes source maps', async () => {
    fs.writeFileSync(path.join(t.config.webDistDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const res = await t.request('/assets/app-abc123.js.map');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret.ts');
  });

  it('refuses path traversal', async () => {
    const res = await t.request('/assets/..%2f..%2fpackage.json');
    expect(res.status).not.toBe(500);
    expect(await res.text()).not.toContain('"dependencies"');
  });
});

describe('malformed Host headers', () => {
  // Sent over a real socket: the Node adapter builds the request URL from Host, which is where a
  // malformed header would crash the server.
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const hosts = [
    '',
    ' ',
    ':',
    ':::::',
    '[',
    '[::1',
    '[::1]:3000',
    'a'.repeat(5000),
    '..',
    '.localhost',
    'demo..localhost',
    'xn--mgbh0fb.localhost',
    'undefined.localhost',
    'www.localhost:3000',
    '-demo-.localhost',
    'دروس.localhost',
    'demo.localhost:notaport',
    'demo.localhost:99999',
    '%00.localhost',
    'demo\u0000.localhost',
    'DEMO.LOCALHOST',
    'demo.localhost/../../etc',
    'user@demo.localhost',
    'demo.localhost#x',
    'demo.localhost?x=1',
    '\\evil',
    // Found by the fuzz below (FUZZ_SEED=3974640417): digits that are no valid IPv4 address.
    '0901',
    '09',
    '1.2.3.09',
    '0x1g',
    // Found by the fuzz below (FUZZ_SEED=189630922).
    'Y@@:bX]a@اZ- ',
  ];
  for (const host of hosts) {
    it(`never crashes on ${JSON.stringify(host.slice(0, 30))}`, async () => {
      for (const pathname of ['/', '/api/health']) expect(await rawStatus(port, pathname, host), pathname).toBeLessThan(500);
    });
  }

  it('survives 300 random Host headers and keeps serving', async () => {
    const alphabet = 'abcXYZ019-._:[]@%/\\ \u00e9\u0627\ud83d\ude00';
    const random = fuzz();
    for (let i = 0; i < 300; i += 1) {
      const host = random.string(alphabet, random.int(80));
      const status = await rawStatus(port, '/api/health', host);
      expect(status, `host ${JSON.stringify(host)} (${random.seed})`).toBeLessThan(500);
    }
    expect(await rawStatus(port, '/api/health', 'localhost'), 'a normal request still succeeds').toBe(200);
  });
});

/** Writes a raw HTTP/1.1 request so that any byte can go into the Host header; resolves the status code (0 if the connection was refused by the parser). */
function rawStatus(port: number, pathname: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(5_000, () => reject(new Error('timeout')));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', () => resolve(0));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    // write, not end: a half-closed socket reads as an aborted request to the Node adapter.
    socket.write(Buffer.concat([Buffer.from(`GET ${pathname} HTTP/1.1\r\nHost: `), Buffer.from(host, 'utf8'), Buffer.from('\r\nConnection: close\r\n\r\n')]));
  });
}

describe(`demo data steps on ${DRIVER}`, () => {
  const recorded = async (name: string) => (await t.database.db.select().from(demoSeedSteps).where(eq(demoSeedSteps.name, name))).length;

  it('reports a step that fails instead of throwing, holds back the steps after it, and runs it again next time', async () => {
    let attempts = 0;
    const flaky = {
      name: 'test-flaky',
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('disk full');
      },
    };
    const after = { name: 'test-after', run: async () => undefined };
    const first = await seedDemo(t.services, [flaky, after]);
    expect(first).toMatchObject({ applied: [], failed: { step: 'test-flaky' } });
    expect(await recorded('test-flaky')).toBe(0);
    expect(await seedDemo(t.services, [flaky, after])).toEqual({ applied: ['test-flaky', 'test-after'], failed: null });
    expect(await seedDemo(t.services, [flaky, after])).toEqual({ applied: [], failed: null });
    expect(attempts).toBe(2);
  });

  it('can run the accounts step again after an interrupted run, without duplicating anything', async () => {
    await ACCOUNTS_SEED_STEP.run(t.services);
    await ACCOUNTS_SEED_STEP.run(t.services);
    const demo = ['teacher@darsi.test', 'student@darsi.test', 'admin@darsi.test'];
    const users = await t.database.db.select({ email: user.email, role: user.role }).from(user).where(inArray(user.email, demo));
    expect(users.map((u) => `${u.email}:${u.role}`).sort()).toEqual(['admin@darsi.test:admin', 'student@darsi.test:student', 'teacher@darsi.test:teacher']);
    const [teacher, ...more] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
    expect(more).toEqual([]);
    expect(await t.database.db.select().from(teacherStudents).where(eq(teacherStudents.teacherId, teacher!.id))).toHaveLength(1);
  });
});

describe('saving missing translation keys (development with Vite only)', () => {
  const post = (app: ReturnType<typeof createApp>, pathname: string, body: string, origin = 'http://localhost:3000') =>
    app.request(`http://localhost:3000${pathname}`, { method: 'POST', headers: { host: 'localhost:3000', origin, 'content-type': 'application/json' }, body });
  const withSaving = () =>
    createApp({ services: { ...t.services, config: { ...t.config, saveMissingTranslations: true } }, database: t.database, logger: pino({ level: 'silent' }) });

  it('is not mounted unless SAVE_MISSING_TRANSLATIONS=true', async () => {
    const res = await post(t.app, '/locales/add/ar/common', '{"x":"x"}');
    expect(res.status).not.toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, 'missing-locales'))).toBe(false);
  });

  it('writes into DATA_DIR, for a known language and namespace, from the same origin, within a size limit', async () => {
    const app = withSaving();
    expect((await post(app, '/locales/add/ar/common', '{"nav.new":"nav.new"}')).status).toBe(200);
    const saved = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'missing-locales', 'ar', 'common.json'), 'utf8'));
    expect(saved).toEqual({ 'nav.new': 'nav.new' });

    expect((await post(app, '/locales/add/ar/common', '{"a":"a"}', 'http://evil.localhost:3000')).status).toBe(403);
    expect((await post(app, '/locales/add/xx/common', '{"a":"a"}')).status).toBe(400);
    expect((await post(app, '/locales/add/ar/..%2f..%2fpackage', '{"a":"a"}')).status).toBe(400);
    const big = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(1_000)])));
    expect((await post(app, '/locales/add/ar/common', big)).status).toBe(413);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'missing-locales'))).toEqual(['ar']);
  });
});

// Keep this describe last: it closes the database every test above uses.
describe(`a database that is down, on ${DRIVER}`, () => {
  beforeAll(async () => {
    closed = true;
    await t.close();
  });

  it('makes health answer 503 with database "down"', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('turns an unexpected failure into a 500 INTERNAL with a translated message and no stack', async () => {
    const res = await t.request('/api/site/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${t.config.publicHost}` },
      body: JSON.stringify({ email: 'someone@example.com', website: '' }),
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'حدث خطأ غير متوقع. يُرجى المحاولة مرة أخرى.' } });
    expect(text).not.toMatch(/\bat \S+:\d+|Error:|closed|pool/i);
  });
});
