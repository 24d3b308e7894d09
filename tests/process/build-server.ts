import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The real entry point, bundled the way `npm start` bundles it (scripts/build-server.mjs): split into chunks. */
export async function buildServer(outDir: string): Promise<string> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { main: 'src/server/main.ts' },
    outdir: outDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'silent',
  });
  return path.join(outDir, 'main.mjs');
}
