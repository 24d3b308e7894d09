import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hc, type InferResponseType } from 'hono/client';
import type { AppType } from '../../../../server/app';
import type { TInboxKind } from '../../../../shared/schemas/admin';
import { api, ApiError, unwrap } from '../../../lib/api';

/** Query strings as the server reads them: absent or empty means "no filter". */
export type TQuery = Record<string, string | undefined>;

const clean = (query: TQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/** A refused request (a bad filter in the URL, a missing teacher) is answered at once; retrying cannot help. */
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** The admin screens change often and are read by few people: always ask the server again. */
const FRESH = { staleTime: 0, placeholderData: keepPreviousData, retry } as const;

export const overviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => unwrap(api.admin.overview.$get()),
  staleTime: 0,
});
export type TAdminOverview = InferResponseType<typeof api.admin.overview.$get, 200>;

export const teachersQuery = (query: TQuery) =>
  queryOptions({
    queryKey: ['admin', 'teachers', clean(query)],
    queryFn: () => unwrap(api.admin.teachers.$get({ query: clean(query) })),
    ...FRESH,
  });
export type TTeacherRow = InferResponseType<typeof api.admin.teachers.$get, 200>['items'][number];

export const teacherQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'teacher', id],
    queryFn: () => unwrap(api.admin.teachers[':id'].$get({ param: { id } })),
    staleTime: 0,
    retry,
  });
export type TTeacherDetail = InferResponseType<(typeof api.admin.teachers)[':id']['$get'], 200>;

export const inboxQuery = (kind: TInboxKind, query: TQuery) =>
  queryOptions({
    queryKey: ['admin', 'inbox', kind, clean(query)],
    queryFn: () => unwrap(api.admin.inbox[':kind'].$get({ param: { kind }, query: clean(query) })),
    ...FRESH,
  });

/**
 * A link, not a fetch: the browser downloads the file with the session cookie. The URL comes from the
 * typed client (which needs an absolute base to build one), so a renamed route fails to compile.
 */
export const inboxExportUrl = (kind: TInboxKind, query: TQuery) => {
  const { q, state } = clean(query);
  const url = hc<AppType>(`${window.location.origin}/api`).admin.inbox[':kind'].export.$url({ param: { kind }, query: clean({ q, state }) });
  return url.pathname + url.search;
};

export const adminsQuery = queryOptions({
  queryKey: ['admin', 'admins'],
  queryFn: () => unwrap(api.admin.admins.$get()),
  staleTime: 0,
});
export type TAdminsList = InferResponseType<typeof api.admin.admins.$get, 200>;

export const auditQuery = (query: TQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', clean(query)],
    queryFn: () => unwrap(api.admin.audit.$get({ query: clean(query) })),
    ...FRESH,
  });
export type TAuditEntry = InferResponseType<typeof api.admin.audit.$get, 200>['items'][number];
/** Names of the people, teachers, courses… the page's entries refer to by id. */
export type TAuditNames = InferResponseType<typeof api.admin.audit.$get, 200>['names'];

export const auditActionsQuery = queryOptions({
  queryKey: ['admin', 'audit-actions'],
  queryFn: () => unwrap(api.admin.audit.actions.$get()),
  staleTime: Infinity,
});
