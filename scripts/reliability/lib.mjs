// Shared pieces of the reliability scripts (R5, R7, R9; issue 16): start the built server, talk to its API as a
// browser would (cookies, same origin, an address of its own through TRUST_PROXY), and set up a teacher's
// platform with a published course and a multi-use code.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BUILD_DIR = path.resolve(process.env.BUILD_DIR || 'dist');
export const SERVER = path.join(BUILD_DIR, 'server', 'main.mjs');
// Darsi runs on the Node 24 that npm installed (decision 053), whatever Node runs this script.
const NODE = fs.existsSync('node_modules/.bin/node') ? path.resolve('node_modules/.bin/node') : process.execPath;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `node {BUILD_DIR}/server/main.mjs` in its own process group; the caller kills it. */
export function startServer({ port, dataDir, databaseUrl, seed = false, env = {} }) {
  if (!fs.existsSync(SERVER)) throw new Error(`no build at ${SERVER}: run BUILD_DIR=${path.basename(BUILD_DIR)} node scripts/build-server.mjs`);
  const log = fs.openSync(path.join(os.tmpdir(), `darsi-reliability-${port}.log`), 'a');
  const child = spawn(NODE, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_HOST: `127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: seed ? 'true' : 'false',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      CODES_SECRET: 'reliability-codes-secret-0123456789abcdef',
      BETTER_AUTH_SECRET: 'reliability-auth-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  return child;
}

/** Waits for `/api/health` to answer 200; returns the milliseconds it took, or throws after `timeoutMs`. */
export async function waitHealthy(base, timeoutMs = 60_000, child = null) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    // A server that exited (a port already in use) must not be mistaken for another one answering there.
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`${base} not healthy after ${timeoutMs} ms`);
}

/** SIGKILL to the whole group, then wait until it is gone. */
export async function killHard(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  for (let i = 0; i < 200; i += 1) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await sleep(25);
  }
}

export async function stopGracefully(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 400; i += 1) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await sleep(25);
  }
  await killHard(child);
}

let ipSeq = 0;
/** A browser-like client: its own cookies and its own address (X-Forwarded-For, with TRUST_PROXY). */
export function client(base, ip) {
  ipSeq += 1;
  const address = ip ?? `10.${(process.pid >> 8) % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
  const cookies = new Map();
  const origin = new URL(base).origin;
  async function request(method, url, body, headers = {}) {
    const isBytes = body instanceof Uint8Array;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin,
        'x-forwarded-for': address,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined && !isBytes ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isBytes ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  return {
    ip: address,
    request,
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body ?? {}),
    patch: (url, body) => request('PATCH', url, body),
    put: (url, body, headers) => request('PUT', url, body, headers),
    json: async (res) => {
      const text = await res.text();
      if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    },
  };
}

export const unique = (prefix) => `${prefix}${crypto.randomBytes(5).toString('hex')}`;
export const PASSWORD = 'reliability-pass-2026';

/** A teacher (institution plan is not needed: 1,000 uses of one code fit any plan's students only up to its limit). */
export async function setupPlatform(base) {
  const teacher = client(base);
  const subdomain = unique('rel');
  const email = `${subdomain}@reliability.test`;
  await teacher.json(await teacher.post('/api/accounts/register/teacher', { name: 'أستاذة الاختبار', email, subdomain, password: PASSWORD }));
  const course = await teacher.json(await teacher.post('/api/courses/teacher/courses', { title: 'دورة الاختبار', kind: 'regular', description: 'اختبار' }));
  const section = await teacher.json(await teacher.post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل' }));
  await teacher.json(
    await teacher.post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'درس', type: 'text', bodyHtml: '<p>درس</p>' }),
  );
  await teacher.json(await teacher.put(`/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'monthly', priceDzd: 1000 }] }));
  await teacher.json(await teacher.patch(`/api/courses/teacher/courses/${course.id}`, { status: 'published' }));
  const plans = (await teacher.json(await teacher.get(`/api/courses/teacher/courses/${course.id}`))).plans;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const batch = await teacher.json(
    await teacher.post('/api/codes/teacher/batches', { courseId: course.id, planId: plans[0].id, count: 1, maxUses: 1_000, validUntil }),
  );
  const csv = await (await teacher.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  const [code] = [...csv.matchAll(/"=""(\d{6})"""/g)].map((m) => m[1]);
  return { teacher, email, subdomain, courseId: course.id, sectionId: section.id, batchId: batch.id, code };
}

/** Signs a student up on the platform (a new address each, so that sign-up limits do not apply). */
export async function newStudent(base, subdomain, ip) {
  const s = client(base, ip);
  const email = `${unique('st')}@reliability.test`;
  await s.json(await s.post('/api/accounts/register/student', { name: 'طالب الاختبار', email, password: PASSWORD, platform: subdomain }));
  return { ...s, email };
}

export function machine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

export function uptime() {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
}
