// Bundles a TypeScript benchmark (bench/<name>.bench.ts) with esbuild and runs it.
// Usage: node bench/run.mjs <name>
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const name = process.argv[2];
if (!name) {
  console.error('usage: node bench/run.mjs <name>');
  process.exit(2);
}
const outfile = `dist/bench/${name}.mjs`;
await build({ entryPoints: [`bench/${name}.bench.ts`], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
const result = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(result.status ?? 1);
