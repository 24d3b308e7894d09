import { AppError } from '@server/core/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §8: a malformed id is PostgreSQL's 22P02; we refuse it before the query, with its message. */
export function assertPageId(id: string): void {
  if (!UUID.test(id)) throw new AppError('LANDING_INVALID_ID');
}

export function isPageId(id: string): boolean {
  return UUID.test(id);
}
