// The container image, built and started (issue 23; docs/guides/deploy.md, "How the image is verified").
// Run by `npm run reliability` (RELIABILITY_ONLY=image for this part alone), or `node scripts/reliability/image.mjs`.
//
// 1. Tools: debootstrap and podman from Debian (installed with apt-get when missing; needs root).
// 2. The base: the Dockerfile's `FROM` image cannot be pulled on a machine that reaches only the npm registry and
//    Debian's archive, so a stand-in is made once and cached in podman's storage: a Debian bookworm root
//    (debootstrap, minbase) with the pinned Node 24 from the npm package `node` (the binary in node_modules), npm,
//    and the user `node` (1000:1000), tagged with the Dockerfile's base name. The machine's CA bundle goes into
//    that base's npm configuration, so that `npm ci` inside the build trusts what this machine trusts.
// 3. The build: `podman build --isolation=chroot --network host --pull=never` of the project's Dockerfile.
// 4. The start, twice on a fresh /data each time: as in production (NODE_ENV=production from the image, with the
//    three required secrets) and with the demo data (NODE_ENV=development). Where podman can run a container, the
//    image runs as one; where the machine's limits refuse it (crun cannot set RLIMIT_NOFILE/RLIMIT_NPROC here), the
//    image's own filesystem (`podman image mount`) runs its CMD with its environment, as its user
//    (`chroot --userspec`), in a private mount namespace (`unshare --mount`) where /data and /tmp are bound to scratch
//    folders: those mounts vanish with the process, whatever happens to this script.
// 5. The checks: /api/health/ready, the home page, a demo sign-in, and a PDF of code cards (Chromium in the image).
// 6. bench/results/image.md: date, commands, times, the image's size and what takes the space.
//
// Environment: IMAGE_WORK (default /var/tmp/darsi-image: the debootstrap root, scratch folders; never in the
// repository), IMAGE_TAG (default localhost/darsi:verify), IMAGE_PORT (default 5140), IMAGE_REBUILD_BASE=true
// (make the base again), IMAGE_KEEP=true (keep the built image; by default it is removed, while the base and the
// build's layers stay cached in podman's storage, /var/lib/containers), IMAGE_PRUNE=true (drop those layers too).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = process.cwd();
const WORK = path.resolve(process.env.IMAGE_WORK || '/var/tmp/darsi-image');
const TAG = process.env.IMAGE_TAG || 'localhost/darsi:verify';
const PORT = Number(process.env.IMAGE_PORT || 5140);
const BASE = `127.0.0.1:${PORT}`;
const RESULT = path.join(ROOT, 'bench/results/image.md');
const JSON_OUT = path.join(os.tmpdir(), 'darsi-image.json');
// Version of the stand-in base's recipe: a change to makeBase() bumps it, so that a cached base is made again.
const STANDIN = 2;
const SECRET = 'image-check-secret-0123456789abcdef0123';
/** Every secret the server requires in production, read from its config so that a new one is given here too. */
const PRODUCTION_SECRETS = Object.fromEntries(
  [...fs.readFileSync(path.join(ROOT, 'src/server/core/config.ts'), 'utf8').matchAll(/Invalid environment variable (\w+): required in production/g)].map(
    (m) => [m[1], SECRET],
  ),
);
const DEMO = { teacher: 'teacher@darsi.test', password: 'darsi-demo-2026' };

if (path.relative(ROOT, WORK) === '' || !path.relative(ROOT, WORK).startsWith('..')) throw new Error(`IMAGE_WORK (${WORK}) must be outside the repository`);

const log = (line) => console.log(`[image] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs a command; throws with its output's tail unless `ok` allows the status. */
function sh(cmd, args, { input, ok = [0], quiet = false, env } = {}) {
  const r = spawnSync(cmd, args, {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: env ?? process.env,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (!quiet && r.stdout) process.stdout.write(r.stdout.length > 4000 ? `…${r.stdout.slice(-4000)}` : r.stdout);
  if (!ok.includes(r.status ?? -1)) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.stderr || r.stdout || '').slice(-3000)}`);
  return r;
}
/** Runs a long command with its output streamed to a log file (and its tail shown on failure). */
function longRun(cmd, args, logFile) {
  const fd = fs.openSync(logFile, 'w');
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', fd, fd], cwd: ROOT });
  fs.closeSync(fd);
  if (r.status !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').slice(-4000);
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')}… exited ${r.status} (log ${logFile}):\n${tail}`);
  }
  return Date.now() - started;
}
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function ensureTools() {
  const missing = [
    ['debootstrap', 'debootstrap'],
    ['podman', 'podman'],
    ['unshare', 'util-linux'],
    ['chroot', 'coreutils'],
  ].filter(([c]) => !has(c));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`missing ${missing.map(([c]) => c).join(', ')}: install them (apt-get install -y ${missing.map(([, p]) => p).join(' ')}) or run as root`);
  log(`installing ${missing.map(([, p]) => p).join(' ')} with apt-get`);
  sh('apt-get', ['update', '-qq'], { quiet: true });
  sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...new Set(missing.map(([, p]) => p)), 'fuse-overlayfs', 'uidmap'], {
    quiet: true,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const imageExists = (name) => sh('podman', ['image', 'exists', name], { ok: [0, 1], quiet: true }).status === 0;
const nodeVersion = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/node/package.json'), 'utf8')).version;

/** The Dockerfile's base image (every stage's FROM that is not another stage). */
function baseImage() {
  const froms = [...fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)];
  const stages = new Set(froms.map((m) => m[2]).filter(Boolean));
  const bases = [...new Set(froms.map((m) => m[1]).filter((b) => !stages.has(b)))];
  if (bases.length !== 1) throw new Error(`expected one base image in the Dockerfile, found ${bases.join(', ')}`);
  return bases[0];
}

/** Inside a private mount namespace: /proc, /dev and the given binds, then the command; all gone when it exits. */
function nsScript(root, binds, command) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  return [
    'set -e',
    `mount -t proc proc ${q(`${root}/proc`)}`,
    `mount --rbind /dev ${q(`${root}/dev`)}`,
    ...binds.map(([from, to]) => `mkdir -p ${q(`${root}${to}`)} 2>/dev/null || true; mount --bind ${q(from)} ${q(`${root}${to}`)}`),
    command,
  ].join('\n');
}

/** Makes the stand-in base: debootstrap root + Node 24 from node_modules + npm + user node + the machine's CA. */
function makeBase(name) {
  const rootfs = path.join(WORK, 'rootfs');
  fs.rmSync(rootfs, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  const started = Date.now();
  log(`debootstrap bookworm into ${rootfs}`);
  longRun('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian'], path.join(WORK, 'debootstrap.log'));
  // Security and point updates, as in Debian's own images.
  fs.writeFileSync(
    path.join(rootfs, 'etc/apt/sources.list'),
    [
      'deb http://deb.debian.org/debian bookworm main',
      'deb http://deb.debian.org/debian bookworm-updates main',
      'deb http://deb.debian.org/debian-security bookworm-security main',
      '',
    ].join('\n'),
  );
  // What makes Debian's images "slim" and keeps apt's downloads out of layers (as in debian:bookworm-slim, which the
  // official node image starts from): without it, every .deb chromium and ffmpeg bring stays in the image.
  fs.writeFileSync(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'),
    [
      '/usr/share/doc/*',
      '/usr/share/groff/*',
      '/usr/share/info/*',
      '/usr/share/linda/*',
      '/usr/share/lintian/overrides/*',
      '/usr/share/locale/*',
      '/usr/share/man/*',
    ]
      .map((p) => `path-exclude ${p}`)
      .concat(['path-include /usr/share/doc/*/copyright', 'path-include /usr/share/locale/locale.alias', ''])
      .join('\n'),
  );
  const clean = '"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"';
  fs.writeFileSync(
    path.join(rootfs, 'etc/apt/apt.conf.d/docker-clean'),
    `DPkg::Post-Invoke { ${clean}; };\nAPT::Update::Post-Invoke { ${clean}; };\nDir::Cache::pkgcache "";\nDir::Cache::srcpkgcache "";\n`,
  );
  fs.writeFileSync(path.join(rootfs, 'etc/apt/apt.conf.d/docker-no-languages'), 'Acquire::Languages "none";\n');
  for (const dir of ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale']) {
    for (const f of fs.readdirSync(path.join(rootfs, dir)))
      if (!(dir === 'usr/share/doc' || f === 'locale.alias')) fs.rmSync(path.join(rootfs, dir, f), { recursive: true, force: true });
  }
  // Node: the binary the npm package `node` installed for this project (decision 053), same version as `npm start`.
  const nodeBin = path.join(ROOT, 'node_modules/node/bin/node');
  if (!fs.existsSync(nodeBin)) throw new Error('node_modules/node/bin/node is missing: run npm install first');
  fs.copyFileSync(nodeBin, path.join(rootfs, 'usr/local/bin/node'));
  fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
  // npm: the registry's tarball of the npm this machine runs (the version the project is tested with).
  const npmVersion = sh('npm', ['--version'], { quiet: true }).stdout.trim();
  const packDir = fs.mkdtempSync(path.join(WORK, 'npm-pack-'));
  sh('npm', ['pack', `npm@${npmVersion}`, '--pack-destination', packDir, '--silent'], { quiet: true });
  const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
  fs.mkdirSync(npmDir, { recursive: true });
  sh('tar', ['-xzf', path.join(packDir, `npm-${npmVersion}.tgz`), '-C', npmDir, '--strip-components=1']);
  fs.rmSync(packDir, { recursive: true, force: true });
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
  // The machine's CA bundle for npm inside the build (this machine reaches the registry through its own CA).
  const caDir = path.join(rootfs, 'usr/local/share/darsi-build');
  fs.mkdirSync(caDir, { recursive: true });
  fs.copyFileSync(
    process.env.NODE_EXTRA_CA_CERTS && fs.existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : '/etc/ssl/certs/ca-certificates.crt',
    path.join(caDir, 'ca.crt'),
  );
  fs.mkdirSync(path.join(rootfs, 'usr/local/etc'), { recursive: true });
  fs.writeFileSync(path.join(rootfs, 'usr/local/etc/npmrc'), 'cafile=/usr/local/share/darsi-build/ca.crt\nupdate-notifier=false\n');
  // The user of the official image: node, 1000:1000, home /home/node.
  sh('chroot', [rootfs, 'sh', '-c', 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node']);
  sh('chroot', [rootfs, 'node', '--version']);
  // Only what Debian's slim images keep.
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    for (const f of fs.readdirSync(path.join(rootfs, dir)))
      if (f !== 'partial' && f !== 'lock') fs.rmSync(path.join(rootfs, dir, f), { recursive: true, force: true });
  }
  log(`importing the root as ${name}`);
  const tar = spawnSync(
    'sh',
    [
      '-c',
      `tar --numeric-owner -C '${rootfs}' -c . | podman import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'ENV NODE_VERSION=${nodeVersion()}' --change 'ENV DARSI_STANDIN_BASE=${STANDIN}' - ${name}`,
    ],
    { stdio: 'inherit' },
  );
  if (tar.status !== 0) throw new Error('podman import failed');
  const ms = Date.now() - started;
  fs.rmSync(rootfs, { recursive: true, force: true });
  return ms;
}

function imageConfig(name) {
  const [info] = JSON.parse(sh('podman', ['image', 'inspect', name], { quiet: true }).stdout);
  const cfg = info.Config ?? {};
  return {
    size: info.Size,
    env: cfg.Env ?? [],
    cmd: cfg.Cmd ?? [],
    entrypoint: cfg.Entrypoint ?? [],
    user: cfg.User || 'root',
    workdir: cfg.WorkingDir || '/',
    layers: info.RootFS?.Layers?.length ?? 0,
  };
}

/** Can this machine run a container at all? (Its limits refuse crun's setrlimit here.) */
function canRunContainers(name) {
  const r = sh('podman', ['run', '--rm', '--network', 'host', '--entrypoint', 'true', name], { ok: [0, 1, 125, 126, 127], quiet: true });
  return { ok: r.status === 0, why: (r.stderr || '').trim().split('\n').pop() };
}

/** Starts the image, as a container or from its mounted filesystem; returns { stop, logFile, how }. */
function startImage({ name, cfg, mode, mounted, env, runContainers }) {
  const data = fs.mkdtempSync(path.join(WORK, `data-${mode}-`));
  const tmp = fs.mkdtempSync(path.join(WORK, `tmp-${mode}-`));
  const [uid, gid] = cfg.user === 'node' ? [1000, 1000] : cfg.user.split(':').map(Number);
  fs.chownSync(data, uid, gid ?? uid);
  fs.chmodSync(tmp, 0o1777);
  const logFile = path.join(WORK, `run-${mode}.log`);
  const out = fs.openSync(logFile, 'w');
  let child;
  let how;
  if (runContainers) {
    how = `podman run --network host -v ${data}:/data ${name}`;
    child = spawn(
      'podman',
      [
        'run',
        '--rm',
        '--name',
        `darsi-verify-${mode}`,
        '--network',
        'host',
        '-v',
        `${data}:/data`,
        '-v',
        `${tmp}:/tmp`,
        ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        name,
      ],
      { stdio: ['ignore', out, out] },
    );
  } else {
    const imageEnv = Object.fromEntries(cfg.env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
    const all = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', ...imageEnv, HOME: '/home/node', ...env };
    const argv = [...cfg.entrypoint, ...cfg.cmd];
    const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
    const command = `exec chroot --userspec=${uid}:${gid ?? uid} ${q(mounted)} env -i ${Object.entries(all)
      .map(([k, v]) => q(`${k}=${v}`))
      .join(' ')} sh -c ${q(`cd ${cfg.workdir} && exec ${argv.map(q).join(' ')}`)}`;
    how = `podman image mount ${name}; unshare --mount --propagation private: /data and /tmp bound to scratch folders, then chroot --userspec=${uid}:${gid ?? uid} <mount> ${argv.join(' ')} (the image's CMD, environment and working directory)`;
    child = spawn(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        '--fork',
        'sh',
        '-c',
        nsScript(
          mounted,
          [
            [data, '/data'],
            [tmp, '/tmp'],
          ],
          command,
        ),
      ],
      { stdio: ['ignore', out, out], detached: true },
    );
  }
  fs.closeSync(out);
  const stop = async () => {
    if (runContainers) sh('podman', ['stop', '-t', '10', `darsi-verify-${mode}`], { ok: [0, 125], quiet: true });
    else {
      const signal = (sig) => {
        try {
          process.kill(-child.pid, sig);
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i += 1) await sleep(100);
      signal('SIGKILL');
    }
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i += 1) await sleep(100);
    // The namespace (and every mount in it) is gone with its last process; the folders are plain folders now.
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { child, stop, logFile, how };
}

async function waitReady(child, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const r = await fetch(`http://${BASE}/api/health/ready`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
    if (r?.status === 200) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

function cookieJar() {
  const jar = new Map();
  return {
    async req(method, url, body) {
      const res = await fetch(`http://${BASE}${url}`, {
        method,
        headers: {
          origin: `http://${BASE}`,
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(';')[0];
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return res;
    },
  };
}

/** The checks of one start; returns lines for the results. Throws on the first failure. */
async function check(mode) {
  const lines = [];
  const ready = await fetch(`http://${BASE}/api/health/ready`);
  if (ready.status !== 200) throw new Error(`/api/health/ready answered ${ready.status}`);
  lines.push(`\`GET /api/health/ready\` → ${ready.status} ${(await ready.text()).slice(0, 120)}`);
  const home = await fetch(`http://${BASE}/`);
  const html = await home.text();
  if (home.status !== 200 || !/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/.test(html))
    throw new Error(`GET / answered ${home.status} without an Arabic page: ${html.slice(0, 200)}`);
  lines.push(`\`GET /\` → ${home.status}, an Arabic right-to-left page (${html.length} bytes)`);
  const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1];
  if (asset) {
    const a = await fetch(`http://${BASE}${asset}`);
    if (a.status !== 200) throw new Error(`GET ${asset} answered ${a.status}`);
    lines.push(`\`GET ${asset}\` → ${a.status}`);
  }
  if (mode !== 'demo') return lines;
  const b = cookieJar();
  const login = await b.req('POST', '/api/accounts/login', { email: DEMO.teacher, password: DEMO.password });
  const body = await login.text();
  if (login.status !== 200) throw new Error(`demo sign-in answered ${login.status}: ${body.slice(0, 300)}`);
  const session = await b.req('GET', '/api/accounts/session');
  const who = await session.text();
  if (session.status !== 200 || !who.includes(DEMO.teacher)) throw new Error(`session after sign-in: ${session.status} ${who.slice(0, 300)}`);
  lines.push(
    `demo sign-in \`POST /api/accounts/login\` (${DEMO.teacher}) → ${login.status} ${body.slice(0, 80)}; \`GET /api/accounts/session\` names the teacher`,
  );
  // Chromium inside the image: the demo teacher's first batch of code cards printed as PDF (a job, decision 056).
  const batches = await (await b.req('GET', '/api/codes/teacher/batches')).json();
  const list = Array.isArray(batches) ? batches : (batches.items ?? batches.batches ?? []);
  if (!list[0]?.id) throw new Error(`no demo batch to print: ${JSON.stringify(batches).slice(0, 200)}`);
  const started = Date.now();
  const start = await b.req('POST', `/api/codes/teacher/batches/${list[0].id}/export/pdf`);
  if (start.status !== 202) throw new Error(`PDF export answered ${start.status}: ${(await start.text()).slice(0, 300)}`);
  let status = '';
  while (Date.now() - started < 120_000) {
    status = (await (await b.req('GET', `/api/codes/teacher/batches/${list[0].id}/export/pdf`)).json()).export?.status ?? '';
    if (status === 'ready' || status === 'failed') break;
    await sleep(500);
  }
  if (status !== 'ready') throw new Error(`PDF export ended ${status || 'unfinished'}`);
  const pdf = Buffer.from(await (await b.req('GET', `/api/codes/teacher/batches/${list[0].id}/export/pdf/file`)).arrayBuffer());
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the code cards are not a PDF');
  lines.push(`code cards printed by the image's Chromium: a ${Math.round(pdf.length / 1024)} KB PDF in ${seconds(Date.now() - started)}`);
  return lines;
}

/** Debian packages of a mounted image: name → { mb, deps } from dpkg's status file. */
function dpkgStatus(root) {
  const pkgs = new Map();
  for (const block of fs.readFileSync(path.join(root, 'var/lib/dpkg/status'), 'utf8').split(/\n\n+/)) {
    const field = (f) => new RegExp(`^${f}: (.*)$`, 'm').exec(block)?.[1] ?? '';
    if (!/install ok installed/.test(field('Status'))) continue;
    const deps = `${field('Pre-Depends')}, ${field('Depends')}`
      .split(',')
      .map((d) =>
        d
          .split('|')
          .map((a) => a.trim().split(/[\s:(]/)[0])
          .filter(Boolean),
      )
      .filter((alts) => alts.length > 0);
    pkgs.set(field('Package'), {
      mb: Number(field('Installed-Size')) / 1024,
      deps,
      provides: field('Provides')
        .split(',')
        .map((x) => x.trim().split(/[\s(]/)[0])
        .filter(Boolean),
    });
  }
  return pkgs;
}

/** Megabytes the image's Debian packages add over its base, split into Chromium only, ffmpeg only, both, other. */
function debianSplit(mounted, baseRoot) {
  const all = dpkgStatus(mounted);
  const base = new Set(dpkgStatus(baseRoot).keys());
  const provider = new Map();
  for (const [name, p] of all) for (const v of [name, ...p.provides]) if (!provider.has(v)) provider.set(v, name);
  const closure = (root) => {
    const seen = new Set();
    const stack = [root];
    while (stack.length) {
      const name = stack.pop();
      if (seen.has(name) || !all.has(name)) continue;
      seen.add(name);
      for (const alts of all.get(name).deps) {
        const hit = alts.map((a) => provider.get(a)).find(Boolean);
        if (hit) stack.push(hit);
      }
    }
    return new Set([...seen].filter((n) => !base.has(n)));
  };
  const chromium = closure('chromium');
  const ffmpeg = closure('ffmpeg');
  const sum = (names) => Math.round([...names].reduce((s, n) => s + (all.get(n)?.mb ?? 0), 0));
  const added = [...all.keys()].filter((n) => !base.has(n));
  return {
    added: sum(added),
    chromiumOnly: sum([...chromium].filter((n) => !ffmpeg.has(n))),
    ffmpegOnly: sum([...ffmpeg].filter((n) => !chromium.has(n))),
    shared: sum([...chromium].filter((n) => ffmpeg.has(n))),
    other: sum(added.filter((n) => !chromium.has(n) && !ffmpeg.has(n))),
    counts: { added: added.length, chromium: chromium.size, ffmpeg: ffmpeg.size },
  };
}

/** What takes the space: sizes inside the mounted image. */
function spaceReport(mounted, baseName, baseRoot) {
  const du = (p) => {
    const full = path.join(mounted, p);
    if (!fs.existsSync(full)) return 0;
    return Number(sh('du', ['-sm', full], { quiet: true }).stdout.split('\t')[0]);
  };
  const total = du('.');
  const pkgs = new Map(
    sh('chroot', [mounted, 'dpkg-query', '-W', '-f', '${Package}\t${Installed-Size}\n'], { quiet: true })
      .stdout.trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .map(([p, kb]) => [p.replace(/:.*$/, ''), Number(kb) / 1024]),
  );
  const top = [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 8);
  const modules = path.join(mounted, 'app/node_modules');
  const entries = fs.existsSync(modules)
    ? fs.readdirSync(modules).flatMap((n) => (n.startsWith('@') ? fs.readdirSync(path.join(modules, n)).map((m) => `${n}/${m}`) : n.startsWith('.') ? [] : [n]))
    : [];
  const moduleSizes = entries.map((n) => [n, du(`app/node_modules/${n}`)]).sort((a, b) => b[1] - a[1]);
  return {
    total,
    debian: debianSplit(mounted, baseRoot),
    base: du('usr/local/bin/node'),
    chromium: du('usr/lib/chromium'),
    nodeModules: du('app/node_modules'),
    dist: du('app/dist'),
    content: du('app/content') + du('app/public'),
    topPackages: top,
    topModules: moduleSizes.slice(0, 8),
    baseName,
  };
}

async function main() {
  const results = { date: new Date().toISOString(), steps: [], ok: false };
  const started = Date.now();
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => log(`cleanup: ${e.message}`));
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => cleanup().finally(() => process.exit(130)));
  try {
    ensureTools();
    const base = baseImage();
    const baseName = base.includes('/') ? base : `docker.io/library/${base}`;
    const want = nodeVersion();
    const cached =
      imageExists(baseName) &&
      imageConfig(baseName).env.includes(`NODE_VERSION=${want}`) &&
      imageConfig(baseName).env.includes(`DARSI_STANDIN_BASE=${STANDIN}`);
    if (!cached || process.env.IMAGE_REBUILD_BASE === 'true') results.baseMs = makeBase(baseName);
    else log(`base ${baseName} (Node ${want}) is cached in podman's storage`);
    results.base = `${baseName} (stand-in: Debian bookworm minbase + Node ${want} from the npm package \`node\`)`;

    log(`podman build -t ${TAG} (log in ${WORK}/build.log)`);
    const buildArgs = ['build', '--isolation=chroot', '--network', 'host', '--pull=never', '--format', 'docker', '-t', TAG, '-f', 'Dockerfile', '.'];
    results.buildCommand = `podman ${buildArgs.join(' ')}`;
    results.buildMs = longRun('podman', buildArgs, path.join(WORK, 'build.log'));
    cleanups.push(async () => {
      // The build's layers stay in podman's storage as the next run's cache (IMAGE_PRUNE=true drops them).
      if (process.env.IMAGE_KEEP !== 'true') sh('podman', ['rmi', '-f', TAG], { ok: [0, 1, 2, 125], quiet: true });
      if (process.env.IMAGE_PRUNE === 'true') sh('podman', ['image', 'prune', '-f'], { ok: [0, 125], quiet: true });
    });
    const cfg = imageConfig(TAG);
    results.size = cfg.size;
    results.cmd = [...cfg.entrypoint, ...cfg.cmd].join(' ');
    results.user = cfg.user;
    log(`image ${TAG}: ${(cfg.size / 1e6).toFixed(0)} MB, user ${cfg.user}, CMD ${results.cmd}`);

    const mounted = sh('podman', ['image', 'mount', TAG], { quiet: true }).stdout.trim();
    cleanups.push(async () => sh('podman', ['image', 'unmount', TAG], { ok: [0, 125], quiet: true }));
    const baseRoot = sh('podman', ['image', 'mount', baseName], { quiet: true }).stdout.trim();
    cleanups.push(async () => sh('podman', ['image', 'unmount', baseName], { ok: [0, 125], quiet: true }));
    results.space = spaceReport(mounted, baseName, baseRoot);

    const engine = canRunContainers(TAG);
    results.container = engine;
    log(
      engine.ok
        ? 'podman runs containers here: the image runs as a container'
        : `podman cannot run a container here (${engine.why}): running the image's filesystem under chroot`,
    );
    const starts = [
      ['production', { NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_HOST: BASE, ...PRODUCTION_SECRETS, LOG_LEVEL: 'warn' }],
      ['demo', { NODE_ENV: 'development', SEED_DEMO: 'true', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_HOST: BASE, LOG_LEVEL: 'warn' }],
    ];
    for (const [mode, env] of starts) {
      log(`start (${mode})`);
      const run = startImage({ name: TAG, cfg, mode, mounted, env, runContainers: engine.ok });
      cleanups.push(run.stop);
      try {
        const readyMs = await waitReady(run.child);
        const lines = await check(mode);
        results.steps.push({ mode, how: run.how, readyMs, lines });
        log(`${mode}: ready in ${seconds(readyMs)}; ${lines.join('; ')}`);
      } catch (e) {
        const tail = fs.existsSync(run.logFile) ? fs.readFileSync(run.logFile, 'utf8').slice(-2000) : '';
        throw new Error(`${mode} start: ${e.message}\n--- server output ---\n${tail}`, { cause: e });
      } finally {
        await cleanups.pop()();
      }
    }
    results.ok = true;
  } catch (e) {
    results.error = e.message;
    console.error(`[image] FAILED: ${e.message}`);
  } finally {
    await cleanup();
  }
  results.totalMs = Date.now() - started;
  fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
  fs.writeFileSync(RESULT, report(results));
  log(`results in ${path.relative(ROOT, RESULT)}`);
  process.exit(results.ok ? 0 : 1);
}

function report(r) {
  const mb = (n) => `${Math.round(n)} MB`;
  const s = r.space;
  return [
    '# The container image, built and started (issue 23)',
    '',
    `Measured by \`scripts/reliability/image.mjs\` (the part \`image\` of \`npm run reliability\`; alone:`,
    `\`RELIABILITY_ONLY=image npm run reliability\`) on ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} at the end.`,
    '',
    `Result: ${r.ok ? '**pass**' : `**FAIL**: ${String(r.error).split('\n')[0]}`}`,
    '',
    '| step | time |',
    '|---|---|',
    `| base ${r.base ?? ''} | ${r.baseMs ? seconds(r.baseMs) : 'cached'} |`,
    `| \`${r.buildCommand ?? 'podman build'}\` | ${r.buildMs ? seconds(r.buildMs) : '—'} |`,
    ...r.steps.map((x) => `| start (${x.mode}) until \`/api/health/ready\` answers 200 | ${seconds(x.readyMs)} |`),
    `| whole run | ${seconds(r.totalMs)} |`,
    '',
    ...(r.size
      ? [
          `Image: **${(r.size / 1e9).toFixed(2)} GB** (${Math.round(r.size / 1e6)} MB as \`podman image inspect\` counts it), user \`${r.user}\`, \`CMD ${r.cmd}\`.`,
          '',
        ]
      : []),
    ...(r.container
      ? [
          `How it ran: ${r.container.ok ? 'as a container (`podman run`)' : `from its own filesystem, not as a container: \`podman run\` is refused on this machine (${r.container.why})`}.`,
          '',
        ]
      : []),
    ...r.steps.flatMap((x) => [
      `### Start ${x.mode === 'production' ? 'as in production (`NODE_ENV=production` from the image, the secrets it requires given, fresh /data)' : 'with the demo data (`NODE_ENV=development`, fresh /data)'}`,
      '',
      `- ${x.how}`,
      ...x.lines.map((l) => `- ${l}`),
      '',
    ]),
    ...(s
      ? [
          '### What takes the space (inside the image)',
          '',
          '| part | size |',
          '|---|---|',
          `| whole filesystem (\`du\`) | ${mb(s.total)} |`,
          `| Chromium's own folder \`/usr/lib/chromium\` | ${mb(s.chromium)} |`,
          `| \`/app/node_modules\` (production packages) | ${mb(s.nodeModules)} |`,
          `| Node (\`/usr/local/bin/node\`) | ${mb(s.base)} |`,
          `| \`/app/dist\` (web app and server bundle) | ${mb(s.dist)} |`,
          `| \`/app/content\` + \`/app/public\` | ${mb(s.content)} |`,
          '',
          `Debian packages added over the base: ${mb(s.debian.added)} (${s.debian.counts.added} packages, \`Installed-Size\`): Chromium and what only it needs ${mb(s.debian.chromiumOnly)}, ffmpeg and what only it needs ${mb(s.debian.ffmpegOnly)}, needed by both ${mb(s.debian.shared)}, the rest (tar, ca-certificates…) ${mb(s.debian.other)}.`,
          '',
          `Largest Debian packages: ${s.topPackages.map(([p, m]) => `${p} ${mb(m)}`).join(', ')}.`,
          '',
          `Largest packages in node_modules: ${s.topModules.map(([p, m]) => `${p} ${mb(m)}`).join(', ')}.`,
          '',
        ]
      : []),
  ].join('\n');
}

await main();
