import { AppError } from '@server/core/errors';

/*
 * A password check is scrypt: tens of milliseconds of CPU each, in libuv's small thread pool. Under a login spike
 * (R7, issue 16) every request waited its turn, answers came after 10 s, and the backlog outlived the spike by more
 * than a minute. So at most PASSWORD_SLOTS checks run or wait at once in a process; the next one is told to come back
 * (429) at once. The attempt budgets in PostgreSQL (attempt-limits.ts) still count across instances; this only
 * sheds load, so it may live in one process's memory.
 */
const PASSWORD_SLOTS = 16;
let busy = 0;

export async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= PASSWORD_SLOTS) throw new AppError('RATE_LIMITED', undefined, { minutes: 0 });
  busy += 1;
  try {
    return await work();
  } finally {
    busy -= 1;
  }
}
