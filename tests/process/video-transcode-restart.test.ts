import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../integration/harness';
import { buildServer } from './build-server';

// The real server binary, killed with SIGKILL in the middle of a transcode, then started again on the same data.
const OUT_DIR = path.resolve('dist/test-video-server');
const ENTRY = path.join(OUT_DIR, 'main.mjs');
const children = new Set<ChildProcessWithoutNullStreams>();
let dataDir = '';
let fixture = '';

beforeAll(async () => {
  await buildServer(OUT_DIR);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-video-proc-'));
  // Long enough (40 s of 640x480) that the transcode is still running when the server is killed.
  fixture = path.join(dataDir, 'long.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x480:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '40',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    fixture,
  ]);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(port: number) {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: os.tmpdir(),
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dataDir, 'data'),
      PORT: String(port),
      PUBLIC_HOST: `127.0.0.1:${port}`,
      WEB_DIST_DIR: fakeWebDist(),
    },
  });
  children.add(child);
  child.stdout.resume();
  child.stderr.resume();
  return child;
}

/** Process ids whose parent is `pid` (ffmpeg runs as the server's child, through `nice`). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a transcode killed with its server', () => {
  it('runs again after a restart and completes', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let cookie = '';
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      });
      const set = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (set) cookie = set;
      return res;
    };
    let server = start(port);
    await until(async () => ((await fetch(`${origin}/api/health`)).ok ? true : undefined), 60_000, 'the server');
    const signUp = await call('POST', '/api/accounts/register/teacher', {
      name: 'أستاذة',
      email: `p${Date.now()}@example.test`,
      subdomain: `proc-${Date.now().toString(36)}`,
      password: 'correct-horse-9',
    });
    expect(signUp.status).toBe(201);
    const course = await (await call('POST', '/api/courses/teacher/courses', { title: 'دورة', kind: 'regular', description: '' })).json();
    const section = await (await call('POST', `/api/courses/teacher/courses/${course.id}/sections`, { title: 'فصل' })).json();
    const lesson = await (
      await call('POST', `/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'فيديو', type: 'video' })
    ).json();
    const bytes = new Uint8Array(fs.readFileSync(fixture));
    const meta = `lessonId ${Buffer.from(lesson.id).toString('base64')},filename ${Buffer.from('long.mp4').toString('base64')}`;
    const created = await call('POST', '/api/video/uploads', undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': meta,
    });
    expect(created.status).toBe(201);
    const patched = await call('PATCH', new URL(created.headers.get('location')!, origin).pathname, bytes, {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    expect(patched.status).toBe(204);
    const status = async () => (await call('GET', `/api/video/lessons/${lesson.id}/status`)).json();

    // Mid-transcode: ffmpeg has written some progress. Kill the server and its ffmpeg, as a crash would.
    await until(
      async () => {
        const s = await status();
        return s.state === 'processing' && childrenOf(server.pid!).length > 0 ? s : undefined;
      },
      60_000,
      'processing',
    );
    const orphans = childrenOf(server.pid!);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }

    server = start(port);
    await until(async () => ((await fetch(`${origin}/api/health`)).ok ? true : undefined), 60_000, 'the restarted server');
    // pg-boss hands the job out again once its heartbeat has lapsed (30 s); it starts from a clean folder.
    const done = await until(
      async () => {
        const s = await status();
        return s.state === 'ready' || s.state === 'failed' ? s : undefined;
      },
      180_000,
      'ready',
    );
    // Sound only (0), 240p and 360p: no rendition above the source's height (decision 190).
    expect(done).toMatchObject({ state: 'ready', renditions: [0, 240, 360], progress: 100 });
    expect(done.durationSec).toBeGreaterThan(39);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  });
});
