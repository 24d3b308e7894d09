/** Time as the domains see it; tests replace `now` to move through scheduled releases and expiries. */
export type TClock = { now: () => Date };

export const systemClock = (): TClock => ({ now: () => new Date() });
