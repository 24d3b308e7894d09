import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { aliases } from './aliases.mjs';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      // zod with jitless set, in zod's own chunk (src/web/lib/zod-jitless.ts): not in the entry.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  // 'hidden': maps are written for debugging on the server's disk but not referenced, and the server never serves them.
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/locales/add': 'http://127.0.0.1:3000',
      // The public site is rendered by the server (src/server/site): let it answer in development too.
      '^/(\\?.*)?$': 'http://127.0.0.1:3000',
      '/assets': 'http://127.0.0.1:3000',
      '^/(features|about|contact|success-stories|roadmap|privacy|terms|faq|help|payment|teacher-documentation|documentation|sitemap\\.xml|robots\\.txt|service-worker\\.js|site-forms)([/?].*)?$':
        'http://127.0.0.1:3000',
    },
  },
});
