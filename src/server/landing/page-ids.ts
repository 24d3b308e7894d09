import { AppError } from '@server/core/errors';
import { isUuid } from '@server/core/db/sql';

/** Spec §8: a malformed id is PostgreSQL's 22P02; we refuse it before the query, with its message. */
export function assertPageId(id: string): void {
  if (!isUuid(id)) throw new AppError('LANDING_INVALID_ID');
}

export function isPageId(id: string): boolean {
  return isUuid(id);
}
