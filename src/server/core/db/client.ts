import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { BACKEND_TIMEOUT_MS } from '@shared/constants';
import { appPath } from '../app-root';
import { StartupError } from '../config';
import type { TJobBackend } from '../jobs/queue';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type TSchema = typeof schema;
/** Both drivers expose the same pg-core query builder; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** Where the job queue keeps its jobs: the same database (docs/decisions/054-job-queue.md). */
  jobBackend: TJobBackend;
  /** The connection pool's use (PostgreSQL); PGlite is one connection and has none. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

const MIGRATIONS_FOLDER = appPath('drizzle');
/** In a PGlite data directory: the hash of the migration journal last applied to it. */
const MIGRATED_MARKER = '.darsi-migrated';
/**
 * Several instances starting at once on one PostgreSQL migrate one after another: the first applies the
 * migrations while holding this advisory lock, the others wait for it and then find nothing left to do.
 */
const MIGRATE_LOCK_KEY = 0x64617273; // 'dars'

export class DatabaseConnectError extends StartupError {}

/** The migrator would fail with a raw ENOENT stack; say what is missing instead. Returns the journal's hash. */
function migrationsJournalHash(): string {
  const journal = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  if (!fs.existsSync(journal)) {
    throw new StartupError(`the migrations are missing: ${MIGRATIONS_FOLDER} has no meta/_journal.json (is Darsi fully installed?)`);
  }
  return createHash('sha256').update(fs.readFileSync(journal)).digest('hex');
}

// Each driver is loaded only when used: a start on PGlite never loads pg, and the other way round.
export async function openPostgres(url: string): Promise<TDatabase> {
  migrationsJournalHash();
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A burst larger than the pool queues for a connection; it may wait as long as a request may take
  // (spec §9: 30 s) rather than fail after a few seconds on a busy machine.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: BACKEND_TIMEOUT_MS });
  // An idle client dropped by the server (restart, failover) must not crash the process: the pool
  // discards it and the next query opens a new connection or reports the outage.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectError(`Cannot connect to DATABASE_URL (${redact(url)}): ${describe(error)}`);
  }
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
        await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        // Ending the session would release it too; unlocking keeps the connection usable.
        await holder.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]).catch(() => undefined);
        holder.release();
      }
    },
    ping: () => pingDb(db),
    close: () => pool.end(),
    jobBackend: { driver: 'postgres', url },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * `dataDir` undefined means in-memory, used by tests for a fresh database per file; `from` is a dump of a migrated
 * database to start from (the integration tests' shared template, decision 103).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<TDatabase> {
  // Checked first: creating a data directory takes seconds, and it would be of no use without them.
  migrationsJournalHash();
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    // The student list's search index (decision 225); PostgreSQL ships it as a contrib extension.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  // PostgreSQL's 128 MB of shared buffers fill up and stay in the process's memory (WebAssembly memory is never given
  // back): 32 MB keep the hot pages of a small platform, and the file cache holds the rest (bench/results/memory.md).
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  const client = new PGlite({ dataDir, startParams, extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
  await client.waitReady.catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const marker = dataDir ? path.join(dataDir, MIGRATED_MARKER) : null;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      const journal = migrationsJournalHash();
      // A data directory belongs to one installation: when it already has this exact journal, a warm
      // start skips the migrator (its checks cost a few PGlite round trips and reading every migration).
      if (marker && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === journal) return;
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      if (marker) fs.writeFileSync(marker, journal);
    },
    ping: () => pingDb(db),
    close: () => client.close().finally(unlock),
    jobBackend: { driver: 'pglite', client },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'unparseable URL';
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join('; ');
  return error instanceof Error ? error.message || error.name : String(error);
}
