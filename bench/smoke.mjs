// The smoke run of every benchmark, one tiny iteration each (BENCH_SMOKE=1; see bench/smoke.ts), as a step of
// `npm test`: a benchmark that stops running on main fails the tests. Nothing is timed (the shell-bundle bench alone
// checks its ceilings, which are byte counts, not times) and no result
// file is written. The benchmarks that need PostgreSQL run when TEST_DATABASE_URL or DATABASE_URL names a
// server (as the integration tests do); those that load the production build run after `npm run build`.
// Usage: node bench/smoke.mjs [name…]
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
// The Node 24 that `npm install` put in node_modules, as `npm start` runs it: the server refuses an older one.
const NODE = fs.existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
const buildDir = process.env.BUILD_DIR ?? 'dist';
const built = fs.existsSync(`${buildDir}/server/main.mjs`);
// [name, command, needs]: needs 'postgres' or 'build' say what must exist for the bench to run.
const BENCHES = [
  // The longest first, so that the others run beside it.
  ['landing', ['bench/run.mjs', 'landing'], 'build'],
  ['cards', ['bench/run.mjs', 'cards'], null],
  // courses: its seeding sends jobs, which start pg-boss; the bench now stops each job queue before its database
  // goes (pg-boss's timers kept the process alive after the report, so the smoke run never ended). Without a
  // PostgreSQL server it runs its PGlite half.
  ['courses', ['bench/run.mjs', 'courses'], null],
  ['auth', ['bench/run.mjs', 'auth'], 'postgres'],
  ['admin', ['bench/run.mjs', 'admin'], 'postgres'],
  ['broadcast', ['bench/run.mjs', 'broadcast'], 'postgres'],
  ['sse', ['bench/run.mjs', 'sse'], 'postgres'],
  ['quiz-submit', ['bench/run.mjs', 'quiz-submit'], 'postgres'],
  ['analytics', ['bench/run.mjs', 'analytics'], 'postgres'],
  ['students-list', ['bench/run.mjs', 'students-list'], 'postgres'],
  ['video', ['bench/run.mjs', 'video'], null],
  ['video-renditions', ['bench/run.mjs', 'video-renditions'], null],
  ['site', ['bench/run.mjs', 'site'], 'build'],
  ['shell-bundle', ['bench/shell-bundle.mjs'], 'build'],
  // Alone, before the others: `npm start` rebuilds the server when the build has no stamp of its own (the e2e
  // step's `npm run build` leaves none), replacing the chunks a bench beside it would be loading.
  ['startup', ['bench/startup.mjs'], 'build', 'alone'],
  ['memory', ['bench/memory.mjs'], 'build'],
];
// The landing bench starts six servers (decision 220) and took 100 s of its smoke run on a quiet machine: 240 s leaves room for CI.
const TIMEOUT_MS = 240_000;

/**
 * Runs one bench in a process group of its own (detached), and on timeout kills the whole group: a bench is
 * `bench/run.mjs`, which runs the bundled bench as its child, and that child starts servers and browsers of its
 * own. Killing only the direct child (what spawnSync's timeout does) left them running as orphans.
 */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(NODE, args, { env: { ...process.env, BENCH_SMOKE: '1' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    let timedOut = false;
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5_000).unref();
    }, TIMEOUT_MS);
    child.on('exit', (status, signal) => {
      clearTimeout(timer);
      // Whatever the bench leaves behind when it ends (a server it did not stop) goes with its group.
      killGroup('SIGKILL');
      resolve({ status, signal, timedOut });
    });
  });
}

const only = process.argv.slice(2);
// Two benches at a time (BENCH_SMOKE_JOBS): each smoke run is one small process, mostly waiting on its database or
// on the servers it starts, so two side by side take little longer than one and the step takes about half as long.
// Their ports and databases are their own (each PostgreSQL bench creates a database of its own), and nothing is timed.
const JOBS = Math.max(1, Number(process.env.BENCH_SMOKE_JOBS ?? 2));
const rows = new Array(BENCHES.length).fill(null);
let failed = 0;
const chosen = BENCHES.map((bench, i) => [i, ...bench]).filter(([, name]) => !only.length || only.includes(name));
const queue = [];
async function worker() {
  for (let item = queue.shift(); item; item = queue.shift()) {
    const [i, name, args, needs] = item;
    if ((needs === 'postgres' && !pgUrl) || (needs === 'build' && !built)) {
      rows[i] = `  - ${name.padEnd(13)} not run: ${needs === 'postgres' ? 'no TEST_DATABASE_URL or DATABASE_URL' : `no build in ${buildDir}/`}`;
      continue;
    }
    const t0 = Date.now();
    const result = await run(args);
    const ok = result.status === 0;
    if (!ok) failed += 1;
    const why = result.timedOut ? `timed out after ${TIMEOUT_MS / 1000} s` : `exit ${result.status ?? result.signal}`;
    rows[i] =
      `  ${ok ? '✓' : '✗'} ${name.padEnd(13)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s${ok ? '' : `  FAILED (${why}): run BENCH_SMOKE=1 node ${args.join(' ')}`}`;
  }
}
queue.push(...chosen.filter((bench) => bench[4] === 'alone'));
await worker();
queue.push(...chosen.filter((bench) => bench[4] !== 'alone'));
await Promise.all(Array.from({ length: JOBS }, worker));
console.log(`benchmarks, smoke run (${JOBS} at a time):\n${rows.filter(Boolean).join('\n')}`);
process.exit(failed ? 1 : 0);
