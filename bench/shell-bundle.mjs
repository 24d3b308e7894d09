// The JavaScript a first visit to the web app downloads, measured in a real browser, gzip: /login, the teacher's
// dashboard and the student's dashboard (issue 29: ≤ 120 KB on /login, ≤ 150 KB on the dashboards). The marketing
// pages (/) are server-rendered and measured by bench/site.
// Usage: npm run build && node bench/shell-bundle.mjs
// Fails (exit 1) when a screen loads more than its goal, and, in the smoke run of `npm test` too, when it loads
// more than its ceiling: the figure last committed in bench/results/shell-bundle.md plus 3 KB, so that no change
// grows the shell unnoticed while a goal is not met yet.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const port = Number(process.env.BENCH_PORT ?? 3901);
const origin = `http://localhost:${port}`;
// BUILD_DIR (default dist) names the build to measure, as for `npm run build`.
const buildDir = process.env.BUILD_DIR ?? 'dist';
const RESULT = 'bench/results/shell-bundle.md';
const SMOKE = process.env.BENCH_SMOKE === '1';
// docs/decisions/005-initial-bundle.md and issue 29.
const SCREENS = [
  { name: 'login', path: '/login', goalKb: 120, as: null },
  { name: 'teacher dashboard', path: '/dashboard', goalKb: 150, as: 'teacher' },
  { name: 'student dashboard', path: '/student/dashboard', goalKb: 150, as: 'student' },
];
const MARGIN_KB = 3;
// The test-only session endpoint (decision 134) exists under NODE_ENV=test with this key only.
const SESSIONS_KEY = 'bench-sessions-key-0123456789abcdef0123456789';

/** The figures of the last committed result: `| login | 118.2 KB |` rows of its summary table. */
function committedKb() {
  const figures = new Map();
  if (!fs.existsSync(RESULT)) return figures;
  for (const m of fs.readFileSync(RESULT, 'utf8').matchAll(/^\| (login|teacher dashboard|student dashboard) \| [^|]+ \| ([\d.]+) KB \|/gm))
    figures.set(m[1], Number(m[2]));
  return figures;
}

// The Node 24 that `npm install` put in node_modules, as `npm start` runs it: the server refuses an older one.
const NODE = fs.existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
const server = spawn(NODE, [`${buildDir}/server/main.mjs`], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_HOST: `localhost:${port}`,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-b-')),
    WEB_DIST_DIR: `${buildDir}/web`,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    E2E_SESSIONS_KEY: SESSIONS_KEY,
    BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser;
try {
  for (const started = Date.now(); ;) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 180_000) throw new Error('the server did not start within 180 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  // A teacher and a student of hers, signed up through the real registration API.
  const suffix = Date.now().toString(36);
  const teacher = { name: 'أستاذة', email: `bench-t-${suffix}@example.test`, subdomain: `bench${suffix}`, password: 'Bench-password-1234' };
  const student = { name: 'طالبة', email: `bench-s-${suffix}@example.test`, password: 'Bench-password-1234', platform: teacher.subdomain };
  for (const [kind, data] of [
    ['teacher', teacher],
    ['student', student],
  ]) {
    const res = await fetch(`${origin}/api/accounts/register/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(data),
    });
    if (res.status !== 201) throw new Error(`registering the ${kind}: ${res.status} ${await res.text()}`);
  }
  const emails = { teacher: teacher.email, student: student.email };

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const measured = [];
  for (const screen of SCREENS) {
    // A new context each time: a first visit, nothing cached.
    const context = await browser.newContext();
    if (screen.as) {
      const res = await context.request.post(`${origin}/api/auth/test/session`, {
        data: { email: emails[screen.as] },
        headers: { origin, 'x-e2e-sessions-key': SESSIONS_KEY },
      });
      if (!res.ok()) throw new Error(`session for the ${screen.as}: ${res.status()} ${await res.text()}`);
    }
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, body: await res.body() });
    });
    await page.goto(`${origin}${screen.path}`, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (landed !== screen.path) throw new Error(`${screen.path} ended on ${landed}: the screen was not measured`);
    await context.close();
    const rows = scripts.map(({ url, body }) => ({ url, raw: body.length, gz: gzipSync(body, { level: 6 }).length }));
    measured.push({ ...screen, rows, totalKb: rows.reduce((s, r) => s + r.gz, 0) / 1024, rawKb: rows.reduce((s, r) => s + r.raw, 0) / 1024 });
  }

  const before = committedKb();
  const verdicts = measured.map((m) => {
    const ceiling = before.has(m.name) ? before.get(m.name) + MARGIN_KB : Infinity;
    return { ...m, ceiling, overGoal: m.totalKb > m.goalKb, overCeiling: m.totalKb > ceiling };
  });
  const kb = (x) => `${x.toFixed(1)} KB`;
  const report = `# Shell bundle: JavaScript loaded by a first visit to the web app

Measured by \`npm run build && node bench/shell-bundle.mjs\` on ${new Date().toISOString().slice(0, 10)} (load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}) in Chromium, gzip level 6: every script loaded until the network is idle, without touching the page,
in a fresh browser context per screen (nothing cached). The dashboards are opened with a teacher and a student signed up
through the registration API and signed in by the test-only session endpoint (decision 134). Goals: issue 29 and
docs/decisions/005-initial-bundle.md. The bench fails when a screen is past its goal, and, in the smoke run of
\`npm test\` as well, when it is past its ceiling (this file's figure + ${MARGIN_KB} KB).

| screen | path | gzip | goal | raw |
|---|---|---|---|---|
${verdicts.map((v) => `| ${v.name} | ${v.path} | ${kb(v.totalKb)} | ≤ ${v.goalKb} KB: ${v.overGoal ? '**not met**' : 'met'} | ${kb(v.rawKb)} |`).join('\n')}

${verdicts
  .map(
    (v) => `## ${v.name} (${v.path}): ${kb(v.totalKb)} gzip

| script | raw | gzip |
|---|---|---|
${[...v.rows]
  .sort((a, b) => b.gz - a.gz)
  .map((r) => `| ${r.url} | ${kb(r.raw / 1024)} | ${kb(r.gz / 1024)} |`)
  .join('\n')}
`,
  )
  .join('\n')}`;
  const summary = verdicts
    .map((v) => `${v.name} ${kb(v.totalKb)} (goal ${v.goalKb} KB, ceiling ${Number.isFinite(v.ceiling) ? kb(v.ceiling) : 'none'})`)
    .join('; ');
  const overCeiling = verdicts.filter((v) => v.overCeiling);
  const overGoal = verdicts.filter((v) => v.overGoal);
  if (SMOKE) {
    console.log(`shell-bundle bench, smoke run: ${summary}`);
  } else {
    fs.writeFileSync(RESULT, report);
    console.log(report);
  }
  for (const v of overCeiling)
    console.error(`\n✗ ${v.path} loads ${kb(v.totalKb)} gzip of JavaScript, past its ceiling of ${kb(v.ceiling)} (committed figure + ${MARGIN_KB} KB)`);
  if (!SMOKE) for (const v of overGoal) console.error(`\n✗ ${v.path} loads ${kb(v.totalKb)} gzip of JavaScript, past the ${v.goalKb} KB goal`);
  process.exitCode = overCeiling.length || (!SMOKE && overGoal.length) ? 1 : 0;
} finally {
  await browser?.close();
  server.kill('SIGTERM');
}
