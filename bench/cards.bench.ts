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

const BURST = 150;
const LIVE = 1_000;
const THROUGHPUT_CARDS = Number(process.env.CARDS_BENCH_N ?? 2_000);
const CONCURRENCY = 32;

const quantile = (times: number[], q: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!;

async function platformWithCards(services: TServices, cards: number, students: number) {
  const base = await seedTeacher(services, students);
  const actor = { userId: base.teacher.userId, ip: '127.0.0.1' };
  const batch = await services.codes.batches.generateBatch(
    base.teacher.id,
    { courseId: base.courseIds[0]!, planId: base.planIds[0]!, count: cards, maxUses: 1, validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(), accessDays: null, activateOnSale: false },
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
        const r = await services.codes.redemption.redeem(studentId, { card: card.cardNumber, code: card.code }, { ip: `100.64.0.${(i % 15) + 1}`, hostSubdomain: p.teacher.subdomain });
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

async function throughput(services: TServices) {
  const p = await platformWithCards(services, THROUGHPUT_CARDS, THROUGHPUT_CARDS);
  // Many students behind few addresses, all with right codes: no budget is spent, so none is lifted.
  const run = async () => {
    let next = 0;
    let ok = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < p.cards.length) {
          const i = next++;
          const card = p.cards[i]!;
          const r = await services.codes.redemption
            .redeem(p.studentIds[(i * 7) % p.studentIds.length]!, { card: card.cardNumber, code: card.code }, { ip: `100.65.${i % 50}.1`, hostSubdomain: p.teacher.subdomain })
            .catch(() => null);
          if (r && !r.pending) ok += 1;
        }
      }),
    );
    return { ok, perSecond: (p.cards.length / (performance.now() - t0)) * 1000 };
  };
  const first = await run();
  const second = await run();
  const doubles = await services.db.execute(sql`select count(*)::int as n from (select code_id from code_redemptions group by code_id having count(*) > 1) d`);
  const n = (doubles as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  return { cards: p.cards.length, redeemed: first.ok, perSecond: first.perSecond, redeemedAgain: second.ok, doubleUse: n };
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
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-bench-pglite-'));
const lite = await openPglite(pgliteDir);
await lite.migrate();
const liteBurst = await withServices(lite, burst);
rows.push(`| PGlite | ${BURST} right codes at once, ${LIVE} live cards | ${liteBurst.ok} redeemed, ${liteBurst.pending} pending, ${liteBurst.failed} failed | p50 ${liteBurst.p50.toFixed(0)} ms, p99 ${liteBurst.p99.toFixed(0)} ms, all in ${liteBurst.wallMs.toFixed(0)} ms |`);
await lite.close();
fs.rmSync(pgliteDir, { recursive: true, force: true });

if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  const pg = await postgresDatabase();
  try {
    const pgBurst = await withServices(pg.database, burst);
    rows.push(`| PostgreSQL | ${BURST} right codes at once, ${LIVE} live cards | ${pgBurst.ok} redeemed, ${pgBurst.pending} pending, ${pgBurst.failed} failed | p50 ${pgBurst.p50.toFixed(0)} ms, p99 ${pgBurst.p99.toFixed(0)} ms, all in ${pgBurst.wallMs.toFixed(0)} ms |`);
    const tp = await withServices(pg.database, throughput);
    rows.push(`| PostgreSQL | ${tp.cards} cards by number, ${CONCURRENCY} at a time, then all again | ${tp.redeemed} redeemed, ${tp.redeemedAgain} redeemed the second time, ${tp.doubleUse} double use | ${tp.perSecond.toFixed(0)} redemptions/s |`);
  } finally {
    await pg.drop();
  }
}
console.log(['| database | run | outcome | time |', '|---|---|---|---|', ...rows].join('\n'));
