// Bundles the server into {BUILD_DIR}/server/main.mjs; dependencies stay in node_modules.
// BUILD_DIR (default dist) lets parallel work build side by side.
import fs from 'node:fs';
import { build } from 'esbuild';
import { buildLandingAssets } from './build-landing.mjs';

const dir = process.env.BUILD_DIR ?? 'dist';
const outdir = `${dir}/server`;
// Old chunks would pile up under their hashed names.
fs.rmSync(outdir, { recursive: true, force: true });
// Split into chunks: main.mjs imports the rest only once the database has started opening, so that the two
// overlap (src/server/main.ts, docs/decisions/016-fast-start.md). tests/process builds with the same options.
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
// The main-site worker's Workbox routes, appended by the server to /service-worker.js (src/server/site/service-worker.ts).
await build({
  entryPoints: ['src/views/site/client/worker-routes.ts'],
  outfile: `${dir}/web/.vite/site-worker-routes.js`,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
});
// The landing viewer's own small scripts (docs/decisions/020-landing-server-rendering.md).
await buildLandingAssets(dir);
