import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import type { TTx } from './sql';

/** A tenant-owned table: every row carries its id and its teacher's id. */
type TOwnedTable = PgTable & { id: PgColumn; teacherId: PgColumn };

/**
 * The teacher's own row of a tenant-owned table, or `notFound`: another teacher's id behaves exactly like one
 * that does not exist, so ids reveal nothing across tenants (the tenant boundary, tests/integration/tenant-matrix.ts).
 * `more` narrows further (e.g. still pending).
 */
export async function ownedRow<T extends TOwnedTable>(
  db: TTx,
  table: T,
  teacherId: string,
  id: string,
  notFound: TErrorCode,
  ...more: SQL[]
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.teacherId, teacherId), ...more));
  if (!row) throw new AppError(notFound);
  return row as T['$inferSelect'];
}
