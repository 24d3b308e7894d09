// What an e2e test pays to be signed in: a password login (POST /api/accounts/login) against a minted session
// (POST /api/test/session, decision 134), on the same app, one after the other, interleaved so that both see the
// same load. Run: node bench/run.mjs e2e-sessions   (in-memory PGlite, like the e2e server's embedded database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { openPglite } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';

const KEY = 'bench-e2e-sessions-key-0123456789abcdef';
const loadAtStart = os.loadavg();
const database = await openPglite();
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  BETTER_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
  E2E_SESSIONS_KEY: KEY,
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'silent',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-')),
  WEB_DIST_DIR: os.tmpdir(),
});
const logger = pino({ level: 'silent' });
const services = createServices({ config, db: database.db, jobs: createJobQueue(database.jobBackend, logger), logger });
const app = createApp({ services, database, logger });
const host = config.publicHost;

async function post(pathname: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  const res = await app.request(`http://${host}${pathname}`, {
    method: 'POST',
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${pathname} ${res.status} ${await res.text()}`);
  return res;
}

// Accounts as the e2e suite has them: students with a password (the per-account limit allows 5 logins per address).
const ACCOUNTS = 10;
for (let i = 0; i < ACCOUNTS; i += 1) {
  await post('/api/accounts/register/student', { name: 'طالب', email: `s${i}@bench.test`, password: 'correct-horse-9' }, `198.51.100.${i + 1}`);
}

const ROUNDS = 40;
const timed = async (task: () => Promise<unknown>) => {
  const t0 = performance.now();
  await task();
  return performance.now() - t0;
};
const login: number[] = [];
const minted: number[] = [];
for (let i = 0; i < ROUNDS; i += 1) {
  const email = `s${i % ACCOUNTS}@bench.test`;
  const ip = `192.0.2.${i + 1}`;
  login.push(await timed(() => post('/api/accounts/login', { email, password: 'correct-horse-9' }, ip)));
  minted.push(await timed(() => post('/api/test/session', { email }, ip, { 'x-e2e-sessions-key': KEY })));
}
await database.close();

const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const row = (name: string, xs: number[]) => `| ${name} | ${ms(at(xs, 0.5))} | ${ms(at(xs, 0.9))} | ${ms(Math.min(...xs))} | ${ms(Math.max(...xs))} |`;
console.log(`Load average (1, 5, 15 min) at the start: ${loadAtStart.map((x) => x.toFixed(2)).join(', ')}; at the end: ${os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(', ')} (${os.cpus().length} cores, Node ${process.version}).

| ${ROUNDS} sign-ins each, interleaved | median | p90 | min | max |
|---|---|---|---|---|
${row('password login, POST /api/accounts/login', login)}
${row('minted session, POST /api/test/session', minted)}

Saved per sign-in (medians): ${ms(at(login, 0.5) - at(minted, 0.5))}.`);
