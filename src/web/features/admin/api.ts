import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TInboxKind } from '@shared/schemas/admin';
import { ApiError } from '@web/lib/api-error';
import { api, unwrap, type TJson } from '@web/lib/api';

/** Query strings as the server reads them: absent or empty means "no filter". */
export type TQuery = Record<string, string | undefined>;

const clean = (query: TQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/** A refused request (a bad filter in the URL, a missing teacher) is answered at once; retrying cannot help. */
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** The admin screens change often and are read by few people: always ask the server again. */
const FRESH = { staleTime: 0, placeholderData: keepPreviousData, retry } as const;

/** Every admin query starts with 'admin': an action on a teacher refreshes all of them. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  teachers: (query: TQuery) => ['admin', 'teachers', clean(query)] as const,
  teacher: (id: string) => ['admin', 'teacher', id] as const,
  inbox: (kind: TInboxKind) => ['admin', 'inbox', kind] as const,
  admins: ['admin', 'admins'] as const,
  audit: (query: TQuery) => ['admin', 'audit', clean(query)] as const,
  auditActions: ['admin', 'audit-actions'] as const,
};

export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: () => unwrap(api.admin.overview.$get()),
  staleTime: 0,
});
export type TAdminOverview = InferResponseType<typeof api.admin.overview.$get, 200>;

export const teachersQuery = (query: TQuery) =>
  queryOptions({
    queryKey: adminKeys.teachers(query),
    queryFn: () => unwrap(api.admin.teachers.$get({ query: clean(query) })),
    ...FRESH,
  });
export type TTeacherRow = InferResponseType<typeof api.admin.teachers.$get, 200>['items'][number];

export const teacherQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.teacher(id),
    queryFn: () => unwrap(api.admin.teachers[':id'].$get({ param: { id } })),
    staleTime: 0,
    retry,
  });
export type TTeacherDetail = InferResponseType<(typeof api.admin.teachers)[':id']['$get'], 200>;

export const inboxQuery = (kind: TInboxKind, query: TQuery) =>
  queryOptions({
    queryKey: [...adminKeys.inbox(kind), clean(query)],
    queryFn: () => unwrap(api.admin.inbox[':kind'].$get({ param: { kind }, query: clean(query) })),
    ...FRESH,
  });

/**
 * A link, not a fetch: the browser downloads the file with the session cookie. The path comes from the
 * typed client, so a renamed route fails to compile.
 */
export const inboxExportUrl = (kind: TInboxKind, query: TQuery) => {
  const { q, state } = clean(query);
  return `/api${api.admin.inbox[':kind'].export.$path({ param: { kind }, query: clean({ q, state }) })}`;
};

export const adminsQuery = queryOptions({
  queryKey: adminKeys.admins,
  queryFn: () => unwrap(api.admin.admins.$get()),
  staleTime: 0,
});
export type TAdminsList = InferResponseType<typeof api.admin.admins.$get, 200>;

export const auditQuery = (query: TQuery) =>
  queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: () => unwrap(api.admin.audit.$get({ query: clean(query) })),
    ...FRESH,
  });
export type TAuditEntry = InferResponseType<typeof api.admin.audit.$get, 200>['items'][number];
/** Names of the people, teachers, courses… the page's entries refer to by id. */
export type TAuditNames = InferResponseType<typeof api.admin.audit.$get, 200>['names'];

export const auditActionsQuery = queryOptions({
  queryKey: adminKeys.auditActions,
  queryFn: () => unwrap(api.admin.audit.actions.$get()),
  staleTime: Infinity,
});

type TTeacherStatusBody = TJson<(typeof api.admin.teachers)[':id']['status']['$patch']>;
type TTeacherPlanBody = TJson<(typeof api.admin.teachers)[':id']['plan']['$patch']>;

/** The admins' changes; callers refresh with adminKeys once done. */
export const adminApi = {
  setTeacherStatus: (id: string, status: TTeacherStatusBody['status'], reason?: string) =>
    unwrap(api.admin.teachers[':id'].status.$patch({ param: { id }, json: { status, ...(reason ? { reason } : {}) } })),
  setTeacherPlan: (id: string, plan: TTeacherPlanBody['plan']) => unwrap(api.admin.teachers[':id'].plan.$patch({ param: { id }, json: { plan } })),
  extendTrial: (id: string, days: number) => unwrap(api.admin.teachers[':id'].trial.$post({ param: { id }, json: { days } })),
  sendPasswordReset: (id: string) => unwrap(api.admin.teachers[':id']['password-reset'].$post({ param: { id } })),
  setHandled: (kind: TInboxKind, id: string, handled: boolean) => unwrap(api.admin.inbox[':kind'][':id'].$patch({ param: { kind, id }, json: { handled } })),
  invite: (json: TJson<typeof api.admin.invitations.$post>) => unwrap(api.admin.invitations.$post({ json })),
  cancelInvitation: (id: string) => unwrap(api.admin.invitations[':id'].$delete({ param: { id } })),
  revokeAdmin: (id: string) => unwrap(api.admin.admins[':id'].revoke.$post({ param: { id } })),
};

/** Darsi's own plans (issue 13): teachers' plan payments, receipts to review, platform revenue. */
export const planInvoicesQuery = (status: string) =>
  queryOptions({
    queryKey: ['admin', 'plan-invoices', status],
    queryFn: () => unwrap(api.billing.admin.invoices.$get({ query: clean({ status }) })),
    ...FRESH,
  });
export type TPlanInvoice = InferResponseType<typeof api.billing.admin.invoices.$get, 200>['invoices'][number];

export const platformRevenueQuery = queryOptions({
  queryKey: ['admin', 'platform-revenue'],
  queryFn: () => unwrap(api.billing.admin.revenue.$get()),
  staleTime: 0,
});

/** The receipt opens in the browser with the session cookie; the path comes from the typed client. */
export const planReceiptUrl = (id: string) => `/api${api.billing.admin.invoices[':id'].receipt.$path({ param: { id } })}`;

export const planInvoiceApi = {
  approve: (id: string) => unwrap(api.billing.admin.invoices[':id'].approve.$post({ param: { id } })),
  reject: (id: string, reason: string) => unwrap(api.billing.admin.invoices[':id'].reject.$post({ param: { id }, json: { reason } })),
};
