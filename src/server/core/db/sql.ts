import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Any Drizzle handle: the database or a transaction. */
export type TTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A text[] built from parameters (an empty list is a typed empty array). */
export const textArray = (values: string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** A timestamp parameter both drivers read the same way. */
export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Raw rows from db.execute(): node-postgres and PGlite both put them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Runs a raw statement as a named prepared statement. On node-postgres each pooled connection then parses and
 * plans it once instead of every time: for the redemption statement, planning was half of PostgreSQL's work
 * (bench/results/courses.md). PGlite runs it as an ordinary query. The name comes from the SQL text, so each
 * shape of the statement gets its own.
 */
export async function executeNamed<T>(db: TTx, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = `darsi_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return rowsOf<T>(await session.prepareQuery(built, undefined, name, false).execute());
}

/** An instant read back as epoch milliseconds (float8), so that neither driver's date parsing matters. */
export const msOrNull = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

/** Text a uuid column can be compared with: anything else would make PostgreSQL fail the query (a 500), not miss. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
