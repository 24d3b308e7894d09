// Builds the landing viewer's browser scripts into {build}/web/landing-assets with hashed names:
// landing.{hash}.js (progressive enhancement, every viewer page) and preview.{hash}.js (the editor's
// live preview only). The server reads manifest.json to link them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ENTRIES = { script: 'src/views/landing/client/enhance.ts', preview: 'src/views/landing/client/preview.tsx' };

export async function buildLandingAssets(dir) {
  const out = path.join(dir, 'web', 'landing-assets');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const manifest = {};
  const hashes = [];
  for (const [key, entry] of Object.entries(ENTRIES)) {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      logLevel: 'warning',
    });
    const code = result.outputFiles[0].contents;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
    const name = `${key === 'script' ? 'landing' : 'preview'}.${hash}.js`;
    fs.writeFileSync(path.join(out, name), code);
    manifest[key] = name;
    hashes.push(hash);
  }
  manifest.hash = createHash('sha256').update(hashes.join(':')).digest('hex').slice(0, 12);
  fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
