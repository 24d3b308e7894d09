// Cash cards by card number (decision 105): 150 right codes at once with 1,000 live cards, on PGlite and
// PostgreSQL (all must redeem at once; p50/p99 per redemption), and redemptions per second on PostgreSQL
// with the card-number lookup, then every card tried again: 0 double use.
// Run: node bench/run.mjs cards   (needs TEST_DATABASE_URL or DATABASE_URL for PostgreSQL). Prints a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, type TDatabase } from '@server/core/db/client';
import type { TServices } from '@server/services';
import { postgresDatabase, seedTeacher, servicesFor } from './courses-seed';
import { size } from './smoke';

const BURST = size(150, 3);
const LIVE = size(1_000, 20);
const THROUGHPUT_CARDS = size(Number(process.env.CARDS_BENCH_N ?? 2_000), 4);
const CONCURRENCY = 32;

const quantile = (times: number[], q: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!;

async function platformWithCards(services: TServices, cards: number, students: number) {
  const base = await seedTeacher(services, students);
  const actor = { userId: base.teacher.userId, ip: '127.0.0.1' };
  const batch = await services.codes.batches.generateBatch(
    base.teacher.id,
    {
      courseId: base.courseIds[0]!,
      planId: base.planIds[0]!,
      count: cards,
      maxUses: 1,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      accessDays: null,
      activateOnSale: false,
    },
    actor,
  );
  const { codes } = await services.codes.batches.batchCodesInClear(base.teacher.id, batch.id);
  return { ...base, cards: codes };
}

async function burst(services: TServices) {
  const p = await platformWithCards(services, LIVE, BURST);
  const times: number[] = [];
  let ok = 0;
  let pending = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    p.studentIds.map(async (studentId, i) => {
      const card = p.cards[i * 6]!;
      const s = performance.now();
      try {
        const r = await services.codes.redemption.redeem(
          studentId,
          { card: card.cardNumber, code: card.code },
          { ip: `100.64.0.${(i % 15) + 1}`, hostSubdomain: p.teacher.subdomain },
        );
        if (r.pending) pending += 1;
        else ok += 1;
      } catch {
        failed += 1;
      }
      times.push(performance.now() - s);
    }),
  );
  return { ok, pending, failed, wallMs: performance.now() - t0, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** CPU seconds used so far by the PostgreSQL backends serving the benchmark's database (as bench/courses.bench.ts). */
function postgresCpuSeconds(dbName: string): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

let dbName = '';

async function throughput(services: TServices) {
  const p = await platformWithCards(services, THROUGHPUT_CARDS + 3, THROUGHPUT_CARDS);
  // A platform on a real day: a few typos already counted, so the platform's and the networks' budget rows
  // exist and every right code reads them (under the shared lock of decision 136).
  for (let i = 0; i < 3; i += 1) {
    const card = p.cards[THROUGHPUT_CARDS + i]!;
    const typo = String((Number(card.code) + 1) % 1_000_000).padStart(6, '0');
    await services.codes.redemption
      .redeem(p.studentIds[i]!, { card: card.cardNumber, code: typo }, { ip: `100.65.${i}.1`, hostSubdomain: p.teacher.subdomain })
      .catch(() => null);
  }
  p.cards.length = THROUGHPUT_CARDS;
  // Many students behind few addresses, all with right codes: no budget is spent, so none is lifted.
  const run = async () => {
    let next = 0;
    let ok = 0;
    const cpu0 = process.cpuUsage();
    const pg0 = postgresCpuSeconds(dbName);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < p.cards.length) {
          const i = next++;
          const card = p.cards[i]!;
          const r = await services.codes.redemption
            .redeem(
              p.studentIds[(i * 7) % p.studentIds.length]!,
              { card: card.cardNumber, code: card.code },
              { ip: `100.65.${i % 50}.1`, hostSubdomain: p.teacher.subdomain },
            )
            .catch(() => null);
          if (r && !r.pending) ok += 1;
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    const pgMs = ((postgresCpuSeconds(dbName) - pg0) * 1000) / p.cards.length;
    return { ok, perSecond: (p.cards.length / (performance.now() - t0)) * 1000, cpuMs: (cpu.user + cpu.system) / 1000 / p.cards.length, pgMs };
  };
  const first = await run();
  const second = await run();
  const doubles = await services.db.execute(sql`select count(*)::int as n from (select code_id from code_redemptions group by code_id having count(*) > 1) d`);
  const n = (doubles as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  return {
    cards: p.cards.length,
    redeemed: first.ok,
    perSecond: first.perSecond,
    cpuMs: first.cpuMs,
    pgMs: first.pgMs,
    redeemedAgain: second.ok,
    doubleUse: n,
  };
}

async function withServices<T>(database: TDatabase, work: (s: TServices) => Promise<T>) {
  const services = servicesFor(database);
  try {
    return await work(services);
  } finally {
    await services.jobs.stop(1_000);
  }
}

const rows: string[] = [];
// CARDS_BENCH_ONLY=throughput skips the bursts (a short same-run comparison of two builds).
const only = process.env.CARDS_BENCH_ONLY;
async function pgliteBurst() {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-pglite-'));
  const lite = await openPglite(pgliteDir);
  await lite.migrate();
  const r = await withServices(lite, burst);
  rows.push(
    `| PGlite | ${BURST} right codes at once, ${LIVE} live cards | ${r.ok} redeemed, ${r.pending} pending, ${r.failed} failed | p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, all in ${r.wallMs.toFixed(0)} ms |`,
  );
  await lite.close();
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}
if (only !== 'throughput') await pgliteBurst();

if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  const pg = await postgresDatabase();
  dbName = pg.name;
  try {
    const pgBurst = only === 'throughput' ? null : await withServices(pg.database, burst);
    if (pgBurst)
      rows.push(
        `| PostgreSQL | ${BURST} right codes at once, ${LIVE} live cards | ${pgBurst.ok} redeemed, ${pgBurst.pending} pending, ${pgBurst.failed} failed | p50 ${pgBurst.p50.toFixed(0)} ms, p99 ${pgBurst.p99.toFixed(0)} ms, all in ${pgBurst.wallMs.toFixed(0)} ms |`,
      );
    const tp = await withServices(pg.database, throughput);
    rows.push(
      `| PostgreSQL | ${tp.cards} cards by number, ${CONCURRENCY} at a time, then all again | ${tp.redeemed} redeemed, ${tp.redeemedAgain} redeemed the second time, ${tp.doubleUse} double use | ${tp.perSecond.toFixed(0)} redemptions/s, CPU each: ${tp.cpuMs.toFixed(2)} ms Node, ${tp.pgMs.toFixed(2)} ms PostgreSQL |`,
    );
  } finally {
    await pg.drop();
  }
}
console.log(['| database | run | outcome | time |', '|---|---|---|---|', ...rows].join('\n'));
