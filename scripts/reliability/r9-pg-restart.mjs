// R9 database restart under load (issues 16 and 23).
// postgres: starts a PostgreSQL cluster of its own (initdb in a temporary folder, another port; never the
// machine's shared server), runs the built server on it under a steady load of database-backed requests, stops
// PostgreSQL for a few seconds and starts it again. Darsi must stay up (same process), `/api/health` must say down
// and then up, and requests must succeed again within 30 s of PostgreSQL being back, without restarting Darsi.
// pglite: the embedded database lives in Darsi's process, so restarting it is restarting Darsi (what `systemctl
// restart` or a deploy does): SIGTERM under the same load, wait for the process to exit, start it again on the same
// data folder. Every request in progress when the stop began must get its answer (graceful shutdown), `/api/health`
// must come back, and requests must succeed again within 30 s of the new start.
// Usage: node scripts/reliability/r9-pg-restart.mjs [downSeconds=5] [postgres|pglite=postgres]
//   Results: {tmpdir}/darsi-r9-{driver}.json
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hit } from './load.mjs';
import { setupPlatform, sleep, startServer, stopGracefully, waitHealthy } from './lib.mjs';

const downMs = Number(process.argv[2] ?? 5) * 1000;
const driver = process.argv[3] === 'pglite' ? 'pglite' : 'postgres';
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
  return execFileSync(asPostgres ? 'runuser' : bin, asPostgres ? ['-u', 'postgres', '--', bin, ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-r9-pg-'));
const pgData = path.join(dir, 'data');
const pgCtl = (...args) => pg('pg_ctl', ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-w', ...args]);
if (driver === 'postgres') {
  if (asPostgres) execFileSync('chown', ['postgres', dir]);
  pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
  pg('psql', ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-c', 'create database darsi']);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-r9-data-'));
const databaseUrl = driver === 'postgres' ? `postgres://postgres@127.0.0.1:${pgPort}/darsi` : undefined;
let child = startServer({ port, dataDir, databaseUrl });
const firstPid = child.pid;
const samples = []; // { sent, t, kind, status }: sent and answered, in ms from t0
let stop = false;
try {
  // A first start on PGlite creates and migrates its folder: minutes on a busy machine.
  await waitHealthy(base, 180_000, child);
  const p = await setupPlatform(base);
  const cookie = p.teacher.cookieHeader();
  const t0 = Date.now();
  const load = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const sent = Date.now() - t0;
      const r = await hit(port, { path: '/api/courses/teacher/courses', headers: { host: `127.0.0.1:${port}`, cookie } }, 5_000);
      samples.push({ sent, t: Date.now() - t0, kind: 'api', status: r.status });
      await sleep(50);
    }
  });
  const health = (async () => {
    while (!stop) {
      const sent = Date.now() - t0;
      const r = await hit(port, { path: '/api/health', headers: { host: `127.0.0.1:${port}` } }, 2_000);
      samples.push({ sent, t: Date.now() - t0, kind: 'health', status: r.status });
      await sleep(200);
    }
  })();
  await sleep(5_000);
  const stoppedAt = Date.now() - t0;
  if (driver === 'postgres') {
    pgCtl('-m', 'fast', 'stop');
    await sleep(downMs);
    pgCtl('-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
  } else {
    // As systemd's restart: stop (SIGTERM, in-flight requests finish), wait for the exit, start again.
    await stopGracefully(child);
    child = startServer({ port, dataDir, databaseUrl });
  }
  const backAt = Date.now() - t0;
  // Up to 60 s of load after the database is back (a restarted Darsi on PGlite opens its folder first).
  for (let i = 0; i < 120; i += 1) {
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
  // Requests already in progress when the stop began that never got an answer (a cut connection).
  const cutOff = samples.filter((x) => x.kind === 'api' && x.sent < stoppedAt && x.t > stoppedAt && x.status === 0).length;
  const result = {
    driver,
    postgresDownMs: backAt - stoppedAt,
    darsiAlive: alive,
    sameProcess: child.pid === firstPid,
    cutOff,
    healthWentDown: healthDown,
    healthUpAfterMs: healthOk === null ? null : healthOk - backAt,
    requestsRecoveredAfterMs: apiOk === null ? null : apiOk - backAt,
    apiBefore: byStatus('api', 0, stoppedAt),
    apiWhileDown: byStatus('api', stoppedAt, backAt),
    apiAfter: byStatus('api', backAt, Infinity),
    healthWhileDown: byStatus('health', stoppedAt, backAt),
  };
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(os.tmpdir(), `darsi-r9-${driver}.json`), JSON.stringify(result, null, 2));
  const ok =
    alive &&
    healthDown &&
    result.healthUpAfterMs !== null &&
    result.requestsRecoveredAfterMs !== null &&
    result.requestsRecoveredAfterMs <= 30_000 &&
    (driver === 'postgres' ? result.sameProcess : cutOff === 0);
  process.exitCode = ok ? 0 : 1;
} finally {
  stop = true;
  await stopGracefully(child);
  try {
    if (driver === 'postgres') pgCtl('-m', 'immediate', 'stop');
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
