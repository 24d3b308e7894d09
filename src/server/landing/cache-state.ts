/**
 * What the landing caches share: one invalidation clock (a read that started before its teacher's or
 * subdomain's last invalidation is answered but never kept: it may hold the content from before the save)
 * and the switches benchmarks use to measure a database read plus a render on every request.
 */
export type TCacheState = {
  /** Advances the clock and returns the new time. */
  tick: () => number;
  cacheEnabled: boolean;
  pageCacheEnabled: boolean;
  /** teacher id → the clock at its last invalidation. */
  teacherInvalidatedAt: Map<string, number>;
  /** The clock when everything was last dropped (another instance's messages may have been missed). */
  flushedAt: number;
};

export function cacheState(): TCacheState {
  let clock = 0;
  return { tick: () => ++clock, cacheEnabled: true, pageCacheEnabled: true, teacherInvalidatedAt: new Map(), flushedAt: -1 };
}

export const invalidatedSince = (state: TCacheState, teacherId: string, started: number) =>
  state.flushedAt >= started || (state.teacherInvalidatedAt.get(teacherId) ?? -1) >= started;
