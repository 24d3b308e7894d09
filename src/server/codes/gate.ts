/**
 * Attempts on one platform wait their turn in this process, at most `cap` at a time (decision 084). The
 * budgets are reserved before each attempt and a right code gives its reservation back after, so a burst
 * of right codes all in flight at once would find the platform's budget full of their own reservations;
 * queueing them here keeps the reservations below the budget without polling the database. Several
 * instances each keep their own queue; consumeAll()'s wait covers what they add together.
 */
export function createGate() {
  const lanes = new Map<string, { active: number; waiting: Array<() => void> }>();
  return async function inTurn<T>(key: string, cap: number, work: () => Promise<T>): Promise<T> {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { active: 0, waiting: [] }));
    const own = lane;
    // A finishing attempt hands its place straight to the next one waiting.
    if (own.active >= cap) await new Promise<void>((resolve) => own.waiting.push(resolve));
    else own.active += 1;
    try {
      return await work();
    } finally {
      const next = own.waiting.shift();
      if (next) next();
      else if (--own.active === 0) lanes.delete(key);
    }
  };
}

export type TGate = ReturnType<typeof createGate>;
