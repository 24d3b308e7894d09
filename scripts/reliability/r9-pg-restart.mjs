// R9 PostgreSQL restart under load (issue 16). Starts a PostgreSQL cluster of its own (initdb in a temporary
// folder, another port; never the machine's shared server), runs the built server on it under a steady load of
// database-backed requests, stops PostgreSQL for a few seconds and starts it again. Darsi must stay up (same
// process), `/api/health` must say down and then up, and requests must succeed again within 30 s of PostgreSQL
// being back, without restarting Darsi.
// Usage: node scripts/reliability/r9-pg-restart.mjs [downSeconds=5]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hit } from './load.mjs';
import { setupPlatform, sleep, startServer, stopGracefully, waitHealthy } from './lib.mjs';

const downMs = Number(process.argv[2] ?? 5) * 1000;
const pgPort = Number(process.env.R9_PG_PORT ?? 5499);
const port = Number(process.env.R9_PORT ?? 4393);
const base = `http://127.0.0.1:${port}`;

const binDir = (() => {
  const root = '/usr/lib/postgresql';
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, 'bin');
})();
// initdb refuses to run as root: the cluster belongs to the postgres user then.
const asPostgres = process.getuid?.() === 0;
function pg(tool, args) {
  const bin = path.join(binDir, tool);
  return execFileSync(asPostgres ? 'runuser' : bin, asPostgres ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-r9-pg-'));
if (asPostgres) execFileSync('chown', ['postgres', dir]);
const pgData = path.join(dir, 'data');
pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
const pgCtl = (...args) => pg('pg_ctl', ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-w', ...args]);
pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
pg('psql', ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-c', 'create database darsi']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-r9-data-'));
const child = startServer({ port, dataDir, databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/darsi` });
const samples = []; // { t, kind, status }
let stop = false;
try {
  await waitHealthy(base, 60_000, child);
  const p = await setupPlatform(base);
  const cookie = p.teacher.cookieHeader();
  const t0 = Date.now();
  const load = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const r = await hit(port, { path: '/api/courses/teacher/courses', headers: { host: `127.0.0.1:${port}`, cookie } }, 5_000);
      samples.push({ t: Date.now() - t0, kind: 'api', status: r.status });
      await sleep(50);
    }
  });
  const health = (async () => {
    while (!stop) {
      const r = await hit(port, { path: '/api/health', headers: { host: `127.0.0.1:${port}` } }, 2_000);
      samples.push({ t: Date.now() - t0, kind: 'health', status: r.status });
      await sleep(200);
    }
  })();
  await sleep(5_000);
  const stoppedAt = Date.now() - t0;
  pgCtl('-m', 'fast', 'stop');
  await sleep(downMs);
  pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
  const backAt = Date.now() - t0;
  // Up to 35 s of load after PostgreSQL is back.
  for (let i = 0; i < 70; i += 1) {
    await sleep(500);
    const recent = samples.filter((s) => s.kind === 'api' && s.t > backAt);
    if (recent.length > 40 && recent.slice(-20).every((s) => s.status === 200)) break;
  }
  stop = true;
  await Promise.all([...load, health]);
  const after = (kind) => samples.filter((s) => s.kind === kind && s.t > stoppedAt);
  const firstOk = (kind) => after(kind).find((s) => s.t > backAt && s.status === 200)?.t ?? null;
  const apiOk = firstOk('api');
  const healthOk = firstOk('health');
  const healthDown = after('health').some((s) => s.t < backAt + 500 && s.status !== 200);
  const byStatus = (kind, from, to) =>
    samples.filter((s) => s.kind === kind && s.t >= from && s.t < to).reduce((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
  const alive = (() => {
    try {
      process.kill(child.pid, 0);
      return true;
    } catch {
      return false;
    }
  })();
  const result = {
    postgresDownMs: backAt - stoppedAt,
    darsiAlive: alive,
    healthWentDown: healthDown,
    healthUpAfterMs: healthOk === null ? null : healthOk - backAt,
    requestsRecoveredAfterMs: apiOk === null ? null : apiOk - backAt,
    apiBefore: byStatus('api', 0, stoppedAt),
    apiWhileDown: byStatus('api', stoppedAt, backAt),
    apiAfter: byStatus('api', backAt, Infinity),
    healthWhileDown: byStatus('health', stoppedAt, backAt),
  };
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(os.tmpdir(), 'darsi-r9.json'), JSON.stringify(result, null, 2));
  const ok = alive && healthDown && result.healthUpAfterMs !== null && result.requestsRecoveredAfterMs !== null && result.requestsRecoveredAfterMs <= 30_000;
  process.exitCode = ok ? 0 : 1;
} finally {
  stop = true;
  await stopGracefully(child);
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
