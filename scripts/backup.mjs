// `npm run backup`: a consistent copy of the embedded database's folder (DATA_DIR: the PGlite database and every
// file Darsi keeps there), as one .tar.gz, checked by opening the copy. `npm run backup -- --restore <file>` puts
// one back into an empty DATA_DIR. On PostgreSQL use pg_dump instead (docs/guides/deploy.md, "Backups").
//
// A copy of a folder PGlite has open would not be consistent, and PGlite cannot be opened twice: the backup
// takes the same folder lock as the server (src/server/core/db/data-dir-lock.ts). While Darsi runs on the folder
// it refuses and says so; while the backup runs, Darsi waits for it at start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const envFile = path.join(ROOT, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const DATA_DIR = path.resolve(process.env.DATA_DIR || path.join(ROOT, 'data'));
const LOCK_FILE = '.darsi.lock';

function fail(message, code = 1) {
  console.error(`backup: ${message}`);
  process.exit(code);
}

function tar(args) {
  const result = spawnSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.error) fail(`tar could not run: ${result.error.message}`);
  if (result.status !== 0) fail(`tar failed: ${result.stderr.toString().trim()}`);
}

/** Opens a copy with PGlite and counts its migrations and teachers: a backup that does not open is no backup. */
async function verify(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  try {
    const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const teachers = await db.query('select count(*)::int as n from teachers');
    return { migrations: migrations.rows[0].n, teachers: teachers.rows[0].n };
  } finally {
    await db.close();
  }
}

async function withCheckedCopy(file, fn) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-backup-check-'));
  try {
    tar(['-xzf', file, '-C', scratch]);
    return await fn(await verify(scratch));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function backup(out) {
  if (process.env.DATABASE_URL)
    fail('DATABASE_URL is set: this Darsi keeps its data in PostgreSQL. Use pg_dump for the database and copy DATA_DIR (see docs/guides/deploy.md).', 2);
  if (!fs.existsSync(path.join(DATA_DIR, 'PG_VERSION'))) fail(`${DATA_DIR} holds no embedded database (set DATA_DIR to Darsi's data folder)`);
  let release;
  try {
    release = await lockfile.lock(DATA_DIR, { realpath: false, lockfilePath: path.join(DATA_DIR, LOCK_FILE), stale: 12_000, update: 5_000 });
  } catch (error) {
    if (error.code !== 'ELOCKED') throw error;
    fail(`Darsi is running on ${DATA_DIR}. A copy of an open database would not be consistent: stop Darsi, run npm run backup, then start it again.`);
  }
  const target = path.resolve(out ?? `darsi-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const partial = `${target}.partial`;
  try {
    tar(['-czf', partial, `--exclude=./${LOCK_FILE}`, '-C', DATA_DIR, '.']);
  } finally {
    await release();
  }
  await withCheckedCopy(partial, ({ migrations, teachers }) => {
    fs.renameSync(partial, target);
    console.log(`backup: ${target} (${fs.statSync(target).size} bytes; opened: ${migrations} migrations, ${teachers} teachers)`);
  });
}

async function restore(file) {
  if (!file || !fs.existsSync(file)) fail('name the backup to restore: npm run backup -- --restore <file.tar.gz>');
  if (fs.existsSync(DATA_DIR) && fs.readdirSync(DATA_DIR).length > 0)
    fail(`${DATA_DIR} is not empty: restore into an empty DATA_DIR (move the old one aside first)`);
  fs.mkdirSync(DATA_DIR, { recursive: true });
  tar(['-xzf', file, '-C', DATA_DIR]);
  const { migrations, teachers } = await verify(DATA_DIR).catch((error) => fail(`the restored copy in ${DATA_DIR} does not open: ${error.message}`));
  console.log(`backup: restored into ${DATA_DIR} (${migrations} migrations, ${teachers} teachers); start Darsi with this DATA_DIR`);
}

const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
if (args.includes('--restore')) await restore(flag('--restore'));
else await backup(flag('--out'));
