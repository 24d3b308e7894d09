import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_SESSIONS_KEY } from './e2e/support/sessions';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BUILD_DIR = process.env.BUILD_DIR ?? 'dist';
// The Chargily Pay stand-in (tests/support/chargily-stand-in.ts): card payments go to its API and hosted page.
const CHARGILY_PORT = Number(process.env.E2E_CHARGILY_PORT ?? PORT + 100);
// Each run starts on an empty embedded database, exactly like a newcomer's first `npm start`.
// Set once in the runner's process so that its workers (which re-read this file) share it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
  // A lazy screen on a loaded two-core CI machine (two browsers, the server, a PDF printer) took over 5 s to show
  // its heading a few times: waiting 10 s for what must appear keeps such runs from failing on the machine's load.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ar',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node_modules/.bin/node tests/support/chargily-stand-in.ts --port ${CHARGILY_PORT}`,
      url: `http://127.0.0.1:${CHARGILY_PORT}/balance`,
      // Unauthenticated, /balance answers 401, which Playwright takes as "up".
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${BUILD_DIR}/server/main.mjs`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      // A first start migrates a new embedded database; on a loaded two-core machine that took over 100 s.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_HOST: `localhost:${PORT}`,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: `${BUILD_DIR}/web`,
        // Each test poses as its own client IP (e2e/support/fixtures.ts), so per-IP limits do not collide.
        TRUST_PROXY: 'true',
        BETTER_AUTH_SECRET: 'e2e-secret-0123456789abcdef0123456789',
        DATABASE_URL: '',
        NODE_ENV: 'test',
        // Tests open sessions without the login form (e2e/support/sessions.ts, decision 134).
        E2E_SESSIONS_KEY,
        LOG_LEVEL: 'warn',
        // Live sessions embedded with a (stand-in) Jitsi: e2e/live serves a fake external_api.js for this host.
        JITSI_DOMAIN: 'meet.darsi.test',
        JITSI_APP_ID: 'darsi-e2e',
        JITSI_APP_SECRET: 'e2e-jitsi-secret-0123456789abcdef0123',
        // Darsi's own Chargily account, on the stand-in.
        CHARGILY_SECRET_KEY: 'test_sk_darsi_e2e_0123456789',
        CHARGILY_API_BASE: `http://127.0.0.1:${CHARGILY_PORT}`,
        BILLING_TRANSFER_HOLDER: 'SARL Darsi',
        BILLING_CCP_ACCOUNT: '0012345678 clé 90',
      },
    },
  ],
});
