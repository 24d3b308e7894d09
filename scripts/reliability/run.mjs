// `npm run reliability`: the heavy reliability suite of issue 16, outside `npm test`. Builds the server, runs
// R5 (kill -9 during writes), R7 (load spike) and R9 (PostgreSQL restart under load), then the heavier fuzz run
// when its test exists, and writes the figures to bench/results/reliability.md.
// Environment: BUILD_DIR (default dist); R5_RUNS (default 50); R5_DRIVERS, R7_DRIVERS, R9_DRIVERS (both|pglite|
// postgres, default both); R5_POSTGRES (a server for the scratch databases of R5 and R7, default
// postgres://postgres@127.0.0.1:5432); R7_SECONDS (default 30); R9_DOWN_SECONDS (default 5); FUZZ_RUNS (runs per endpoint for tests/integration/fuzz*, default
// 1000); RELIABILITY_ONLY (e.g. "r5,r9"); RELIABILITY_NOTE (a line for the results, e.g. other load on the machine).
// The part "image" builds the container image and starts it (scripts/reliability/image.mjs, its own variables there;
// results in bench/results/image.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, uptime } from './lib.mjs';

const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR || 'dist' };
const only = new Set((process.env.RELIABILITY_ONLY ?? 'r5,r7,r9,fuzz,image').split(','));
const node = fs.existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
const run = (args, extra = {}) => spawnSync(args[0], args.slice(1), { stdio: 'inherit', env: { ...env, ...extra } }).status ?? 1;
const read = (name) => {
  const file = path.join(os.tmpdir(), name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};

const started = new Date();
const loads = [uptime()];
if (run([node, 'scripts/build-server.mjs']) !== 0) process.exit(1);
const status = {};

if (only.has('r5')) {
  fs.rmSync(path.join(os.tmpdir(), 'darsi-r5.json'), { force: true });
  const server = process.env.R5_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
  const db = `darsi_r5_${process.pid}`;
  const drivers = process.env.R5_DRIVERS ?? 'both';
  if (drivers !== 'pglite') run(['psql', `${server}/postgres`, '-qc', `create database ${db}`]);
  status.r5 = run([node, 'scripts/reliability/r5-crash.mjs', process.env.R5_RUNS ?? '50', drivers], { R5_DATABASE_URL: `${server}/${db}` });
  if (drivers !== 'pglite') run(['psql', `${server}/postgres`, '-qc', `drop database if exists ${db} with (force)`]);
  loads.push(uptime());
}
const driversOf = (name) => {
  const value = process.env[name] ?? 'both';
  return value === 'both' ? ['pglite', 'postgres'] : [value];
};
const scratchServer = process.env.R5_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
if (only.has('r7')) {
  status.r7 = 0;
  for (const driver of driversOf('R7_DRIVERS')) {
    fs.rmSync(path.join(os.tmpdir(), `darsi-r7-${driver}.json`), { force: true });
    const db = `darsi_r7_${process.pid}`;
    if (driver === 'postgres') run(['psql', `${scratchServer}/postgres`, '-qc', `create database ${db}`]);
    status.r7 ||= run([node, 'scripts/reliability/r7-spike.mjs', process.env.R7_SECONDS ?? '30', driver], { R7_DATABASE_URL: `${scratchServer}/${db}` });
    if (driver === 'postgres') run(['psql', `${scratchServer}/postgres`, '-qc', `drop database if exists ${db} with (force)`]);
    loads.push(uptime());
  }
}
if (only.has('r9')) {
  status.r9 = 0;
  for (const driver of driversOf('R9_DRIVERS')) {
    fs.rmSync(path.join(os.tmpdir(), `darsi-r9-${driver}.json`), { force: true });
    status.r9 ||= run([node, 'scripts/reliability/r9-pg-restart.mjs', process.env.R9_DOWN_SECONDS ?? '5', driver]);
    loads.push(uptime());
  }
}
// The heavier fuzz run (R8): the fuzz tests read FUZZ_RUNS for their number of runs per endpoint.
const fuzzTests = fs.existsSync('tests/integration') ? fs.readdirSync('tests/integration').filter((f) => /^fuzz.*\.test\.ts$/.test(f)) : [];
if (only.has('fuzz') && fuzzTests.length > 0) {
  status.fuzz = run(['npx', 'vitest', 'run', '--project', 'integration', ...fuzzTests.map((f) => `tests/integration/${f}`)], {
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '1000',
  });
}

// The container image (issue 23): built with podman from a local stand-in base, started, checked over HTTP.
if (only.has('image')) {
  fs.rmSync(path.join(os.tmpdir(), 'darsi-image.json'), { force: true });
  status.image = run([node, 'scripts/reliability/image.mjs']);
}
const image = read('darsi-image.json');

const r5 = read('darsi-r5.json');
const r7 = ['pglite', 'postgres'].flatMap((d) => read(`darsi-r7-${d}.json`) ?? []);
const r9 = ['postgres', 'pglite'].map((d) => read(`darsi-r9-${d}.json`)).filter(Boolean);
// R7: never 5xx, every request sent answered within 10 s (429 counts as answered), recovered, memory back.
const r7Pass = (r) =>
  r.counts['5xx'] === 0 &&
  r.counts.none + r.dropped === 0 &&
  r.recoveredMs !== null &&
  r.alive &&
  r.afterRss <= Math.max(r.baselineRss * 1.25, r.baselineRss + 30);
// R9: Darsi up, health down then up, requests back within 30 s; PostgreSQL: the same process throughout; PGlite
// (a restart of Darsi itself): no request in progress at the stop left without an answer.
const r9Pass = (r) =>
  r.darsiAlive &&
  r.healthWentDown &&
  r.healthUpAfterMs !== null &&
  r.requestsRecoveredAfterMs !== null &&
  r.requestsRecoveredAfterMs <= 30_000 &&
  (r.driver === 'pglite' ? r.cutOff === 0 : r.sameProcess !== false);
// Verdicts from the figures themselves, so that a part run again alone (RELIABILITY_ONLY) keeps the others'.
const pass = {
  r5: r5 && r5.every((r) => r.problems.length === 0 && r.openFailures === 0 && r.runs > 0),
  r7: r7.length > 0 && r7.every(r7Pass),
  r9: r9.length > 0 && r9.every(r9Pass),
};
const verdict = (part) => (pass[part] === null || pass[part] === undefined ? 'not run' : pass[part] ? '**pass**' : '**FAIL**');
const lines = [
  '# Reliability (issues 16 and 23): R5 crash safety, R7 load spike, R9 database restart',
  '',
  `Measured by \`npm run reliability\` on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()}.`,
  `Command environment: R5_RUNS=${process.env.R5_RUNS ?? '50'}, R5_DRIVERS=${process.env.R5_DRIVERS ?? 'both'}, R7_DRIVERS=${process.env.R7_DRIVERS ?? 'both'}, R7_SECONDS=${process.env.R7_SECONDS ?? '30'}, R9_DRIVERS=${process.env.R9_DRIVERS ?? 'both'}, R9_DOWN_SECONDS=${process.env.R9_DOWN_SECONDS ?? '5'}.`,
  `Machine load (\`uptime\`) at the start and after each part: ${loads.join('; ')}.`,
  ...(process.env.RELIABILITY_NOTE ? ['', process.env.RELIABILITY_NOTE] : []),
  '',
  `## R5 — kill -9 during writes: ${verdict('r5')}`,
  '',
  'Four writers (two signing students up and redeeming a 1,000-use code, one adding lessons and editing the course, one',
  'creating file lessons and uploading a PDF) on a new platform each run; `kill -9` of the server after 2–5 s; restart;',
  "every acknowledged write checked through the API (this run and the previous one), and the code's uses compared with",
  'the students enrolled through it.',
  '',
  '| driver | runs | writes acknowledged | lost | half done | failed to open | restart median / max |',
  '|---|---|---|---|---|---|---|',
  ...(r5 ?? []).map(
    (r) =>
      `| ${r.driver} | ${r.runs} | ${r.acked} (${r.totals.redeemed} redemptions, ${r.totals.lessons} lessons, ${r.totals.files} uploads) | ${r.lost} | ${r.partial} | ${r.openFailures} | ${(r.restartMedianMs / 1000).toFixed(1)} s / ${(r.restartMaxMs / 1000).toFixed(1)} s |`,
  ),
  ...(r5 ?? []).flatMap((r) => r.problems.slice(0, 10).map((p) => `- ${r.driver}: ${p}`)),
  '',
  `## R7 — 5× the sustainable rate for ${process.env.R7_SECONDS ?? '30'} s: ${verdict('r7')}`,
  '',
  'Sustainable rate: a closed loop of 8 connections for 8 s. Spike: requests due at 5× that rate (open loop, one',
  'connection per request in flight, at most 8,000; a hard 10 s deadline per request). Recovered: a request answered in under 2 s and `/api/health` ready. Memory: resident size of the',
  'server process. Goal: every request answered within 10 s, served or refused with Retry-After (429, or 503 from the',
  'overload guard, decision 111), never another 5xx.',
  '',
  '| driver | endpoint | sustainable | spike | sent | 2xx | 4xx | 429 | 503 + Retry-After | other 5xx | no answer | p50 / p99 | recovered after | RSS before / peak / after |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...r7.map(
    (r) =>
      `| ${r.driver ?? 'pglite'} | ${r.name} | ${r.sustainedPerS}/s | ${r.spikePerS}/s | ${r.sent} | ${r.counts['2xx']} | ${r.counts['4xx']} | ${r.counts['429']} | ${r.counts['503'] ?? 0} | ${r.counts['5xx']} | ${r.counts.none + r.dropped} | ${r.p50} / ${r.p99} ms | ${r.recoveredMs === null ? 'no' : `${(r.recoveredMs / 1000).toFixed(1)} s`} | ${r.baselineRss} / ${r.peakRss} / ${r.afterRss} MB |`,
  ),
  '',
  `## R9 — database restart under load: ${verdict('r9')}`,
  '',
  "A PostgreSQL cluster of the script's own (initdb in a temporary folder, its own port); four clients reading the",
  "teacher's courses every 50 ms and `/api/health` every 200 ms; PostgreSQL stopped (`pg_ctl stop -m fast`) and started",
  'again after the pause.',
  '',
  "On PGlite the database lives in Darsi's process: its restart is a restart of Darsi (SIGTERM under the same load, wait",
  'for the exit, start again on the same data folder, as `systemctl restart` does); "database down" is then the time the',
  'old process took to stop, and no request in progress at the stop may be left without an answer.',
  '',
  ...(r9.length
    ? [
        '| driver | database down | Darsi | health went down | health up after | requests recovered after | requests cut off |',
        '|---|---|---|---|---|---|---|',
        ...r9.map(
          (r) =>
            `| ${r.driver ?? 'postgres'} | ${(r.postgresDownMs / 1000).toFixed(1)} s | ${!r.darsiAlive ? 'NOT running' : r.sameProcess === false ? 'restarted' : 'same process'} | ${r.healthWentDown ? 'yes' : 'NO'} | ${r.healthUpAfterMs === null ? 'never' : `${(r.healthUpAfterMs / 1000).toFixed(1)} s`} | ${r.requestsRecoveredAfterMs === null ? 'never' : `${(r.requestsRecoveredAfterMs / 1000).toFixed(1)} s`} | ${r.cutOff ?? '—'} |`,
        ),
        '',
        ...r9.map(
          (r) =>
            `Answers by status on ${r.driver ?? 'postgres'} — before: ${JSON.stringify(r.apiBefore)}; while down: ${JSON.stringify(r.apiWhileDown)}; after: ${JSON.stringify(r.apiAfter)}; health while down: ${JSON.stringify(r.healthWhileDown)} (0: no answer).`,
        ),
      ]
    : []),
  '',
  `## Container image built and started: ${image === null ? 'not run' : image.ok ? '**pass**' : '**FAIL**'} (${image?.size ? `${(image.size / 1e9).toFixed(2)} GB; ` : ''}bench/results/image.md)`,
  '',
  `## R8 heavier fuzz run: ${fuzzTests.length ? `${status.fuzz === undefined ? 'not run' : status.fuzz === 0 ? '**pass**' : '**FAIL**'} (${fuzzTests.join(', ')}, FUZZ_RUNS=${process.env.FUZZ_RUNS ?? '1000'})` : 'no tests/integration/fuzz*.test.ts yet'}`,
  '',
];
fs.writeFileSync('bench/results/reliability.md', `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
process.exit(Object.values(status).every((s) => s === 0) ? 0 : 1);
