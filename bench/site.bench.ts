// The public site's first view: Lighthouse (mobile, median of 5), first-load JavaScript and font bytes.
// Run: BUILD_DIR=dist npm run build && BUILD_DIR=dist node bench/run.mjs site
// Writes bench/results/site.md. Uses Debian's Chromium at /usr/bin/chromium (CHROMIUM_PATH to change it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SMOKE, size, writeResult } from './smoke';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const buildDir = process.env.BUILD_DIR ?? 'dist';
const port = Number(process.env.BENCH_PORT ?? 3911);
const origin = `http://localhost:${port}`;
const RUNS = size(5, 1);
const GOALS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
const JS_GOAL_KB = 80;
const FONT_GOAL_KB = 40;

async function startServer() {
  const server = spawn(process.execPath, [`${buildDir}/server/main.mjs`], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_HOST: `localhost:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-site-')),
      WEB_DIST_DIR: `${buildDir}/web`,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
      CODES_SECRET: 'bench-codes-secret-0123456789abcdef0123',
      VIDEO_SECRET: 'bench-video-secret-0123456789abcdef0123',
      PAYMENTS_SECRET: 'bench-video-secret-0123456789abcdef0123',
      PUSH_SECRET: 'bench-push-secret-0123456789abcdef01234',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const lighthouseVersion = (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type TRun = Record<keyof typeof GOALS, number> & { lcp: number; cls: number; tbt: number };

async function lighthouseRuns(): Promise<TRun[]> {
  const runs: TRun[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A fresh browser each time: a cold first visit, as Lighthouse intends.
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      // An Arabic visitor, as most of Darsi's are: / is served in Arabic, right to left.
      const result = await lighthouse(`${origin}/`, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: { 'Accept-Language': 'ar' } });
      if (!result) throw new Error('no Lighthouse result');
      const { categories, audits } = result.lhr;
      const score = (id: keyof typeof GOALS) => Math.round((categories[id]?.score ?? 0) * 100);
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
      });
      const failed = Object.values(categories)
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      console.log(`run ${i + 1}:`, runs.at(-1), failed.length ? `not perfect: ${[...new Set(failed)].join(', ')}` : '');
    } finally {
      await chrome.kill();
    }
  }
  return runs;
}

type TAsset = { url: string; type: string; raw: number; gzip: number };

/** What a first visit to / downloads, in an Arabic mobile-sized window. */
async function firstView(): Promise<TAsset[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, locale: 'ar', deviceScaleFactor: 2 });
  const assets: TAsset[] = [];
  const pending: Array<Promise<void>> = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'font') return;
    pending.push(
      res.body().then((body) => {
        // Fonts are already compressed (woff2): count their bytes as they are.
        assets.push({ url: new URL(res.url()).pathname, type, raw: body.length, gzip: type === 'font' ? body.length : gzipSync(body, { level: 6 }).length });
      }),
    );
  });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return assets;
}

const server = await startServer();
try {
  const assets = await firstView();
  const runs = await lighthouseRuns();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const js = assets.filter((a) => a.type === 'script');
  const fonts = assets.filter((a) => a.type === 'font');
  const jsTotal = js.reduce((s, a) => s + a.gzip, 0);
  const fontTotal = fonts.reduce((s, a) => s + a.raw, 0);
  const arabicFonts = fonts.filter((a) => a.url.includes('arabic')).reduce((s, a) => s + a.raw, 0);
  const medians = Object.fromEntries(
    (['performance', 'accessibility', 'best-practices', 'seo', 'lcp', 'cls', 'tbt'] as const).map((k) => [k, median(runs.map((r) => r[k]))]),
  );
  const ok = (value: number, goal: number, higher = true) => ((higher ? value >= goal : value <= goal) ? '✅' : '❌');

  const report = `# Public site: first view of /

Measured by \`node bench/run.mjs site\` on ${new Date().toISOString().slice(0, 10)} against the production build
(\`NODE_ENV=production\`, embedded database), on this project's 2-core machine, with Debian's Chromium
(${chromePath}). Lighthouse ${lighthouseVersion}, default mobile settings
(emulated Moto G Power, simulated slow 4G and 4× CPU slowdown), page in Arabic; median of ${RUNS} cold runs.

## Lighthouse (median of ${RUNS})

| category | median | goal | runs |
|---|---|---|---|
${(Object.keys(GOALS) as Array<keyof typeof GOALS>).map((k) => `| ${k} | **${medians[k]}** | ≥ ${GOALS[k]} ${ok(medians[k]!, GOALS[k])} | ${runs.map((r) => r[k]).join(', ')} |`).join('\n')}

Largest contentful paint ${(medians.lcp! / 1000).toFixed(2)} s, cumulative layout shift ${medians.cls!.toFixed(3)},
total blocking time ${Math.round(medians.tbt!)} ms (medians).

## First-load JavaScript of / (gzip level 6)

**${kb(jsTotal)} KB** — goal ≤ ${JS_GOAL_KB} KB ${ok(jsTotal / 1024, JS_GOAL_KB, false)}

| script | raw | gzip |
|---|---|---|
${js.map((a) => `| ${a.url} | ${kb(a.raw)} KB | ${kb(a.gzip)} KB |`).join('\n')}

## Font bytes on the first view (Arabic home, 375 px)

**${kb(fontTotal)} KB** in all, of which ${kb(arabicFonts)} KB of Arabic subsets — goal ≤ ${FONT_GOAL_KB} KB ${ok(fontTotal / 1024, FONT_GOAL_KB, false)}

| font | bytes |
|---|---|
${fonts.map((a) => `| ${a.url} | ${kb(a.raw)} KB |`).join('\n')}

The page uses Tajawal 400 and 700 only; each weight comes as an Arabic and a Latin subset (digits and Latin
letters), all self-hosted woff2 files from @fontsource/tajawal.
`;
  writeResult('bench/results/site.md', report);
  console.log(SMOKE ? 'site bench: smoke run passed' : report);
} finally {
  server.kill('SIGTERM');
}
