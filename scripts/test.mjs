// `npm test`: every check, in order, stopping at the first failure. Ends with a table of each step's
// time, so that the budget (30 minutes for the whole run on 2 cores) stays visible.
import { spawn } from 'node:child_process';

const BUDGET_S = 30 * 60;
// The first three run side by side: tsc, ESLint and one Vitest worker are each single-threaded, so together they
// take about as long as the longest of them (lint) on two cores. Their output is printed whole as each ends.
const PARALLEL = new Set(['typecheck', 'lint', 'unit tests']);
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', 'npm', ['run', '--silent', 'test:unit']],
  ['integration tests', 'npm', ['run', '--silent', 'test:int']],
  ['end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']],
  // After the e2e step, which built the production build the page benchmarks load (bench/smoke.mjs).
  ['benchmarks (smoke run)', 'node', ['bench/smoke.mjs']],
];

const started = Date.now();
const timings = [];

function summary(failed) {
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...steps.map(([name]) => name.length));
  const rows = timings.map(
    ({ name, secs, ok }) =>
      `  ${ok ? '✓' : '✗'} ${(PARALLEL.has(name) ? `${name} ‖` : name).padEnd(width + 2)}  ${secs.toFixed(1).padStart(6)} s  ${((secs / total) * 100).toFixed(0).padStart(3)} %`,
  );
  console.log(
    `\n━━ timings (‖: side by side) ━━\n${rows.join('\n')}\n    ${'total'.padEnd(width + 2)}  ${total.toFixed(1).padStart(6)} s  (budget ${BUDGET_S} s${total > BUDGET_S ? ', EXCEEDED' : ''})`,
  );
  const bad = timings.filter(({ ok }) => !ok).length;
  if (failed) console.log(`steps: ${timings.length - bad} passed, ${bad} failed`);
}

/** Runs one step; `buffered` collects its output and prints it whole at the end (for steps side by side). */
function runStep([name, cmd, args], buffered) {
  const t0 = Date.now();
  const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const secs = (Date.now() - t0) / 1000;
      if (buffered) process.stdout.write(`\n━━ ${name} ━━\n${Buffer.concat(chunks).toString()}`);
      timings.push({ name, secs, ok: code === 0 });
      if (code === 0) console.log(`✓ ${name} (${secs.toFixed(1)}s)`);
      else console.error(`\n✗ ${name} failed after ${secs.toFixed(1)}s`);
      resolve(code ?? 1);
    });
  });
}

const first = steps.filter(([name]) => PARALLEL.has(name));
console.log(`\n━━ ${first.map(([name]) => name).join(', ')} (side by side) ━━`);
const firstCodes = await Promise.all(first.map((step) => runStep(step, true)));
const firstFailed = firstCodes.find((code) => code !== 0);
if (firstFailed !== undefined) {
  summary(true);
  process.exit(firstFailed);
}
for (const step of steps.filter(([name]) => !PARALLEL.has(name))) {
  console.log(`\n━━ ${step[0]} ━━`);
  const code = await runStep(step, false);
  if (code !== 0) {
    summary(true);
    process.exit(code);
  }
}
summary(false);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
