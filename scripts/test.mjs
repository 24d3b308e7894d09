// `npm test`: every check, in order, stopping at the first failure. Ends with a table of each step's
// time, so that the budget (30 minutes for the whole run on 2 cores) stays visible.
import { spawnSync } from 'node:child_process';

const BUDGET_S = 30 * 60;
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
    ({ name, secs, ok }) => `  ${ok ? '✓' : '✗'} ${name.padEnd(width)}  ${secs.toFixed(1).padStart(6)} s  ${((secs / total) * 100).toFixed(0).padStart(3)} %`,
  );
  console.log(
    `\n━━ timings ━━\n${rows.join('\n')}\n    ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(6)} s  (budget ${BUDGET_S} s${total > BUDGET_S ? ', EXCEEDED' : ''})`,
  );
  if (failed) console.log(`steps: ${timings.length - 1} passed, 1 failed`);
}

for (const [name, cmd, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  const secs = (Date.now() - t0) / 1000;
  timings.push({ name, secs, ok: result.status === 0 });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs.toFixed(1)}s`);
    summary(true);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${secs.toFixed(1)}s)`);
}
summary(false);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
