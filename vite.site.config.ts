import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { aliases } from './aliases.mjs';

/**
 * The public site's own small build: its stylesheet and its progressive-enhancement script, written
 * into the web app's output (after it) with a manifest the server reads (src/server/site/assets.ts).
 * `npm run build` runs it after the web app's build.
 */
export default defineConfig({
  plugins: [tailwindcss()],
  resolve: { alias: aliases },
  publicDir: false,
  build: {
    outDir: 'dist/web',
    emptyOutDir: false,
    manifest: '.vite/site-manifest.json',
    // Written for debugging on the server's disk, never referenced nor served (src/server/static.ts).
    sourcemap: 'hidden',
    target: 'es2022',
    rollupOptions: {
      input: ['src/views/site/client/main.ts', 'src/views/site/site.css'],
    },
  },
});
