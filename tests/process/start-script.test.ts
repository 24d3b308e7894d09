import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) in a throwaway copy of Darsi's folder whose "server" only reports the
 * environment it was given and whose "build" only leaves a mark, so that no real build runs.
 */
function install() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-start-'));
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(path.resolve('scripts/start.mjs'), path.join(root, 'scripts', 'start.mjs'));
  fs.writeFileSync(path.join(root, 'scripts', 'build-landing.mjs'), '');
  fs.mkdirSync(path.join(root, 'tests', 'support'), { recursive: true });
  fs.copyFileSync(path.resolve('tests/support/chargily-stand-in.ts'), path.join(root, 'tests', 'support', 'chargily-stand-in.ts'));
  const build = "require('fs').writeFileSync(require('path').join(process.env.BUILD_DIR, 'built'), '')";
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'copy', scripts: { build: `node -e "${build}"` } }));
  fs.mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
  // Two lines: what the demo's card payments were given, then the rest. It exits: the stand-in would keep it alive.
  const report = [
    'console.log(JSON.stringify({ CHARGILY_API_BASE: process.env.CHARGILY_API_BASE, CHARGILY_SECRET_KEY: process.env.CHARGILY_SECRET_KEY }));',
    'console.log(JSON.stringify({ PORT: process.env.PORT, HOST: process.env.HOST, MAIL_FROM: process.env.MAIL_FROM, WEB_DIST_DIR: process.env.WEB_DIST_DIR }));',
    'process.exit(0);',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'dist', 'server', 'main.mjs'), report);
  const stamp = path.join(root, 'dist', '.build-stamp');
  fs.writeFileSync(stamp, '');
  // Every input is older than the stamp.
  const past = new Date(Date.now() - 60_000);
  for (const file of ['scripts/build-landing.mjs', 'package.json']) fs.utimesSync(path.join(root, file), past, past);
  return root;
}

function start(root: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, string | undefined>;
}

describe('npm start', () => {
  it('loads .env from Darsi’s folder, lets the environment win, and serves the current build without rebuilding', () => {
    const root = install();
    fs.writeFileSync(path.join(root, '.env'), 'PORT=4999\nHOST=0.0.0.0\nMAIL_FROM="Darsi <hello@darsi.test>"\n');
    expect(start(root, { HOST: '127.0.0.2' })).toEqual({
      PORT: '4999',
      HOST: '127.0.0.2',
      MAIL_FROM: 'Darsi <hello@darsi.test>',
      WEB_DIST_DIR: path.join(root, 'dist', 'web'),
    });
    expect(fs.existsSync(path.join(root, 'dist', 'built'))).toBe(false);
  });

  it('keeps a successful build quiet, and shows the output of a failed one', () => {
    const root = install();
    const pkg = path.join(root, 'package.json');
    const noisy = (code: number) => JSON.stringify({ name: 'copy', scripts: { build: `node -e "console.log('vite build line'); process.exit(${code})"` } });
    fs.writeFileSync(pkg, noisy(0));
    const ok = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`Darsi on Node ${process.version}`);
    expect(ok.stdout + ok.stderr).not.toContain('vite build line');
    fs.writeFileSync(pkg, noisy(1));
    fs.rmSync(path.join(root, 'dist', '.build-stamp'));
    const failed = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('vite build line');
    expect(failed.stderr).toContain('the build failed');
  });

  it('starts without a .env, and rebuilds when the landing build script changed', () => {
    const root = install();
    fs.utimesSync(path.join(root, 'scripts', 'build-landing.mjs'), new Date(), new Date(Date.now() + 1_000));
    expect(start(root).PORT).toBeUndefined();
    expect(fs.existsSync(path.join(root, 'dist', 'built'))).toBe(true);
  });

  it('runs the Chargily stand-in with the demo data on the embedded database, and never in production or on PostgreSQL', () => {
    const root = install();
    const chargily = (env: Record<string, string>) => {
      const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
        cwd: os.tmpdir(),
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const given = JSON.parse(result.stdout.trim().split('\n').at(-2)!) as { CHARGILY_API_BASE?: string; CHARGILY_SECRET_KEY?: string };
      return { out: result.stdout, ...given };
    };
    // A newcomer's plain `npm start`: a marked test payment page, for course payments and for Darsi's own plans.
    const demo = chargily({});
    expect(demo.CHARGILY_API_BASE).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.CHARGILY_SECRET_KEY).toMatch(/^test_sk_/);
    expect(demo.out).toContain('TEST payment page');
    expect(chargily({ DARSI_DEMO_CHARGILY: '0', SEED_DEMO: 'true', DATABASE_URL: 'postgres://x@127.0.0.1/x' }).CHARGILY_API_BASE).toBeDefined();
    const never: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', DARSI_DEMO_CHARGILY: '0' },
      { DATABASE_URL: 'postgres://x@127.0.0.1/x' },
      { SEED_DEMO: 'false' },
      { DARSI_DEMO_CHARGILY: 'off' },
      { CHARGILY_SECRET_KEY: 'live_sk_real' },
      { CHARGILY_API_BASE: 'https://pay.example.test/api/v2' },
    ];
    for (const env of never) {
      const got = chargily(env);
      expect(got.out, JSON.stringify(env)).not.toContain('stand-in');
      expect(got.CHARGILY_API_BASE).toBe(env.CHARGILY_API_BASE);
    }
  });
});
