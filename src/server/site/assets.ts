import fs from 'node:fs';
import path from 'node:path';
import type { TLanguage } from '@shared/i18n';
import type { TSiteAssets } from '@views/site/context';

/** Written by `vite build -c vite.site.config.ts` next to the web app. */
export const SITE_MANIFEST = '.vite/site-manifest.json';
/** The worker's Workbox routes, bundled by scripts/build-server.mjs (not served on their own). */
export const SITE_WORKER_ROUTES = '.vite/site-worker-routes.js';
const ENTRY_SCRIPT = 'src/views/site/client/main.ts';
const ENTRY_STYLE = 'src/views/site/site.css';

type TManifestEntry = { file: string; css?: string[]; assets?: string[] };

export type TSiteBuild = {
  /** Changes with every build of the site assets; the service worker carries it. */
  version: string;
  assetsFor: (lng: TLanguage) => TSiteAssets;
  /** Everything the offline worker keeps in its cache on install. */
  precache: string[];
  /** When the site was built (the manifest's time): the pages' last modification, for the sitemap. */
  builtAt: Date;
};

/** Without a build, the pages are as new as this process. */
const STARTED_AT = new Date();

/**
 * Fonts preloaded per language: the subsets the first screen is drawn with. Arriving with the
 * stylesheet, they paint the first frame in Tajawal, so the text does not reflow when they load
 * (Lighthouse measured a 0.14 layout shift without them).
 */
const PRELOAD = {
  ar: /tajawal-(arabic-(400|700)|latin-400)-normal-.*\.woff2$/,
  en: /tajawal-latin-(400|700)-normal-.*\.woff2$/,
  fr: /tajawal-latin-(400|700)-normal-.*\.woff2$/,
} as const;

export function loadSiteBuild(webDistDir: string): TSiteBuild {
  const file = path.join(webDistDir, SITE_MANIFEST);
  if (!fs.existsSync(file)) {
    // Tests and a server started before the build: pages still render, unstyled.
    return { version: 'unbuilt', assetsFor: () => ({ css: [], script: null, fonts: [] }), precache: [], builtAt: STARTED_AT };
  }
  const raw = fs.readFileSync(file, 'utf8');
  const manifest = JSON.parse(raw) as Record<string, TManifestEntry>;
  const script = manifest[ENTRY_SCRIPT];
  const style = manifest[ENTRY_STYLE];
  const css = [...(style ? [style.file] : []), ...(script?.css ?? [])].map((f) => `/${f}`);
  const fonts = Object.values(manifest)
    .flatMap((e) => [e.file, ...(e.assets ?? [])])
    .filter((f) => f.endsWith('.woff2'))
    .map((f) => `/${f}`);
  const unique = [...new Set(fonts)];
  const version = String(raw.length) + '-' + hash(raw);
  return {
    version,
    assetsFor: (lng) => ({ css, script: script ? `/${script.file}` : null, fonts: unique.filter((f) => PRELOAD[lng].test(f)) }),
    precache: [...css, ...(script ? [`/${script.file}`] : []), ...unique.filter((f) => /tajawal-(arabic|latin)-(400|700)/.test(f))],
    builtAt: fs.statSync(file).mtime,
  };
}

/** A short, stable fingerprint (FNV-1a); it only has to change when the manifest does. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
