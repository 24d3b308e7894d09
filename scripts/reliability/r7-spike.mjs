// R7 load spike (issue 16): for login, code redemption and a cached landing page, find the rate the built
// server sustains (closed loop), then send 5× that rate for 30 s (open loop). Every request must be answered
// within 10 s, served or refused with Retry-After (429, or 503 from the overload guard: decision 111), never with
// another 5xx; afterwards the endpoint must answer normally again within 60 s, and the server's memory must come
// back near its baseline (within 25 % or 30 MB) within 60 s.
// Usage: node scripts/reliability/r7-spike.mjs [spikeSeconds=30] [pglite|postgres=pglite]
//   R7_DATABASE_URL: an empty PostgreSQL database for the postgres run (default postgres://postgres@127.0.0.1:5432/darsi_r7)
//   Results: {tmpdir}/darsi-r7-{driver}.json
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop, hit, openLoop, rssMb } from './load.mjs';
import { newStudent, PASSWORD, setupPlatform, sleep, startServer, stopGracefully, waitHealthy } from './lib.mjs';

const spikeMs = Number(process.argv[2] ?? 30) * 1000;
const driver = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
const databaseUrl = driver === 'postgres' ? (process.env.R7_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/darsi_r7') : undefined;
const port = Number(process.env.R7_PORT ?? 4392);
const main = `localhost:${port}`;
const base = `http://${main}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-r7-'));
const child = startServer({ port, dataDir, databaseUrl, seed: true, env: { PUBLIC_HOST: main } });
// Whatever happens, the server started here does not outlive the script.
process.on('exit', () => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
});
await waitHealthy(base, 180_000, child);

// The demo teacher's landing page (seeded), served from the render cache once warm.
for (let i = 0; i < 120; i += 1) {
  if ((await hit(port, { path: '/', headers: { host: `demo.${main}` } })).status === 200) break;
  await sleep(500);
}
const p = await setupPlatform(base);
const loginUser = await newStudent(base, p.subdomain);
// Students redeeming a right multi-use code: 200 the first time, then 409 (used), then 429 (their budget).
const redeemers = [];
for (let i = 0; i < 20; i += 1) redeemers.push(await newStudent(base, p.subdomain));
const origin = `http://${main}`;
const xff = (n) => `10.200.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
let n = 0;
// The redeemers' session cookies, read back from their clients.
const sessions = redeemers.map((s) => s.cookieHeader());

// The login spike goes last: what it leaves behind (password hashes queued) must not be measured as the others'.
const targets = {
  landing: () => ({ path: '/', headers: { host: `demo.${main}`, 'x-forwarded-for': xff((n += 1)) } }),
  redemption: () => {
    n += 1;
    return {
      method: 'POST',
      path: '/api/codes/student/redeem',
      headers: { host: main, origin, cookie: sessions[n % sessions.length], 'x-forwarded-for': redeemers[n % redeemers.length].ip },
      body: { code: p.code, platform: p.subdomain },
    };
  },
  login: () => ({
    method: 'POST',
    path: '/api/accounts/login',
    headers: { host: main, origin, 'x-forwarded-for': xff((n += 1)) },
    body: { email: loginUser.email, password: PASSWORD, platform: p.subdomain },
  }),
};

const results = [];
for (const [name, make] of Object.entries(targets)) {
  // Start from a server that answers this endpoint normally (up to 5 minutes after the previous spike).
  for (let i = 0; i < 300; i += 1) {
    const probe = await hit(port, make(), 2_000);
    if (probe.status > 0 && probe.status < 500) break;
    await sleep(1_000);
  }
  const baselineRss = rssMb(child.pid);
  const sustained = await closedLoop(port, make, { concurrency: 8, ms: 8_000 });
  const rate = Math.max(5, Math.round(sustained.rate * 5));
  let peakRss = baselineRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(child.pid))), 500);
  const spike = await openLoop(port, make, { rate, ms: spikeMs });
  clearInterval(sampler);
  const spikeEnd = Date.now();
  // Recovery: a probe answered (not 5xx, not timed out) in under 2 s, and health ready again.
  let recoveredMs = null;
  while (Date.now() - spikeEnd < 60_000) {
    const [probe, health] = await Promise.all([hit(port, make(), 2_000), hit(port, { path: '/api/health', headers: { host: main } }, 2_000)]);
    if (probe.status > 0 && probe.status < 500 && health.status === 200) {
      recoveredMs = Date.now() - spikeEnd;
      break;
    }
    await sleep(250);
  }
  let afterRss = rssMb(child.pid);
  while (Date.now() - spikeEnd < 60_000 && afterRss > Math.max(baselineRss * 1.25, baselineRss + 30)) {
    await sleep(1_000);
    afterRss = rssMb(child.pid);
  }
  const alive = (() => {
    try {
      process.kill(child.pid, 0);
      return true;
    } catch {
      return false;
    }
  })();
  const result = { driver, name, sustainedPerS: Math.round(sustained.rate), spikePerS: rate, ...spike, recoveredMs, baselineRss, peakRss, afterRss, alive };
  results.push(result);
  console.log(JSON.stringify(result));
}
await stopGracefully(child);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.writeFileSync(path.join(os.tmpdir(), `darsi-r7-${driver}.json`), JSON.stringify(results, null, 2));
const ok = results.every((r) => r.counts['5xx'] === 0 && r.recoveredMs !== null && r.alive && r.afterRss <= Math.max(r.baselineRss * 1.25, r.baselineRss + 30));
process.exit(ok ? 0 : 1);
