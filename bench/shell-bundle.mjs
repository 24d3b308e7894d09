// The JavaScript a first visit to the web app's shell (/login) downloads, measured in a real browser, gzip.
// The marketing pages (/) are server-rendered and measured by bench/site.
// Usage: npm run build && node bench/shell-bundle.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const port = Number(process.env.BENCH_PORT ?? 3901);
// BUILD_DIR (default dist) names the build to measure, as for `npm run build`.
const buildDir = process.env.BUILD_DIR ?? 'dist';
const server = spawn(process.execPath, [`${buildDir}/server/main.mjs`], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-b-')),
    WEB_DIST_DIR: `${buildDir}/web`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
for (;;) {
  if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 50));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage();
const scripts = [];
page.on('response', async (res) => {
  if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, body: await res.body() });
});
await page.goto(`http://localhost:${port}/login`, { waitUntil: 'networkidle' });
await browser.close();
server.kill('SIGTERM');

const rows = scripts.map(({ url, body }) => ({ url, raw: body.length, gz: gzipSync(body, { level: 6 }).length }));
const total = rows.reduce((s, r) => s + r.gz, 0);
const entry = rows.find((r) => /\/index-[^/]+\.js$/.test(r.url));
const report = `# Shell bundle: JavaScript loaded by a first visit to /login

Measured by \`node bench/shell-bundle.mjs\` on ${new Date().toISOString().slice(0, 10)} in Chromium (gzip level 6): every script
loaded until the network is idle, without touching the page. /login is the first screen the web app serves
(docs/decisions/005-initial-bundle.md). Goal: ≤ 120 KB gzip. **Total: ${(total / 1024).toFixed(1)} KB gzip**, of which the entry
script (React DOM, React Router, i18next, the route table) is ${entry ? (entry.gz / 1024).toFixed(1) : '?'} KB.

| script | raw | gzip |
|---|---|---|
${rows.map((r) => `| ${r.url} | ${(r.raw / 1024).toFixed(1)} KB | ${(r.gz / 1024).toFixed(1)} KB |`).join('\n')}
`;
fs.writeFileSync('bench/results/shell-bundle.md', report);
console.log(report);
