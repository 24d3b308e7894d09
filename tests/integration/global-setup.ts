// Every integration test file starts on a fresh database. Migrating one (and installing the job queue's schema)
// takes 3-6 s on PGlite, so it is done once here: PGlite files load a dump of this database, and PostgreSQL files
// copy it as a template. What each file gets is the same as a migrated database of its own.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '@server/core/config';
import { openPglite, openPostgres, type TDatabase } from '@server/core/db/client';
import { createJobQueue } from '@server/core/jobs/queue';
import { createServices } from '@server/services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding the migrated data directory. PostgreSQL: the template database's name. */
    databaseTemplate: string;
  }
}

async function prepare(database: TDatabase) {
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const jobs = createJobQueue(database.jobBackend, logger);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-tpl-'));
  createServices({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), db: database.db, jobs, logger });
  await jobs.start({ work: false });
  await jobs.stop(1_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function pgliteTemplate(project: TestProject) {
  const database = await openPglite();
  await prepare(database);
  if (database.jobBackend.driver !== 'pglite') throw new Error('expected PGlite');
  const { client } = database.jobBackend;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-tpl-')), 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `darsi_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await prepare(database);
  await database.close();
  project.provide('databaseTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_DRIVER !== 'postgres') return pgliteTemplate(project);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  return postgresTemplate(project, adminUrl);
}
