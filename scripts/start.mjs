// `npm start`: load .env if there is one, build what is missing or out of date, then run the server in
// this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Everything the build reads: a change to any of these makes the next start rebuild.
const INPUTS = [
  'src',
  'public',
  'drizzle',
  'index.html',
  'vite.config.ts',
  'vite.site.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/build-landing.mjs',
];

// Node 20's --env-file fails when the file is missing, and the file is optional. loadEnvFile keeps
// variables already set in the environment, so `PORT=4000 npm start` still wins over .env.
const envFile = path.join(ROOT, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

// BUILD_DIR (default dist) lets parallel work keep separate builds; the server then serves that build's web app.
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || 'dist');
process.env.WEB_DIST_DIR ||= path.join(BUILD_DIR, 'web');
const STAMP = path.join(BUILD_DIR, '.build-stamp');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

// Darsi runs on the Node that `npm install` pinned (docs/decisions/053-node-24.md); the server refuses an older one.
console.log(`Darsi on Node ${process.version}`);

// The build's own output (about 150 lines) helps nobody on a first start: it is shown only when the build fails,
// or when asked for with DARSI_VERBOSE_BUILD=true.
const verbose = process.env.DARSI_VERBOSE_BUILD === 'true';
const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
if (INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built)) {
  console.log('Building Darsi (about a minute the first time)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error('Darsi cannot start: the build failed (its output is above).');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(STAMP, new Date().toISOString());
}

// Demo card payments (docs/decisions/089, amended by 118): with the demo data on the embedded database, `npm start`
// also starts the local Chargily stand-in, a page marked in large letters as a test payment page where no card is
// charged, and points Darsi at it, for course payments (the demo teacher's test key) and for Darsi's own plans (a
// test key for the billing page). DARSI_DEMO_CHARGILY=<port> chooses its port (any free one otherwise), =off turns it
// off. Never in production, never over a real CHARGILY_API_BASE.
const env = process.env;
const demoData = env.NODE_ENV !== 'production' && (env.SEED_DEMO === 'true' || (!env.DATABASE_URL && env.SEED_DEMO !== 'false'));
const demoChargily = (env.DARSI_DEMO_CHARGILY ?? '').trim();
const wanted = demoChargily === 'off' || demoChargily === 'false' ? false : demoData || demoChargily !== '';
// A live key of Darsi's own account means real Chargily is wanted: the stand-in would swallow it.
const liveKey = (env.CHARGILY_SECRET_KEY ?? '').startsWith('live_');
if (wanted && env.NODE_ENV !== 'production' && !env.CHARGILY_API_BASE && !liveKey) {
  const { startChargilyStandIn } = await import(pathToFileURL(path.join(ROOT, 'tests', 'support', 'chargily-stand-in.ts')).href);
  const standIn = await startChargilyStandIn({ port: Number(demoChargily) || 0 });
  env.CHARGILY_API_BASE = standIn.url;
  // Darsi's own plans are paid on Darsi's Chargily account: in the demo, a test key only the stand-in accepts.
  env.CHARGILY_SECRET_KEY ||= 'test_sk_darsiDemoPlansStandIn2026';
  console.log(`Demo card payments: the Chargily stand-in (a TEST payment page, no real money) is on ${standIn.url}`);
}

await import(pathToFileURL(path.join(BUILD_DIR, 'server', 'main.mjs')).href);
