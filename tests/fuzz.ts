/**
 * Random input for fuzz tests, from a seeded generator (mulberry32) so that a failure can be replayed:
 * every failure message carries `FUZZ_SEED=…`; run the test again with that variable to get the same input.
 */
export type TFuzz = {
  /** Put it in assertion messages. */
  seed: string;
  int: (below: number) => number;
  pick: (alphabet: string) => string;
  /** A string of `length` characters drawn from `alphabet` (code points, so surrogate pairs stay whole). */
  string: (alphabet: string, length: number) => string;
};

export function fuzz(): TFuzz {
  const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 32);
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = (alphabet: string) => {
    const chars = [...alphabet];
    return chars[int(chars.length)]!;
  };
  return {
    seed: `FUZZ_SEED=${seed}`,
    int,
    pick,
    string: (alphabet, length) => Array.from({ length }, () => pick(alphabet)).join(''),
  };
}
