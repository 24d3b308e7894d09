import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@server/core/db/client';

/** `%` and `_` typed by an admin are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The rows of one page, and how many there are in all (a page past the end is empty, not an error). */
export type TPage<T> = { items: T[]; page: number; pageSize: number; total: number };

/**
 * One page of an admin list: counts the matching rows, then reads the page only when it is not past the
 * end, so that `?page=999999999` costs one count and answers `items: []` rather than an error.
 */
export async function pageOf<T>(
  db: Db,
  list: { table: PgTable; where: SQL | undefined; page: number; pageSize: number },
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<TPage<T>> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(list.table)
    .where(list.where);
  const total = counted?.n ?? 0;
  const offset = (list.page - 1) * list.pageSize;
  const items = offset >= total ? [] : await read(list.pageSize, offset);
  return { items, page: list.page, pageSize: list.pageSize, total };
}
