import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { codeExports } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { defineJob } from '@server/core/jobs/queue';
import { coursesText } from '@server/core/i18n';
import { iso } from '@server/core/dates';
import { cardsPdf } from './export';
import { batchCodesInClear } from './list-codes';
import { ownBatch } from './queries';
import type { TCodesDeps } from './deps';

/*
 * PDF cards printed in the background (docs/decisions/056-code-cards-export-job.md): a click starts a job,
 * or joins the one already printing that batch; the page follows its phase and downloads the file, kept in
 * the data directory for an hour.
 */

const RUNNING = ['queued', 'preparing', 'rendering', 'saving'] as const;
const KEEP_MS = 60 * 60_000;
/** A render still "running" after this long lost its process and its retries: it no longer blocks a new one. */
const STALE_MS = 15 * 60_000;

type TExportRow = typeof codeExports.$inferSelect;

const file = (deps: TCodesDeps, id: string) => path.join(deps.config.dataDir, 'exports', 'code-cards', `${id}.pdf`);

function view(row: TExportRow, joined = false) {
  return {
    id: row.id,
    status: row.status as (typeof RUNNING)[number] | 'ready' | 'failed',
    total: row.total,
    done: row.done,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    joined,
  };
}

/** Chromium is a system package (decision 032): without it, say so before queueing anything. */
async function assertChromium(chromiumPath: string) {
  try {
    await fs.access(chromiumPath, fs.constants.X_OK);
  } catch {
    throw new AppError('PDF_UNAVAILABLE');
  }
}

/** Starts printing a batch's cards, or joins the render already running for it (one per batch). */
export async function startCardsPdf(deps: TCodesDeps, teacherId: string, batchId: string, userId: string) {
  const { db, clock, jobs } = deps;
  await ownBatch(db, teacherId, batchId);
  await assertChromium(deps.config.chromiumPath);
  const now = clock.now();
  await db
    .update(codeExports)
    .set({ status: 'failed', errorCode: 'PDF_UNAVAILABLE', finishedAt: now })
    .where(and(eq(codeExports.batchId, batchId), inArray(codeExports.status, [...RUNNING]), lt(codeExports.createdAt, new Date(now.getTime() - STALE_MS))));
  // The partial unique index on running exports lets one insert win; every other click joins it.
  const [created] = await db.insert(codeExports).values({ teacherId, batchId, createdBy: userId }).onConflictDoNothing().returning();
  if (created) {
    await jobs.send(cardsPdfJob(deps), { exportId: created.id });
    return view(created);
  }
  const [running] = await db.select().from(codeExports).where(eq(codeExports.batchId, batchId)).orderBy(desc(codeExports.createdAt)).limit(1);
  return view(running!, true);
}

/** The batch's latest export, running or ready (null when none is kept): the page resumes from it. */
export async function cardsPdfStatus(deps: TCodesDeps, teacherId: string, batchId: string) {
  const { db, clock } = deps;
  await ownBatch(db, teacherId, batchId);
  const [row] = await db.select().from(codeExports).where(eq(codeExports.batchId, batchId)).orderBy(desc(codeExports.createdAt)).limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= clock.now())) return { export: null };
  return { export: view(row) };
}

/** The finished file of the batch's latest export. */
export async function cardsPdfFile(deps: TCodesDeps, teacherId: string, batchId: string) {
  const { db, clock } = deps;
  await ownBatch(db, teacherId, batchId);
  const [row] = await db
    .select()
    .from(codeExports)
    .where(and(eq(codeExports.batchId, batchId), eq(codeExports.status, 'ready')))
    .orderBy(desc(codeExports.createdAt))
    .limit(1);
  if (!row || !row.expiresAt || row.expiresAt <= clock.now()) throw new AppError('EXPORT_NOT_FOUND');
  const bytes = await fs.readFile(file(deps, row.id)).catch(() => {
    throw new AppError('EXPORT_NOT_FOUND');
  });
  return { bytes, name: `codes-${batchId.slice(0, 8)}.pdf` };
}

const set = (deps: TCodesDeps, id: string, values: Partial<TExportRow>) => deps.db.update(codeExports).set(values).where(eq(codeExports.id, id));

async function render(deps: TCodesDeps, row: TExportRow) {
  await set(deps, row.id, { status: 'preparing' });
  const data = await batchCodesInClear(deps, row.teacherId, row.batchId);
  // The cards are printed in Arabic, whatever the teacher's language (decision 032).
  const planLabel = data.plan ? coursesText('ar', `plans.types.${data.plan.type}`) : '';
  const printable = data.codes.filter((x) => x.state === 'unused' || x.state === 'sold');
  await set(deps, row.id, { status: 'rendering', total: printable.length, done: 0 });
  const link = data.link.replace(/^https?:\/\//, '');
  const pdf = await cardsPdf(
    deps.config.chromiumPath,
    printable.map((x) => ({
      serial: x.serial,
      cardNumber: x.cardNumber,
      redeemLink: x.redeemLink,
      code: x.code,
      courseTitle: data.courseTitle,
      teacherName: data.teacherName,
      link,
      validUntil: x.validUntil,
      planLabel,
    })),
    (drawn) => set(deps, row.id, { done: drawn }),
  );
  await set(deps, row.id, { status: 'saving', done: printable.length });
  const target = file(deps, row.id);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, pdf);
  const now = deps.clock.now();
  await set(deps, row.id, { status: 'ready', finishedAt: now, expiresAt: new Date(now.getTime() + KEEP_MS) });
}

/** The job that prints one export: one render at a time per process (Chromium is heavy), retried once. */
export function cardsPdfJob(deps: TCodesDeps) {
  return defineJob<{ exportId: string }>({
    name: 'codes.cards-pdf',
    concurrency: 1,
    queue: { retryLimit: 1, retryDelay: 5, expireInSeconds: 600 },
    run: async ({ exportId }, job) => {
      const [row] = await deps.db.select().from(codeExports).where(eq(codeExports.id, exportId));
      if (!row || row.status === 'ready' || row.status === 'failed') return;
      try {
        await render(deps, row);
      } catch (error) {
        // A missing Chromium does not come back on a retry; anything else fails for good on the last try.
        const final = (error instanceof AppError && error.code === 'PDF_UNAVAILABLE') || job.retryCount >= 1;
        if (!final) throw error;
        await set(deps, row.id, { status: 'failed', errorCode: 'PDF_UNAVAILABLE', finishedAt: deps.clock.now() });
        if (!(error instanceof AppError)) throw error;
      }
    },
  });
}

/** Every ten minutes: files past their hour, and exports older than a day, are deleted. */
export function cardsPdfCleanupJob(deps: TCodesDeps) {
  return defineJob<object>({
    name: 'codes.cards-pdf-cleanup',
    cron: '*/10 * * * *',
    queue: { retryLimit: 0 },
    run: async () => {
      const now = deps.clock.now();
      const gone = await deps.db
        .delete(codeExports)
        .where(or(lt(codeExports.expiresAt, now), lt(codeExports.createdAt, new Date(now.getTime() - 24 * 60 * 60_000))))
        .returning({ id: codeExports.id });
      await Promise.all(gone.map((g) => fs.rm(file(deps, g.id), { force: true })));
    },
  });
}
