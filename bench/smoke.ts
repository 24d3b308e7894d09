// Benchmarks also run inside `npm test` as a smoke run (bench/smoke.mjs sets BENCH_SMOKE=1): one tiny iteration
// each, so that a benchmark that no longer runs on main fails the tests instead of being found broken months later.
// Nothing is timed or compared there, and no result file is written.
import fs from 'node:fs';

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full benchmark's size, or the smoke run's. */
export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);

/** Writes a result file, except in the smoke run (its figures mean nothing). */
export function writeResult(file: string, text: string) {
  if (SMOKE) return;
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(file, text);
}
