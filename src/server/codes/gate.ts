import { AppError } from '@server/core/errors';

/**
 * Attempts on one platform wait their turn in this process, at most `cap` at a time (decision 084). The
 * budgets are reserved before each attempt and a right code gives its reservation back after, so a burst
 * of right codes all in flight at once would find the platform's budget full of their own reservations;
 * queueing them here keeps the reservations below the budget without polling the database. Several
 * instances each keep their own queue; consumeAll()'s wait covers what they add together. A spike beyond
 * what the database answers is refused with 429 once the expected wait passes MAX_WAIT_MS, rather than left
 * to time out.
 */
const MAX_WAIT_MS = 5_000;

type TLane = { active: number; waiting: Array<() => void>; avgMs: number };

export function createGate() {
  const lanes = new Map<string, TLane>();
  return async function inTurn<T>(key: string, cap: number, work: () => Promise<T>): Promise<T> {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { active: 0, waiting: [], avgMs: 50 }));
    const own = lane;
    if (own.active >= cap) {
      if (((own.waiting.length + 1) * own.avgMs) / cap > MAX_WAIT_MS) throw new AppError('RATE_LIMITED', undefined, { minutes: 1 });
      // A finishing attempt hands its place straight to the next one waiting.
      await new Promise<void>((resolve) => own.waiting.push(resolve));
    } else own.active += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      // How long an attempt takes here, smoothed: what the expected wait is computed from.
      own.avgMs = 0.8 * own.avgMs + 0.2 * (performance.now() - started);
      const next = own.waiting.shift();
      if (next) next();
      else if (--own.active === 0) lanes.delete(key);
    }
  };
}

export type TGate = ReturnType<typeof createGate>;
