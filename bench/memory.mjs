// Memory of one Darsi process (issue 29): peak and idle resident memory of the production server on the embedded
// database and on PostgreSQL, first start (migrations) and warm start, with and without the V8 flags `npm start`
// and the Docker image pass (package.json, Dockerfile); and what those flags cost: CPU per /api/health request (one
// database round trip) and the time of a PGlite query workload under --liftoff-only.
// Usage: BUILD_DIR=dist node bench/memory.mjs   (after `npm run build`; PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL names a server). Writes bench/results/memory.md. BENCH_SMOKE=1: one variant, nothing written.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SMOKE = process.env.BENCH_SMOKE === '1';
// The flags `npm start` runs the server with (package.json; the Dockerfile repeats them).
const START_FLAGS = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts.start.split(' ')
  .filter((word) => word.startsWith('--'));
const buildDir = process.env.BUILD_DIR ?? 'dist';
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3921);
const IDLE_MS = SMOKE ? 500 : 15_000;
const REQUESTS = SMOKE ? 5 : 1_000;
const HZ = 100;
// The server refuses an older Node: the Node 24 that `npm install` put in node_modules, as `npm start` runs it.
const NODE = fs.existsSync('node_modules/.bin/node') ? path.resolve('node_modules/.bin/node') : process.execPath;

const ENV = {
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
  CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
  VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
  PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
  WEB_DIST_DIR: `${buildDir}/web`,
  LOG_LEVEL: 'warn',
  PORT: String(port),
  PUBLIC_HOST: `localhost:${port}`,
};

const kb = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const cpuTicks = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

async function untilHealthy(child) {
  for (let i = 0; i < 1_200; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** One start: peak RSS until healthy, RSS after IDLE_MS idle, and CPU per /api/health request. */
async function measure(flags, env) {
  const child = spawn(NODE, [...flags, `${buildDir}/server/main.mjs`], { env: { ...process.env, ...ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await untilHealthy(child);
    const startPeak = kb(child.pid, 'VmHWM');
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = kb(child.pid, 'VmRSS');
    const t0 = cpuTicks(child.pid);
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i += 1) await (await fetch(`http://127.0.0.1:${port}/api/health`)).arrayBuffer();
    const cpuUs = ((cpuTicks(child.pid) - t0) * (1e6 / HZ)) / REQUESTS;
    const rps = REQUESTS / ((performance.now() - started) / 1000);
    return { startPeak, idle, afterLoad: kb(child.pid, 'VmRSS'), peak: kb(child.pid, 'VmHWM'), cpuUs, rps };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** A PGlite workload (inserts, an aggregate, point reads) timed in a fresh process with the given flags. */
function pgliteWork(flags) {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    await db.exec('create table t (id int primary key, g int, s text)');
    const t0 = performance.now();
    await db.exec("insert into t select i, i % 97, md5(i::text) from generate_series(1, ${SMOKE ? 100 : 50_000}) i");
    for (let i = 0; i < ${SMOKE ? 2 : 50}; i += 1) await db.query('select g, count(*), max(s) from t group by g order by 2 desc');
    for (let i = 0; i < ${SMOKE ? 10 : 5_000}; i += 1) await db.query('select s from t where id = $1', [i + 1]);
    console.log(JSON.stringify({ ms: performance.now() - t0, rssMb: process.memoryUsage().rss / 1048576 }));`;
  const out = spawnSync(NODE, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

const loads = [os.loadavg()[0]];
// BENCH_MEM_FLAGS="--a --b" tries other flags in place of npm start's (nothing is written then).
const TRY = process.env.BENCH_MEM_FLAGS?.split(' ').filter(Boolean);
const candidate = (flags) =>
  TRY
    ? [['tried flags', TRY]]
    : SMOKE
      ? [['flags of npm start', flags]]
      : [
          ['no flags', []],
          ['flags of npm start', flags],
        ];
const variants = candidate(START_FLAGS);
const rows = [];
for (const [label, flags] of variants) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-mem-'));
  const first = await measure(flags, { DATA_DIR: dataDir, DATABASE_URL: '' });
  const warm = await measure(flags, { DATA_DIR: dataDir, DATABASE_URL: '' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  rows.push({ db: 'embedded (PGlite)', label, flags, first, warm });
  loads.push(os.loadavg()[0]);
}
if (pgUrl) {
  const pgFlags = candidate(START_FLAGS);
  for (const [label, flags] of pgFlags) {
    const dbName = `darsi_bench_mem_${Date.now()}`;
    spawnSync('psql', [pgUrl, '-qc', `create database ${dbName}`]);
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-mem-'));
    const first = await measure(flags, { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    const warm = await measure(flags, { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    spawnSync('psql', [pgUrl, '-qc', `drop database ${dbName} with (force)`]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    rows.push({ db: 'PostgreSQL', label, flags, first, warm });
    loads.push(os.loadavg()[0]);
  }
}
const wasm =
  SMOKE || TRY
    ? []
    : [
        ['default (TurboFan optimises hot WebAssembly)', []],
        ['--liftoff-only', ['--liftoff-only']],
      ].map(([label, flags]) => ({ label, ...pgliteWork(flags) }));
loads.push(os.loadavg()[0]);

const mb = (k) => `${(k / 1024).toFixed(0)} MB`;
const report = `# Memory of one Darsi process

Measured by \`BUILD_DIR=${buildDir} node bench/memory.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} cores, server on Node ${spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim()},
production build, \`NODE_ENV=production\` (no demo data). The machine was shared with other work: 1-minute load average
${loads.map((l) => l.toFixed(1)).join(', ')} over the run (memory figures do not depend on it; CPU per request does, so
compare the rows of one run only). Resident memory from /proc (VmHWM = peak, VmRSS = now). "First start" is an empty
data directory (PostgreSQL: an empty database): migrations run. "Idle" is ${IDLE_MS / 1000} s after the first 200 from
/api/health. Then ${REQUESTS} sequential /api/health requests (one database round trip each): the server's CPU per request.

| database | V8 flags | first start: peak | first start: idle | warm start: peak | warm start: idle | after ${REQUESTS} requests | CPU per request |
|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.db} | ${r.label}${r.flags.length ? ` (\`${r.flags.join(' ')}\`)` : ''} | ${mb(r.first.peak)} | ${mb(r.first.idle)} | ${mb(r.warm.peak)} | ${mb(r.warm.idle)} | ${mb(r.warm.afterLoad)} | ${r.warm.cpuUs.toFixed(0)} µs |`).join('\n')}

Goals (issue 29): idle ≤ 250 MB on the embedded database, ≤ 150 MB on PostgreSQL; first-start peak ≤ 500 MB.

## What --liftoff-only costs PGlite

A fresh process runs the same PGlite workload (50,000 inserted rows, 50 aggregates over them, 5,000 point reads):

| WebAssembly compiler | time | process RSS at the end |
|---|---|---|
${wasm.map((w) => `| ${w.label} | ${(w.ms / 1000).toFixed(2)} s | ${w.rssMb.toFixed(0)} MB |`).join('\n')}
`;
if (SMOKE) console.log('memory bench: smoke run passed');
else if (TRY) console.log(report.split('\n## ')[0]);
else {
  fs.writeFileSync('bench/results/memory.md', report);
  console.log(report);
}
