import fs from 'node:fs';
import path from 'node:path';
import { appPath } from '@server/core/app-root';

/** Built by scripts/build-server.mjs into {build}/web/landing-assets, with a manifest of hashed names. */
export type TLandingAssets = { script: string; preview: string; swVersion: string; dir: string };

export const ASSETS_PREFIX = '/landing-assets';

export function loadLandingAssets(webDistDir: string): TLandingAssets {
  const dir = path.join(webDistDir, 'landing-assets');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { script: string; preview: string; hash: string };
    return { script: `${ASSETS_PREFIX}/${manifest.script}`, preview: `${ASSETS_PREFIX}/${manifest.preview}`, swVersion: manifest.hash, dir };
  } catch {
    // Not built (integration tests, a fresh checkout): pages still render; their script is missing.
    return { script: `${ASSETS_PREFIX}/landing.js`, preview: `${ASSETS_PREFIX}/preview.js`, swVersion: 'dev', dir };
  }
}

/** Tajawal, self-hosted from @fontsource (never a CDN). */
export function fontFile(name: string): string | null {
  if (!/^tajawal-(arabic|latin)-(400|700)-normal\.woff2$/.test(name)) return null;
  const file = appPath('node_modules/@fontsource/tajawal/files', name);
  return fs.existsSync(file) ? file : null;
}
