import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../integration/harness';
import { buildServer } from './build-server';

// The real entry point, bundled the way `npm start` bundles it (scripts/build-server.mjs): split into chunks.
const OUT_DIR = path.resolve('dist/test-server');
const ENTRY = path.join(OUT_DIR, 'main.mjs');

beforeAll(async () => {
  await buildServer(OUT_DIR);
});

// A failed assertion must not leave a server running.
const children = new Set<ChildProcessWithoutNullStreams>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
});

function start(env: Record<string, string>, entry = ENTRY): ChildProcessWithoutNullStreams {
  // Started from another directory: nothing may depend on the working directory (docs/decisions/015-paths-and-env.md).
  const child = spawn(process.execPath, [entry], { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env } });
  children.add(child);
  return child;
}

/** Collects what the server logs (JSON lines) while it runs. */
function output(child: ChildProcessWithoutNullStreams): { text: () => string } {
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  return { text: () => text };
}

/** Status of GET / on a host, sent over a real socket so that the Host header can name a subdomain. */
function statusOn(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

function exit(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

// A first start seeds the demo data: a few seconds, more on a busy CI machine.
async function waitForHealth(port: number) {
  for (let i = 0; i < 400; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('starting the server', () => {
  it('explains a bad DATABASE_URL in one line, without a stack trace', async () => {
    const result = await exit(start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' }));
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Darsi cannot start: Cannot connect to DATABASE_URL/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains a port that is already taken in one line, built or not', async () => {
    const port = await freePort();
    const taken = net.createServer().listen(port, '127.0.0.1');
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-port-'));
      // A clean clone runs this before any build: an absent web build must add no warning to the line.
      const unbuilt = path.join(dataDir, 'no-build');
      const result = await exit(start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST_DIR: unbuilt }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Darsi cannot start: 127.0.0.1:${port} is already in use (set PORT or HOST)`);
    } finally {
      taken.close();
    }
  });

  it('names a bad variable', async () => {
    const result = await exit(start({ PORT: 'eighty' }));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Darsi cannot start: Invalid environment variable PORT/);
  });

  it('explains missing migrations in one line', async () => {
    // An installation without drizzle/: the bundle in {root}/dist/server, the rest of the files beside it.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-install-'));
    fs.cpSync(OUT_DIR, path.join(root, 'dist', 'server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
    for (const dir of ['node_modules', 'public', 'content']) fs.symlinkSync(path.resolve(dir), path.join(root, dir));
    const result = await exit(start({ DATA_DIR: path.join(root, 'data'), PORT: '0' }, path.join(root, 'dist', 'server', 'main.mjs')));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Darsi cannot start: the migrations are missing: ${path.join(root, 'drizzle')} has no meta/_journal.json (is Darsi fully installed?)`,
    ]);
  });

  it('creates the embedded database, migrates it, seeds the demo data on the first start only, and serves', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-proc-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_HOST: `darsi.test:${port}`, WEB_DIST_DIR: fakeWebDist(), LOG_LEVEL: 'info' };
    const first = start(env);
    const firstLog = output(first);
    const firstDone = exit(first);
    await waitForHealth(port);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(firstLog.text()).toContain('"msg":"demo data seeded"');
    // Where to go and how to sign in, once the server answers (logs are JSON off a terminal).
    await expect.poll(() => firstLog.text()).toContain('Darsi is ready');
    expect(firstLog.text()).toContain(`Open            http://darsi.test:${port}`);
    expect(firstLog.text()).toContain(`Demo teacher    http://demo.darsi.test:${port}`);
    for (const account of ['teacher@darsi.test', 'student@darsi.test', 'admin@darsi.test', 'password darsi-demo-2026']) {
      expect(firstLog.text()).toContain(account);
    }
    expect(firstLog.text()).toContain('"msg":"Darsi is listening"');
    // The demo teacher's published landing page: seeded data, and translations read from Darsi's folder.
    expect(await statusOn(port, `demo.darsi.test:${port}`)).toBe(200);
    first.kill('SIGTERM');
    expect((await firstDone).code).toBe(0);

    const second = start(env);
    const secondLog = output(second);
    const secondDone = exit(second);
    await waitForHealth(port);
    expect(await statusOn(port, `demo.darsi.test:${port}`)).toBe(200);
    second.kill('SIGTERM');
    expect((await secondDone).code).toBe(0);
    expect(secondLog.text()).toContain('"msg":"Darsi is listening"');
    expect(secondLog.text()).not.toContain('seeded');
  });
});

/** Two requests on one socket with 6 s of silence between them: past Node's 5 s default, which reset reused sockets. */
async function expectIdleKeepAliveSocketReused(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<{ keepAlive: string; socket: net.Socket }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ keepAlive: String(res.headers['keep-alive'] ?? ''), socket: req.socket as net.Socket }));
      });
      req.on('error', reject);
    });
  const first = await ask();
  expect(first.keepAlive).toBe('timeout=65');
  await new Promise((r) => setTimeout(r, 6_000));
  const second = await ask();
  expect(second.socket, 'the same socket served both').toBe(first.socket);
  agent.destroy();
}

describe('SIGTERM', () => {
  it('finishes the in-flight response, refuses new connections, then exits cleanly', async () => {
    const web = fakeWebDist();
    const size = 8 * 1024 * 1024;
    fs.writeFileSync(path.join(web, 'big.bin'), Buffer.alloc(size, 7));
    const port = await freePort();
    // In production, which also shows that a first start there seeds nothing.
    const secret = 'process-test-secret-0123456789abcdef';
    const child = start({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      CODES_SECRET: secret,
      VIDEO_SECRET: secret,
      PAYMENTS_SECRET: secret,
      PUSH_SECRET: secret,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-proc-')),
      PORT: String(port),
      PUBLIC_HOST: `darsi.test:${port}`,
      WEB_DIST_DIR: web,
    });
    const done = exit(child);
    await waitForHealth(port);
    expect(await statusOn(port, `demo.darsi.test:${port}`), 'no demo teacher in production').not.toBe(200);
    const log = output(child);
    await expectIdleKeepAliveSocketReused(port);

    // A slow client: it asks for a big file and reads it only after the signal.
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    socket.write('GET /big.bin HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n');
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.on('connect', () => (probe.destroy(), resolve(false)));
      probe.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);

    let received = 0;
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (!head) head = chunk.subarray(0, 200).toString('latin1');
      received += chunk.length;
    });
    socket.resume();
    await new Promise((resolve) => socket.on('close', resolve));
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toBeGreaterThan(size);
    expect((await done).code).toBe(0);
    // Production logs stay JSON lines for the log collector: no banner, no demo accounts.
    expect(log.text()).not.toContain('Darsi is ready');
  });
});

describe('one process per embedded data folder (issue 16)', () => {
  it('a second server on the same folder says it is in use and exits; after a crash the next start takes over', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-lock-'));
    const env = (port: number) => ({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', WEB_DIST_DIR: fakeWebDist() });
    const portA = await freePort();
    const first = start(env(portA));
    await waitForHealth(portA);

    const second = await exit(start(env(await freePort())));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Darsi cannot start: the data folder ${dataDir} is in use by another Darsi process`);
    expect((await fetch(`http://127.0.0.1:${portA}/api/health`)).status, 'the first one keeps serving').toBe(200);

    // A crash leaves the lock behind; it goes stale and the next start takes the folder over by itself.
    first.kill('SIGKILL');
    const portC = await freePort();
    const third = start(env(portC));
    await waitForHealth(portC);
    third.kill('SIGTERM');
  }, 90_000);
});
