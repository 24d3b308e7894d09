import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TQuery } from '@web/features/admin/api';

/**
 * A list's search, filters and page live in the URL, so that a filtered view can be bookmarked, shared
 * and restored with the back button. Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  // A navigation commits only once the layout's guard has run again. Until then `params` is the old URL,
  // so two quick changes (status, then plan) would each start from it and the second would undo the first.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);

  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Partial<Record<K | 'page', string>>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes) as Array<[string, string | undefined]>) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    pending.current = next;
    setParams(next);
  };

  const query: TQuery = { ...values, page: page > 1 ? String(page) : undefined };
  /** The filters the shown rows are for, as a query string (lists expose it so tests can wait for it). */
  const signature = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  const clear = () => update(Object.fromEntries(keys.map((k) => [k, ''])) as Partial<Record<K | 'page', string>>);
  return {
    values,
    page,
    query,
    signature,
    update,
    clear,
    setPage: (p: number) => update({ page: p > 1 ? String(p) : '' } as Partial<Record<K | 'page', string>>),
  };
}
