import { VERDICT_MS } from './verdicts';

/*
 * The key endpoint's one query, kept for VERDICT_MS per (lesson, rendition, key number) in this process (decision
 * 226). A class of 300 starting one lesson asks for the same few keys 300 times each: with the verdicts of decision
 * 151 the checks were already gone, and this takes the last statement away, so that a key costs no database
 * round trip at all. Only a ready video's existing key is kept. A video replaced or deleted elsewhere serves its
 * old key to sessions that still hold a verdict for at most VERDICT_MS: the same bound as every other revocation.
 */
const MAX_ROWS = 20_000;

type TLookup<T> = (params: { lessonId: string; rendition: number; n: number }) => Promise<T | null>;

export function cachedKeyRows<T extends { state: string; keyEnc: string | null }>(lookup: TLookup<T>, now: () => number, max = MAX_ROWS): TLookup<T> {
  const rows = new Map<string, { row: T; until: number }>();
  return async (params) => {
    const key = `${params.lessonId}/${params.rendition}/${params.n}`;
    const at = now();
    const hit = rows.get(key);
    if (hit && hit.until > at) return hit.row;
    const row = await lookup(params);
    if (row?.state === 'ready' && row.keyEnc) {
      // Bounded: past `max`, the oldest tenth goes (a Map iterates in insertion order).
      if (rows.size >= max) for (const k of [...rows.keys()].slice(0, max / 10)) rows.delete(k);
      rows.delete(key);
      rows.set(key, { row, until: at + VERDICT_MS });
    }
    return row;
  };
}
