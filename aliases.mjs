import { fileURLToPath } from 'node:url';

/** The path aliases of tsconfig.json for Vite and Vitest (esbuild and Playwright read tsconfig.json themselves). */
export const aliases = Object.fromEntries(
  ['shared', 'server', 'web', 'views'].map((layer) => [`@${layer}`, fileURLToPath(new URL(`./src/${layer}`, import.meta.url))]),
);
