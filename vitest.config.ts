import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.mjs';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database, so the files share one process and its loaded
          // modules: importing the server anew for each file cost a fifth of the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
