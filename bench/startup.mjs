// Time from `npm start` to the first 200 from /api/health: on an empty data directory (first start:
// creates the database, migrates, seeds) and on an existing one (warm). Assumes a current build, as
// `npm start` builds only when sources changed (BUILD_DIR, default dist, names the build).
// Usage: node bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// BENCH_SMOKE=1 (the smoke run in `npm test`): one first start and one warm start, nothing written.
const SMOKE = process.env.BENCH_SMOKE === '1';
const runs = SMOKE ? 1 : Number(process.argv[2] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3900);

async function timeStart(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  // npm exits before the server has finished shutting down: wait for the whole process group, or the next
  // start would be timed against this server still answering.
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = [];
const warm = [];
const loads = [os.loadavg()[0]];
for (let i = 0; i < runs; i += 1) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-'));
  cold.push(await timeStart(dir));
  // Three warm starts per data directory: the first after creation, then two more.
  for (let w = 0; w < (SMOKE ? 1 : 3); w += 1) warm.push(await timeStart(dir));
  loads.push(os.loadavg()[0]);
  fs.rmSync(dir, { recursive: true, force: true });
}
const fmt = (xs) => xs.map((x) => (x / 1000).toFixed(2)).join(', ');
const report = `# Start-up time

Measured by \`node bench/startup.mjs ${runs}\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}.
From spawning \`npm start\` to the first 200 from \`/api/health\`, build already current. Machine load (1-minute
average) during the runs: ${loads.map((l) => l.toFixed(1)).join(', ')}.

| case | goal | median | runs (s) |
|---|---|---|---|
| first start, empty data directory | < 15 s | ${(median(cold) / 1000).toFixed(2)} s | ${fmt(cold)} |
| warm start, existing data directory | < 3 s | ${(median(warm) / 1000).toFixed(2)} s | ${fmt(warm)} |
`;
if (!SMOKE) fs.writeFileSync('bench/results/startup.md', report);
console.log(SMOKE ? 'startup bench: smoke run passed' : report);
