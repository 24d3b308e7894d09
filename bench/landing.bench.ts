// Teacher landing pages: server throughput and latency against raw node:http, page-script size, Lighthouse.
// Run: BUILD_DIR=dist npm run build && BUILD_DIR=dist node bench/run.mjs landing
// Writes bench/results/landing.md. Protocol in that file; the servers run pinned to CPU 0 and the load
// generator to CPU 1 (taskset), alternating baseline (A) and candidate (B) runs as A-B-B-A.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'esbuild';
import lighthouse from 'lighthouse';
import { SMOKE, size, writeResult } from './smoke';

const buildDir = process.env.BUILD_DIR ?? 'dist';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DURATION_MS = size(Number(process.env.BENCH_DURATION_MS ?? 4_000), 200);
const CONNECTIONS = 32;
const BLOCKS = size(Number(process.env.BENCH_BLOCKS ?? 3), 1);
// The smoke run leaves Lighthouse to bench/site, which drives it the same way.
const RUNS = size(Number(process.env.LIGHTHOUSE_RUNS ?? 5), 0);
const GOALS = { cached: 0.95, nginx: 0.9, missCpuMs: 1, stampedeP99: 50, p99: 1.5, jsKb: 30, performance: 95, lcpMs: 1_800, cls: 0.05, accessibility: 95 };

// The bench's own bundles go beside the build they measure (several builds may live side by side).
const benchDir = `${buildDir}/bench`;
fs.mkdirSync(benchDir, { recursive: true });
for (const name of ['landing-server', 'landing-load']) {
  await build({
    entryPoints: [`bench/${name}.ts`],
    outfile: `${benchDir}/${name}.mjs`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    jsx: 'automatic',
  });
}

type TLoad = { rps: number; p50: number; p99: number; completed: number; total: number; bytes: number; errors: number; backlog: number; cpuUs: number };

const NGINX = '/usr/sbin/nginx';
const withNginx = fs.existsSync(NGINX);
const TEACHERS = size(Number(process.env.BENCH_TEACHERS ?? 1_000), 20);
const STAMPEDE = size(1_000, 50);

function startServer(mode: string, port: number, extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn('taskset', ['-c', '0', process.execPath, `${benchDir}/landing-server.mjs`], {
    env: { ...process.env, NODE_ENV: 'production', MODE: mode, PORT: String(port), WEB_DIST_DIR: `${buildDir}/web`, ...extra },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/** The in-process breakdown of a cache miss (MODE=breakdown), pinned to the servers' CPU. */
function missBreakdown(): Promise<Record<string, number>> {
  const child = spawn('taskset', ['-c', '0', process.execPath, `${benchDir}/landing-server.mjs`], {
    env: { ...process.env, NODE_ENV: 'production', MODE: 'breakdown', PORT: '3955', WEB_DIST_DIR: `${buildDir}/web` },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<string, number>));
    child.once('exit', (code) => reject(new Error(`breakdown exited with ${code}`)));
  });
}

/** The names of Better Auth's AsyncLocalStorage instances an app server has created so far. */
function storages(child: ChildProcess) {
  return new Promise<string[]>((resolve) => {
    child.once('message', (message) => resolve((message as { storages: string[] }).storages));
    child.send('storages');
  });
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** CPU time (user + system, clock ticks of 10 ms) a process and its children (nginx's worker) have used so far. */
function cpuTicks(pid: number): number {
  const own = (p: number) => {
    const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // No children file: the process alone.
  }
  return own(pid) + children.reduce((sum, child) => sum + own(child), 0);
}

/** One run of the load generator against `port`; `pid` is the server whose CPU time per request is reported. */
function load(port: number, pid: number, hosts: string[], options: { rate?: number; stampede?: string; connections?: number } = {}): TLoad {
  const before = cpuTicks(pid);
  const out = spawnSync('taskset', ['-c', '1', process.execPath, `${benchDir}/landing-load.mjs`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOSTS: hosts.join(','),
      CONNECTIONS: String(options.connections ?? CONNECTIONS),
      DURATION_MS: String(DURATION_MS),
      ...(SMOKE ? { WARMUP_MS: '100' } : {}),
      ...(options.rate ? { RATE: String(Math.round(options.rate)) } : {}),
      ...(options.stampede ? { STAMPEDE_URL: options.stampede } : {}),
    },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (out.status !== 0) throw new Error(out.stderr);
  const result = JSON.parse(out.stdout) as Omit<TLoad, 'cpuUs'>;
  return { ...result, cpuUs: ((cpuTicks(pid) - before) * 10_000) / Math.max(1, result.total) };
}

function get(port: number, host: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host, 'user-agent': 'darsi-bench', accept: 'text/html' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A-B-B-A: each side is measured twice, once early and once late, so slow drift cancels out. */
function abba(a: () => TLoad, b: () => TLoad) {
  const runs = [a(), b(), b(), a()];
  return { a: [runs[0]!, runs[3]!], b: [runs[1]!, runs[2]!] };
}
const mean = (xs: TLoad[], key: 'rps' | 'p99' | 'cpuUs') => xs.reduce((sum, x) => sum + x[key], 0) / xs.length;
const medianOf = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * Several A-B-B-A blocks; the result is the median of the blocks' ratios, so one block disturbed by other
 * work on this shared machine does not decide it. `cpu` is A's CPU per request over B's (1 = as cheap as A).
 */
function blocks(count: number, a: () => TLoad, b: () => TLoad, key: 'rps' | 'p99') {
  const all = Array.from({ length: count }, () => abba(a, b));
  const ratios = all.map((block) => mean(block.b, key) / mean(block.a, key));
  const cpuRatios = all.map((block) => mean(block.a, 'cpuUs') / mean(block.b, 'cpuUs'));
  const cpuA = medianOf(all.flatMap((block) => block.a.map((r) => r.cpuUs)));
  const cpuB = medianOf(all.flatMap((block) => block.b.map((r) => r.cpuUs)));
  return { all, ratios, ratio: medianOf(ratios), cpu: medianOf(cpuRatios), cpuA, cpuB };
}
type TBlocks = ReturnType<typeof blocks>;

const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
const loads: string[] = [];
const noteLoad = (what: string) => loads.push(`${what}: ${os.loadavg()[0]!.toFixed(2)}`);
const APP_PORT = 3951;
const MISS_PORT = 3952;
const BASE_PORT = 3953;
const NO_LOGIN_PORT = 3956;
const MANY_PORT = 3957;
const CONTROL_PORT = 3958;
const FILES_PORT = 3959;
const NGINX_STATIC_PORT = 3960;
const NGINX_FRONT_PORT = 3961;
const host = (port: number) => `bench.localhost:${port}`;
const manyHosts = (port: number) => Array.from({ length: TEACHERS }, (_, i) => `bench${i === 0 ? '' : i}.localhost:${port}`);

// 1. The page as the app sends it; the baseline answers with exactly these bytes and headers.
const app = await startServer('app', APP_PORT, { CONTROL_PORT: String(CONTROL_PORT) });
await get(APP_PORT, host(APP_PORT)); // renders and caches
const sample = await get(APP_PORT, host(APP_PORT));
const keep = Object.fromEntries(
  Object.entries(sample.headers)
    .filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k))
    .map(([k, v]) => [k, String(v)]),
);
const bytesFile = path.join(os.tmpdir(), 'darsi-bench-landing-bytes.json');
fs.writeFileSync(bytesFile, JSON.stringify({ headers: keep, body: sample.body.toString('base64') }));
const baseline = await startServer('baseline', BASE_PORT, { BYTES_FILE: bytesFile });
const miss = await startServer('app-miss', MISS_PORT);
// The same app where Better Auth was never called (no sign-up, no login): its AsyncLocalStorage instances do not exist.
const noLogin = await startServer('app', NO_LOGIN_PORT, { NO_LOGIN: '1' });
await get(NO_LOGIN_PORT, host(NO_LOGIN_PORT));
const noLoginSample = await get(NO_LOGIN_PORT, host(NO_LOGIN_PORT));
if (noLoginSample.body.length !== sample.body.length) throw new Error('the no-login server answers a different page');
const missSample = await get(MISS_PORT, host(MISS_PORT));
if (missSample.body.length < sample.body.length * 0.95) throw new Error('the cache-miss server answers a different page');

const pid = (child: ChildProcess) => child.pid!;
const one = (port: number) => [host(port)];
const results: string[] = [];
const row = (label: string, runs: TLoad[]) =>
  runs.map((r) => `| ${label} | ${Math.round(r.rps)} | ${r.cpuUs.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`).join('\n');
const table = (title: string, result: TBlocks, baseName: string, candidate: string) =>
  `### ${title}\n\n${result.all
    .map(
      (block, i) =>
        `Block ${i + 1} (req/s ratio ${result.ratios[i]!.toFixed(3)}):\n\n| run | req/s | CPU µs/req | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n${row(baseName, [block.a[0]!])}\n${row(candidate, block.b)}\n${row(baseName, [block.a[1]!])}\n`,
    )
    .join('\n')}`;

const base = (hosts: string[]) => () => load(BASE_PORT, pid(baseline), hosts);
noteLoad('start of the cached blocks');
const noLoginRuns = blocks(BLOCKS, base(one(BASE_PORT)), () => load(NO_LOGIN_PORT, pid(noLogin), one(NO_LOGIN_PORT)), 'rps');
const cached = blocks(BLOCKS, base(one(BASE_PORT)), () => load(APP_PORT, pid(app), one(APP_PORT)), 'rps');
const appStorages = await storages(app);
const noLoginStorages = await storages(noLogin);
await stop(noLogin);
noteLoad('start of the cache-miss block');
const missRuns = blocks(1, base(one(BASE_PORT)), () => load(MISS_PORT, pid(miss), one(MISS_PORT)), 'rps');
await stop(miss);
const baseRps = medianOf(cached.all.flatMap((block) => block.a.map((r) => r.rps)));
const rate = baseRps / 2;
const latency = blocks(
  BLOCKS,
  () => load(BASE_PORT, pid(baseline), one(BASE_PORT), { rate }),
  () => load(APP_PORT, pid(app), one(APP_PORT), { rate }),
  'p99',
);

// A stampede right after a save: every connection open, the save's invalidation, then one request on each at once.
noteLoad('start of the stampede');
const stampede = blocks(
  1,
  () => load(BASE_PORT, pid(baseline), one(BASE_PORT), { stampede: `http://127.0.0.1:${CONTROL_PORT}/none`, connections: STAMPEDE }),
  () => load(APP_PORT, pid(app), one(APP_PORT), { stampede: `http://127.0.0.1:${CONTROL_PORT}/invalidate`, connections: STAMPEDE }),
  'p99',
);
const rendersBefore = Number(await (await fetch(`http://127.0.0.1:${CONTROL_PORT}/renders`)).text());
load(APP_PORT, pid(app), one(APP_PORT), { stampede: `http://127.0.0.1:${CONTROL_PORT}/invalidate`, connections: STAMPEDE });
const stampedeRenders = Number(await (await fetch(`http://127.0.0.1:${CONTROL_PORT}/renders`)).text()) - rendersBefore;

// 1,000 teachers with requests spread over all of them: every page rendered once first, then the same A-B-B-A.
noteLoad('start of the 1,000-teacher blocks');
const many = await startServer('app', MANY_PORT, { TEACHERS: String(TEACHERS) });
for (const h of manyHosts(MANY_PORT)) await get(MANY_PORT, h);
const manySample = await get(MANY_PORT, manyHosts(MANY_PORT).at(-1)!);
const spread = blocks(BLOCKS, base(manyHosts(BASE_PORT)), () => load(MANY_PORT, pid(many), manyHosts(MANY_PORT)), 'rps');
await stop(many);

// Production: nginx in front of Darsi serving the files Darsi wrote (decision 220), against nginx serving the same
// bytes as one file, and raw node:http against that nginx (all three CPU figures from the same run).
let front: TBlocks | null = null;
let nodeVsNginx: TBlocks | null = null;
if (withNginx) {
  noteLoad('start of the nginx blocks');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-nginx-'));
  const filesDir = path.join(work, 'pages');
  fs.mkdirSync(path.join(work, 'static'));
  fs.writeFileSync(path.join(work, 'static', 'page.html'), sample.body);
  const darsiFiles = await startServer('app', FILES_PORT, { TEACHERS: String(TEACHERS), LANDING_FILES_DIR: filesDir });
  fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConf(work, filesDir));
  const nginx = spawn('taskset', ['-c', '0', NGINX, '-p', work, '-c', path.join(work, 'nginx.conf'), '-e', path.join(work, 'error.log')], { stdio: 'inherit' });
  try {
    for (
      let i = 0;
      i < 100 &&
      !(await get(NGINX_STATIC_PORT, 'x').then(
        () => true,
        () => false,
      ));
      i += 1
    )
      await new Promise((r) => setTimeout(r, 50));
    // Each page three times: Darsi renders it, answers it from its cache (and writes the file), then nginx serves it.
    for (let i = 0; i < 3; i += 1) for (const h of manyHosts(NGINX_FRONT_PORT)) await get(NGINX_FRONT_PORT, h);
    const statics = (port: number) => [`bench.localhost:${port}`];
    front = blocks(
      BLOCKS,
      () => load(NGINX_STATIC_PORT, pid(nginx), statics(NGINX_STATIC_PORT)),
      () => load(NGINX_FRONT_PORT, pid(nginx), manyHosts(NGINX_FRONT_PORT)),
      'rps',
    );
    nodeVsNginx = blocks(1, () => load(NGINX_STATIC_PORT, pid(nginx), statics(NGINX_STATIC_PORT)), base(one(BASE_PORT)), 'rps');
    results.push(
      table(
        `nginx in front of Darsi, ${TEACHERS} teachers (B) against nginx serving the same bytes as one file (A)`,
        front,
        'nginx file',
        'nginx + Darsi files',
      ),
      table('Reference: raw node:http (B) against nginx serving the same bytes as one file (A)', nodeVsNginx, 'nginx file', 'node:http'),
    );
  } finally {
    nginx.kill('SIGTERM');
    await stop(darsiFiles);
  }
}
await stop(baseline);
noteLoad('end of the server blocks');

results.unshift(
  table(`One teacher before any login (Better Auth never called), closed loop, ${CONNECTIONS} connections`, noLoginRuns, 'node:http', 'Darsi no login'),
  table(`One teacher after logins (Better Auth's AsyncLocalStorage active), closed loop, ${CONNECTIONS} connections`, cached, 'node:http', 'Darsi cached'),
  table(`${TEACHERS} teachers, requests spread over all of them, closed loop, ${CONNECTIONS} connections`, spread, 'node:http', 'Darsi cached'),
  table('Cache miss: database read and render on every request', missRuns, 'node:http', 'Darsi miss'),
  table(`Latency at half the baseline's median maximum rate (open loop, ${Math.round(rate)} req/s; ratio of p99)`, latency, 'node:http', 'Darsi cached'),
  table(`Stampede: ${STAMPEDE} connections, one request each right after a save (ratio of p99)`, stampede, 'node:http', 'Darsi after a save'),
);

function nginxConf(work: string, filesDir: string) {
  const deploy = path.resolve('deploy');
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include ${deploy}/darsi-pages-maps.conf;
  server {
    listen 127.0.0.1:${NGINX_STATIC_PORT};
    location / { root ${work}/static; try_files /page.html =404; include ${deploy}/darsi-pages.conf; }
  }
  server {
    listen 127.0.0.1:${NGINX_FRONT_PORT};
    location / { root ${filesDir}; try_files /$host$uri.$darsi_page_lng.html @darsi; include ${deploy}/darsi-pages.conf; }
    location @darsi { proxy_pass http://127.0.0.1:${FILES_PORT}; proxy_http_version 1.1; proxy_set_header Host $http_host; proxy_set_header Connection ""; }
  }
}
`;
}

const steps = await missBreakdown();

// 2. The page script a visitor downloads.
const manifest = JSON.parse(fs.readFileSync(`${buildDir}/web/landing-assets/manifest.json`, 'utf8')) as { script: string; preview: string };
const script = fs.readFileSync(`${buildDir}/web/landing-assets/${manifest.script}`);
const preview = fs.readFileSync(`${buildDir}/web/landing-assets/${manifest.preview}`);
const scriptGz = gzipSync(script, { level: 9 }).length;
const previewGz = gzipSync(preview, { level: 9 }).length;

// 3. Lighthouse, mobile defaults, median of 5 cold runs.
type TLh = { performance: number; accessibility: number; lcp: number; cls: number; tbt: number; fcp: number };
const runs: TLh[] = [];
try {
  for (let i = 0; i < RUNS; i += 1) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      const result = await lighthouse(`http://${host(APP_PORT)}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error('no Lighthouse result');
      const { categories, audits } = result.lhr;
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        fcp: audits['first-contentful-paint']?.numericValue ?? 0,
      });
      const failing = Object.values(categories)
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      console.log(`lighthouse run ${i + 1}`, runs.at(-1), failing.length ? `not perfect: ${failing.join(', ')}` : '');
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await stop(app);
}

// NaN when there were no runs (the smoke run has none).
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const m = (k: keyof TLh) => median(runs.map((r) => r[k]));
const ok = (pass: boolean) => (pass ? '✅' : '❌');
const lighthouseVersion = (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;

const cpuRow = (label: string, r: TBlocks, goal: number) =>
  `| ${label} | **${r.ratio.toFixed(2)}** (${r.ratios.map((x) => x.toFixed(2)).join(', ')}) | **${r.cpu.toFixed(2)}** | ${r.cpuA.toFixed(1)} | ${r.cpuB.toFixed(1)} | ≥ ${goal} ${ok(r.ratio >= goal && r.cpu >= goal)} |`;
const missCpuMs = missRuns.cpuB / 1000;
const report = `# Landing pages: server, nginx, cache misses, page script and Lighthouse

Measured by \`BUILD_DIR=${buildDir} node bench/run.mjs landing\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on this project's
2-core machine (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, nginx ${withNginx ? 'from Debian' : 'not installed (its rows are missing)'}.
Load average (1, 5, 15 min) when it started: ${loadAtStart}; 1-minute load along the run: ${loads.join('; ')}.
**The machine is shared with other work**: throughput moves 2–3× from run to run, so every comparison is a same-run
A-B-B-A ratio, and CPU time per request (which moves far less with other load) is given beside it.

## Protocol

- **Servers** run one at a time under load, each pinned to CPU 0 with \`taskset -c 0\`; the load generator
  (\`bench/landing-load.ts\`, raw keep-alive sockets, a prepared request, no Accept-Encoding so every side sends the
  same uncompressed bytes) is pinned to CPU 1. ${CONNECTIONS} connections, closed loop, 1 s warm-up, ${DURATION_MS / 1000} s measured.
  - *Darsi* is the production app (\`NODE_ENV=production\`, embedded PGlite, request logs at \`info\` to /dev/null, the
    fast path of \`src/server/landing/fast-path.ts\`) serving a published starter page of a teacher with three
    published courses. *After logins*: the teacher signed up through Better Auth, which leaves its three
    AsyncLocalStorage instances active (${appStorages.join(', ') || 'none'}). *Before any login*: Better Auth never called
    (${noLoginStorages.join(', ') || 'none'}).
  - *${TEACHERS} teachers*: the same teacher copied ${TEACHERS - 1} times (user, teacher, page, three courses and plans),
    each on its own host; every page rendered once, then every request goes to the next host in turn (each
    connection from a random start), so each host is asked about every ${TEACHERS} requests and its site record falls due
    for its check (every 5 s) all through the run. Pages are ${manySample.body.length}–${sample.body.length} bytes.
  - *node:http* is a bare \`http.createServer\` answering every request with the exact status, headers and
    ${sample.body.length}-byte body Darsi sent for the first teacher's page.
  - *nginx file*: nginx (one worker, pinned to CPU 0, \`sendfile on\`) serving those bytes as one file with Darsi's
    headers (\`deploy/darsi-pages.conf\`). *nginx + Darsi files*: the production set-up of decision 220, the same nginx
    with \`deploy/darsi-pages-maps.conf\` and \`try_files\` in front of a Darsi with ${TEACHERS} teachers and
    \`LANDING_FILES_DIR\`: each page was visited three times first (Darsi renders it, then answers it from its cache
    and writes the file, then nginx serves it), then requests spread over all hosts as above.
- **CPU µs per request**: the server's user + system CPU time from /proc (nginx: master and worker) over the whole
  load run, warm-up included, divided by the requests answered in it.
- **Order** A-B-B-A; a block's ratio is the mean of its two B runs over the mean of its two A runs; ${BLOCKS} blocks per
  condition (one for the miss, the stampede and the node/nginx reference), result the median block ratio. CPU ratio:
  A's CPU per request over B's (above 1: B is cheaper).
- **Stampede**: ${STAMPEDE} keep-alive connections opened first; then the server's control port does what a teacher's save
  does to the cache (\`site.invalidate\`: the record and page dropped, the warm-up render started), and at once every
  connection sends one request; latency from that moment. The same with node:http (no save). Renders counted by the
  app (\`site.renders()\`) over a separate stampede.
- **Page script**: the built \`landing.*.js\` gzipped at level 9. **Lighthouse** ${lighthouseVersion}, default mobile settings,
  Debian's Chromium, ${RUNS} cold runs, medians.

## Results

| condition | req/s ratio (blocks) | CPU ratio | CPU µs/req A | CPU µs/req B | goal |
|---|---|---|---|---|---|
${cpuRow('cached page, one teacher, before any login: Darsi (B) ÷ node:http (A)', noLoginRuns, GOALS.cached)}
${cpuRow('cached page, one teacher, after logins: Darsi (B) ÷ node:http (A)', cached, GOALS.cached)}
${cpuRow(`cached pages, ${TEACHERS} teachers spread: Darsi (B) ÷ node:http (A)`, spread, GOALS.cached)}
${front ? cpuRow(`production: nginx + Darsi files, ${TEACHERS} teachers (B) ÷ nginx serving one file (A)`, front, GOALS.nginx) : '| production with nginx | not measured: nginx is not installed | | | | |'}
${nodeVsNginx ? `| *reference:* node:http (B) ÷ nginx serving one file (A) | ${nodeVsNginx.ratio.toFixed(2)} | ${nodeVsNginx.cpu.toFixed(2)} | ${nodeVsNginx.cpuA.toFixed(1)} | ${nodeVsNginx.cpuB.toFixed(1)} | — |` : ''}

| measure | result | goal |
|---|---|---|
| cache miss, CPU per render (read and render on every request, production mode) | **${missCpuMs.toFixed(2)} ms** (${Math.round(missRuns.all[0]!.b[0]!.rps)}, ${Math.round(missRuns.all[0]!.b[1]!.rps)} req/s) | ≤ ${GOALS.missCpuMs} ms ${ok(missCpuMs <= GOALS.missCpuMs)} |
| stampede of ${STAMPEDE} right after a save: renders | **${stampedeRenders}** | 1 ${ok(stampedeRenders === 1)} |
| stampede: Darsi p99 (node:http p99 with the same sockets) | **${mean(stampede.all[0]!.b, 'p99').toFixed(1)} ms** (${mean(stampede.all[0]!.a, 'p99').toFixed(1)} ms) | ≤ ${GOALS.stampedeP99} ms ${ok(mean(stampede.all[0]!.b, 'p99') <= GOALS.stampedeP99)} |
| cached p99 ÷ node:http p99 at half its max rate | **${latency.ratio.toFixed(2)}** | ≤ ${GOALS.p99} ${ok(latency.ratio <= GOALS.p99)} |
| page script (gzip) | **${(scriptGz / 1024).toFixed(1)} KB** | ≤ ${GOALS.jsKb} KB ${ok(scriptGz / 1024 <= GOALS.jsKb)} |
| Lighthouse performance | **${m('performance')}** | ≥ ${GOALS.performance} ${ok(m('performance') >= GOALS.performance)} |
| largest contentful paint | **${(m('lcp') / 1000).toFixed(2)} s** | ≤ ${GOALS.lcpMs / 1000} s ${ok(m('lcp') <= GOALS.lcpMs)} |
| cumulative layout shift | **${m('cls').toFixed(3)}** | ≤ ${GOALS.cls} ${ok(m('cls') <= GOALS.cls)} |
| Lighthouse accessibility | **${m('accessibility')}** | ≥ ${GOALS.accessibility} ${ok(m('accessibility') >= GOALS.accessibility)} |

A goal marked ✅ in a row of the first table needs both the throughput ratio and the CPU ratio at or above it. Under
the load written above, read the CPU columns first. The editor's preview bundle (React and the section components,
loaded only in the editor's preview frame, never by visitors) is ${(previewGz / 1024).toFixed(1)} KB gzip.

## Where a cache miss spends its time

Measured in-process (\`MODE=breakdown\`, pinned to CPU 0, 2,000 calls each after 200 warm-up calls), wall-clock ms per
call (under the machine's load):

| step | ms |
|---|---|
${Object.entries(steps)
  .map(([step, ms]) => `| ${step} | ${ms.toFixed(3)} |`)
  .join('\n')}

## Runs

${results.join('\n')}
### Lighthouse runs

| run | performance | accessibility | LCP | CLS | TBT | FCP |
|---|---|---|---|---|---|---|
${runs.map((r, i) => `| ${i + 1} | ${r.performance} | ${r.accessibility} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${(r.fcp / 1000).toFixed(2)} s |`).join('\n')}
`;
writeResult('bench/results/landing.md', report);
console.log(SMOKE ? 'landing bench: smoke run passed' : report);
