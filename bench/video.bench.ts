// Protected video: transcode speed (× real time), key endpoint requests per second, and the time to reach the
// first decrypted segment of an encrypted lesson compared with fetching that segment raw, over loopback HTTP.
// Run: node bench/run.mjs video   (embedded PGlite in memory; needs ffmpeg). Writes bench/results/video.md.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serializeSignedCookie } from 'better-call';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPglite } from '@server/core/db/client';
import { courses, courseSections, enrollments, lessons, lessonVideos, session, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';
import { size, writeResult } from './smoke';

const SOURCE_SECONDS = size(Number(process.env.VIDEO_BENCH_SECONDS ?? 60), 2);
const KEY_REQUESTS = size(2_000, 8);
const CONCURRENCY = 8;
const FIRST_SEGMENT_RUNS = size(30, 1);

const CLASS_SIZE = size(300, 3);
const CLASS_WINDOW_MS = size(10_000, 300);

type TClassDeps = {
  db: ReturnType<typeof createServices>['db'];
  config: ReturnType<typeof loadConfig>;
  base: string;
  teacherId: string;
  courseId: string;
  lessonId: string;
};

/**
 * Issue 29: `count` students, each signed in with a session of their own, start the same lesson at moments spread
 * evenly over CLASS_WINDOW_MS, as a class does when the teacher says "open lesson 3". Each walks the player's path
 * to its first decrypted segment and sends the heartbeat a player sends on "play". Times are from each student's
 * own start.
 */
async function classOf(count: number, d: TClassDeps) {
  const ids = Array.from({ length: count }, () => randomUUID());
  await d.db.insert(user).values(ids.map((id, i) => ({ id, name: `طالب ${i}`, email: `class-${i}@example.test`, emailVerified: true, role: 'student' })));
  await d.db.insert(students).values(ids.map((id, i) => ({ id, name: `طالب ${i}`, teacherId: d.teacherId })));
  await d.db.insert(teacherStudents).values(ids.map((studentId) => ({ teacherId: d.teacherId, studentId })));
  await d.db
    .insert(enrollments)
    .values(ids.map((studentId) => ({ teacherId: d.teacherId, courseId: d.courseId, studentId, type: 'lifetime', startedAt: new Date(), source: 'teacher' })));
  const cookies = await Promise.all(
    ids.map(async (userId) => {
      const token = randomBytes(24).toString('base64url');
      await d.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() });
      return (await serializeSignedCookie('darsi.session_token', token, d.config.authSecret!)).split(';')[0]!;
    }),
  );
  const one = async (cookie: string, i: number) => {
    const headers = { cookie, origin: d.base, host: d.config.publicHost };
    const get = (url: string) => fetch(`${d.base}${url}`, { headers });
    const t = performance.now();
    const p = await (
      await fetch(`${d.base}/api/video/lessons/${d.lessonId}/playback`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: `class-device-${i}` }),
      })
    ).json();
    const m = await (await get(p.playlistUrl)).text();
    const v = new URL(
      m.split('\n').find((l: string) => l.endsWith('.m3u8'))!,
      `${d.base}${p.playlistUrl}`,
    );
    const list = await (await get(v.pathname)).text();
    const [k, seg] = await Promise.all([
      get(new URL(/URI="([^"]+)"/.exec(list)![1]!, v).pathname).then((r) => r.arrayBuffer()),
      get(
        new URL(
          list.split('\n').find((l: string) => l.endsWith('.ts'))!,
          v,
        ).pathname,
      ).then((r) => r.arrayBuffer()),
    ]);
    const dec = createDecipheriv('aes-128-cbc', Buffer.from(k), Buffer.from(/IV=0x([0-9a-f]+)/.exec(list)![1]!, 'hex'));
    Buffer.concat([dec.update(Buffer.from(seg)), dec.final()]);
    const firstFrame = performance.now() - t;
    const beat = await fetch(`${d.base}/api/video/playback/heartbeat`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ token: p.token, position: 0 }),
    });
    if (beat.status !== 200) throw new Error(`heartbeat ${beat.status}`);
    return firstFrame;
  };
  const times: number[] = [];
  let failed = 0;
  await Promise.all(
    cookies.map(async (cookie, i) => {
      await new Promise((r) => setTimeout(r, (i * CLASS_WINDOW_MS) / count));
      await one(cookie, i).then(
        (ms) => times.push(ms),
        () => (failed += 1),
      );
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN, within: sorted.filter((x) => x <= 2_000).length, failed };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loadAvg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

async function main() {
  const startedAt = new Date();
  const loadBefore = loadAvg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-video-bench-'));
  const source = path.join(dataDir, 'source.mp4');
  // A 720p lecture-like source (moving test picture and a tone), made once outside the timing.
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330',
    '-t',
    String(SOURCE_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    source,
  ]);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    WEB_DIST_DIR: os.tmpdir(),
  });
  const database = await openPglite();
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const jobs = createJobQueue(database.jobBackend, logger);
  const services = createServices({ config, db: database.db, jobs, logger });
  const db = services.db;

  // A teacher, a course with one video lesson, and a subscribed student with a session.
  const teacherUser = randomUUID();
  await db.insert(user).values({ id: teacherUser, name: 'أستاذ', email: 'bench-teacher@example.test', emailVerified: true, role: 'teacher' });
  const [teacher] = await db
    .insert(teachers)
    .values({
      userId: teacherUser,
      name: 'أستاذ',
      email: 'bench-teacher@example.test',
      subdomain: 'bench',
      status: 'active',
      isActive: true,
      plan: 'institution',
    })
    .returning();
  const [course] = await db.insert(courses).values({ teacherId: teacher!.id, title: 'دورة', kind: 'regular', status: 'published' }).returning();
  const [section] = await db.insert(courseSections).values({ teacherId: teacher!.id, courseId: course!.id, title: 'فصل' }).returning();
  const [lesson] = await db
    .insert(lessons)
    .values({ teacherId: teacher!.id, courseId: course!.id, sectionId: section!.id, title: 'فيديو', type: 'video' })
    .returning();
  const studentId = randomUUID();
  await db.insert(user).values({ id: studentId, name: 'طالب', email: 'bench-student@example.test', emailVerified: true, role: 'student' });
  await db.insert(students).values({ id: studentId, name: 'طالب', teacherId: teacher!.id });
  await db.insert(teacherStudents).values({ teacherId: teacher!.id, studentId });
  await db.insert(enrollments).values({ teacherId: teacher!.id, courseId: course!.id, studentId, type: 'lifetime', startedAt: new Date(), source: 'teacher' });
  const token = randomBytes(24).toString('base64url');
  await db.insert(session).values({ id: randomUUID(), token, userId: studentId, expiresAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() });
  const cookie = (await serializeSignedCookie('darsi.session_token', token, config.authSecret!)).split(';')[0]!;

  // 1. Transcode: the real job (probe, ffmpeg under nice, thumbnail, encryption, storage), end to end.
  const uploads = path.join(dataDir, 'video-uploads');
  fs.mkdirSync(uploads, { recursive: true });
  fs.copyFileSync(source, path.join(uploads, 'bench-upload'));
  await jobs.start();
  const t0 = performance.now();
  await db.insert(lessonVideos).values({
    lessonId: lesson!.id,
    teacherId: teacher!.id,
    courseId: course!.id,
    state: 'queued',
    uploadId: 'bench-upload',
    originalBytes: fs.statSync(source).size,
  });
  await jobs.send(services.video.transcodeJob, { lessonId: lesson!.id, generation: 1 });
  let video;
  for (;;) {
    [video] = await db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lesson!.id));
    if (video?.state === 'ready' || video?.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const endToEndSec = (performance.now() - t0) / 1000;
  if (video?.state !== 'ready') throw new Error('transcode failed');

  // The app on a real loopback socket, and a plain static server for the raw segment.
  const app = createApp({ services, database, logger });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const headers = { cookie, origin: base, host: config.publicHost };
  const get = (url: string) => fetch(`${base}${url}`, { headers });

  const playback = await (
    await fetch(`${base}/api/video/lessons/${lesson!.id}/playback`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: 'bench-device-1' }),
    })
  ).json();
  const master = await (await get(playback.playlistUrl)).text();
  const variantUrl = new URL(
    master.split('\n').find((l: string) => l.endsWith('.m3u8'))!,
    `${base}${playback.playlistUrl}`,
  );
  const variant = await (await get(variantUrl.pathname)).text();
  const keyUrl = new URL(/URI="([^"]+)"/.exec(variant)![1]!, variantUrl).pathname;

  // 2. Key endpoint: token, session, entitlement (learning locks), lease, key unwrapping; 8 at a time, server and
  // client in this one process (one core). Database statements are counted at PGlite's door, and the same client
  // loop against a bare node:http server answering 16 bytes gives the same-run reference and its CPU cost.
  const pglite = database.jobBackend.driver === 'pglite' ? database.jobBackend.client : null;
  let statements = 0;
  // VIDEO_BENCH_SQL=1: prints each statement's count over the key loop.
  const seen = new Map<string, number>();
  if (pglite) {
    for (const method of ['query', 'exec'] as const) {
      const original = pglite[method].bind(pglite) as (...args: unknown[]) => Promise<unknown>;
      (pglite as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        statements += 1;
        if (process.env.VIDEO_BENCH_SQL) seen.set(String(args[0]).slice(0, 120), (seen.get(String(args[0]).slice(0, 120)) ?? 0) + 1);
        return original(...args);
      };
    }
  }
  const keyLoop = async (url: string, fetchOne: (u: string) => Promise<Response>) => {
    let next = 0;
    // The player's heartbeat keeps the lease (it lapses after 45 s without one), as a playing lesson does.
    const beat = () =>
      fetch(`${base}/api/video/playback/heartbeat`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ token: playback.token, position: 1 }),
      });
    // A beat lost to a reused idle keep-alive socket (ECONNRESET under load) must not end the bench: the next one renews.
    const beating = setInterval(() => void beat().catch(() => undefined), 10_000);
    const [t, cpu] = [performance.now(), process.cpuUsage()];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < KEY_REQUESTS) {
          next += 1;
          const res = await fetchOne(url);
          if (res.status !== 200) throw new Error(`key ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    clearInterval(beating);
    return { perSecond: KEY_REQUESTS / ((performance.now() - t) / 1000), cpuUs: (used.user + used.system) / KEY_REQUESTS };
  };
  statements = 0;
  await (await get(keyUrl)).arrayBuffer();
  const firstKeyStatements = statements;
  statements = 0;
  // VIDEO_BENCH_PROFILE=<file>: a CPU profile of this loop alone (open it in Chrome's DevTools).
  const profiler = process.env.VIDEO_BENCH_PROFILE ? new Session() : null;
  profiler?.connect();
  await profiler?.post('Profiler.enable');
  await profiler?.post('Profiler.start');
  const keys = await keyLoop(keyUrl, get);
  if (profiler) fs.writeFileSync(process.env.VIDEO_BENCH_PROFILE!, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  const keyStatements = statements / KEY_REQUESTS;
  if (process.env.VIDEO_BENCH_SQL) console.log([...seen].sort((x, y) => y[1] - x[1]).slice(0, 30));
  // The server's own cost without sockets: the key route through the whole app (middleware, checks, the query).
  const inProcess = async () => {
    const [t, cpu] = [performance.now(), process.cpuUsage()];
    for (let i = 0; i < KEY_REQUESTS; i += 1) {
      const res = await app.request(`http://${config.publicHost}${keyUrl}`, { headers });
      if (res.status !== 200) throw new Error(`key ${res.status}`);
      await res.arrayBuffer();
    }
    const used = process.cpuUsage(cpu);
    return { perSecond: KEY_REQUESTS / ((performance.now() - t) / 1000), cpuUs: (used.user + used.system) / KEY_REQUESTS };
  };
  const appKeys = await inProcess();
  const queryCpu = process.cpuUsage();
  for (let i = 0; i < KEY_REQUESTS; i += 1) await database.db.execute(sql`select 1`);
  const queryUs = (() => {
    const used = process.cpuUsage(queryCpu);
    return (used.user + used.system) / KEY_REQUESTS;
  })();
  const keyBytes = Buffer.alloc(16, 7);
  const bare = http
    .createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 16 }).end(keyBytes))
    .listen(0, '127.0.0.1');
  await new Promise((r) => bare.once('listening', r));
  const bareKeys = await keyLoop(`http://127.0.0.1:${(bare.address() as { port: number }).port}/key`, (u) => fetch(u, { headers }));
  bare.close();
  const keysPerSecond = keys.perSecond;

  // 3. First segment: the encrypted path a player walks (playback start, master, variant, key, segment,
  // decrypt) against a plain GET of the same segment in the clear from a static file server.
  const segName = variant.split('\n').find((l: string) => l.endsWith('.ts'))!;
  const firstSegment = Buffer.from(await (await get(new URL(segName, variantUrl).pathname)).arrayBuffer());
  const key = Buffer.from(await (await get(keyUrl)).arrayBuffer());
  const iv = Buffer.from(/IV=0x([0-9a-f]+)/.exec(variant)![1]!, 'hex');
  const d = createDecipheriv('aes-128-cbc', key, iv);
  const clear = Buffer.concat([d.update(firstSegment), d.final()]);
  const raw = http
    .createServer((_req, res) => res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': clear.length }).end(clear))
    .listen(0, '127.0.0.1');
  await new Promise((r) => raw.once('listening', r));
  const rawUrl = `http://127.0.0.1:${(raw.address() as { port: number }).port}/seg-0000.ts`;
  const rawTimes: number[] = [];
  const encTimes: number[] = [];
  for (let i = 0; i < FIRST_SEGMENT_RUNS; i += 1) {
    let s = performance.now();
    await (await fetch(rawUrl)).arrayBuffer();
    rawTimes.push(performance.now() - s);
    s = performance.now();
    const p = await (
      await fetch(`${base}/api/video/lessons/${lesson!.id}/playback`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: `bench-device-${i}` }),
      })
    ).json();
    const m = await (await get(p.playlistUrl)).text();
    const v = new URL(
      m.split('\n').find((l: string) => l.endsWith('.m3u8'))!,
      `${base}${p.playlistUrl}`,
    );
    const list = await (await get(v.pathname)).text();
    const [k, seg] = await Promise.all([
      get(new URL(/URI="([^"]+)"/.exec(list)![1]!, v).pathname).then((r) => r.arrayBuffer()),
      get(
        new URL(
          list.split('\n').find((l: string) => l.endsWith('.ts'))!,
          v,
        ).pathname,
      ).then((r) => r.arrayBuffer()),
    ]);
    const dec = createDecipheriv('aes-128-cbc', Buffer.from(k), Buffer.from(/IV=0x([0-9a-f]+)/.exec(list)![1]!, 'hex'));
    Buffer.concat([dec.update(Buffer.from(seg)), dec.final()]);
    encTimes.push(performance.now() - s);
  }
  raw.close();
  const classStart = await classOf(CLASS_SIZE, { db, config, base, teacherId: teacher!.id, courseId: course!.id, lessonId: lesson!.id });
  server.close();
  await jobs.stop(1_000);
  await database.close();

  const rawMs = median(rawTimes);
  const encMs = median(encTimes);
  const rows = [
    ['transcode speed, ffmpeg only (360p + 720p, one decode, under nice)', `${video.speed}× real time`],
    [
      'transcode speed, end to end (probe, ffmpeg, thumbnail, encrypt, store, keys)',
      `${(SOURCE_SECONDS / endToEndSec).toFixed(2)}× real time (${endToEndSec.toFixed(1)} s for ${SOURCE_SECONDS} s)`,
    ],
    [
      `key endpoint, ${CONCURRENCY} at a time, ${KEY_REQUESTS} requests of one playback session (server and client in one process: one core)`,
      `${keysPerSecond.toFixed(0)} requests/s, ${keys.cpuUs.toFixed(0)} µs of CPU each (client included)`,
    ],
    [
      'the same client loop against bare node:http answering 16 bytes (same run)',
      `${bareKeys.perSecond.toFixed(0)} requests/s, ${bareKeys.cpuUs.toFixed(0)} µs of CPU each; key endpoint ÷ bare: ${(keysPerSecond / bareKeys.perSecond).toFixed(2)}× throughput, ${(keys.cpuUs - bareKeys.cpuUs).toFixed(0)} µs of CPU more per key`,
    ],
    [
      'the key route in process (app.request: no socket, no client), one at a time',
      `${appKeys.perSecond.toFixed(0)} requests/s, ${appKeys.cpuUs.toFixed(0)} µs of CPU each; for scale, one PGlite \`select 1\` costs ${queryUs.toFixed(0)} µs`,
    ],
    ['database statements per key: the first of a playback session / each one after', `${firstKeyStatements} / ${keyStatements.toFixed(2)}`],
    ['first segment raw (plain static GET, median)', `${rawMs.toFixed(1)} ms (${(clear.length / 1024).toFixed(0)} KiB)`],
    ['first segment through the protected path (playback, master, variant, key + segment, decrypt; median)', `${encMs.toFixed(1)} ms`],
    ['ratio protected ÷ raw (goal ≤ 1.3 on a real network; the fixed cost dominates on loopback)', `${(encMs / rawMs).toFixed(1)}`],
    [
      `a class of ${CLASS_SIZE} students starting the lesson within ${CLASS_WINDOW_MS / 1000} s (each: playback, master, variant, key + first segment, decrypt, one heartbeat), first frame p50 / p95 / max`,
      `${classStart.p50.toFixed(0)} / ${classStart.p95.toFixed(0)} / ${classStart.max.toFixed(0)} ms; ${classStart.within} of ${CLASS_SIZE} within 2 s (goal: all); ${classStart.failed} failed`,
    ],
  ];
  const report = `# Video benchmark

Measured on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`node bench/run.mjs video\` (bench/video.bench.ts):
${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), shared with other work; load average (1/5/15 min) ${loadBefore} at start,
${loadAvg()} at the end. Embedded PGlite in memory, ffmpeg ${execFileSync('ffmpeg', ['-version']).toString().split('\n')[0]?.split(' ')[2]},
Node ${process.version}. Source: ${SOURCE_SECONDS} s of 1280x720 at 25 fps (testsrc2 and a tone), H.264 + AAC.

| measure | result |
|---|---|
${rows.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}

Notes:
- The transcode job runs ffmpeg under \`nice -n 10\`, one job at a time per process (\`concurrency: 1\`), so the web
  server keeps its share of the 2 cores; the numbers above are with the machine shared, not idle.
- The key endpoint checks the token's signature, the session cookie (Better Auth), the entitlement (subscription
  and lesson locks, the same rules as the lesson page) and the lease, then unwraps the key (AES-256-GCM).
  The first key of a playback session does all of it; the session's verdict then holds 15 s (decision 151) and each
  further key makes no database round trip: the key row is kept 15 s per lesson, rendition and key (decision 226). The statements counted during the loop also include the job queue's polling
  and the player's heartbeat every 10 s. Before decision 151, the same script counted 29 / 16.2 statements per key;
  between 151 and 226, 16 / 1.25.
- The class of 300 runs its 300 clients in the server's own process (one core for both) and on PGlite: each start
  (playback, the first key's full check, heartbeat) costs tens of statements, so the class is bounded by CPU per
  start, not by the keys that follow.
- On loopback a static segment takes well under a millisecond to a few milliseconds, so the protected path's fixed
  cost (four requests before the segment, each with database reads) dominates the ratio; the absolute time stays
  far under the 2 s goal. On a real connection the segment's transfer time dominates both paths and the ratio
  moves toward 1.
`;
  writeResult('bench/results/video.md', report);
  process.stdout.write(report);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

await main();
