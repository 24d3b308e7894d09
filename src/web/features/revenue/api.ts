import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TGranularity, TLedgerFilter, TLedgerQuery, TRefund } from '@shared/schemas/revenue';
import { api, unwrap } from '@web/lib/api';

const teacher = api.revenue.teacher;
const student = api.revenue.student;

/** Every revenue query starts with 'revenue', so one invalidation after a refund refreshes them all. */
export const revenueKeys = { all: ['revenue'] as const };

export const summaryQuery = (granularity: TGranularity) =>
  queryOptions({ queryKey: ['revenue', 'summary', granularity], queryFn: () => unwrap(teacher.summary.$get({ query: { granularity } })), staleTime: 30_000 });

/** Query strings carry text: the page number and the filters as strings. */
function asQuery(q: Partial<TLedgerQuery>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

export const entriesQuery = (q: TLedgerQuery) =>
  queryOptions({ queryKey: ['revenue', 'entries', q], queryFn: () => unwrap(teacher.entries.$get({ query: asQuery(q) })), staleTime: 0 });

export const coursesQuery = queryOptions({
  queryKey: ['revenue', 'courses'],
  queryFn: () => unwrap(api.courses.teacher.courses.$get()).then((r) => r.courses),
  staleTime: 60_000,
});

export const csvPath = (f: TLedgerFilter) => `/api/revenue/teacher/entries/csv?${new URLSearchParams(asQuery(f)).toString()}`;

export const myPaymentsQuery = queryOptions({ queryKey: ['revenue', 'mine'], queryFn: () => unwrap(student.payments.$get()), staleTime: 0 });

export const receiptPath = (entryId: string) => `/api/revenue/student/payments/${entryId}/receipt`;

export const revenueApi = {
  refund: (entryId: string, json: TRefund) => unwrap(teacher.entries[':entryId'].refund.$post({ param: { entryId }, json })),
};

export type TSummary = InferResponseType<typeof teacher.summary.$get, 200>;
export type TEntry = InferResponseType<typeof teacher.entries.$get, 200>['entries'][number];
export type TMyPayments = InferResponseType<typeof student.payments.$get, 200>;
