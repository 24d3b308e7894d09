import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type TJson } from '@web/lib/api';

/** Spec §9: dashboard data is cached for 60 s. */
const DASHBOARD_STALE_MS = 60_000;

/** Every teacher-dashboard query starts with 'teacher': a new name refreshes all of them. */
export const teacherKeys = {
  all: ['teacher'] as const,
  overview: ['teacher', 'overview'] as const,
};

const fetchOverview = () => unwrap(api.accounts.teacher.overview.$get());
export type TOverview = Awaited<ReturnType<typeof fetchOverview>>;

export const overviewQuery = queryOptions({
  queryKey: teacherKeys.overview,
  queryFn: fetchOverview,
  staleTime: DASHBOARD_STALE_MS,
});

const fetchAds = () => unwrap(api.accounts.teacher.ads.$get());
export type TAds = Awaited<ReturnType<typeof fetchAds>>;

/** The ads screen: pixels of every landing page and the public addresses campaign links point to. */
export const adsQuery = queryOptions({ queryKey: ['teacher', 'ads'], queryFn: fetchAds });

const fetchGettingStarted = () => unwrap(api.accounts.teacher.overview['getting-started'].$get());
export type TGettingStarted = Awaited<ReturnType<typeof fetchGettingStarted>>;

/** The getting-started checklist, what waits for the teacher and today's numbers (issue 24, defect 13). */
export const gettingStartedQuery = queryOptions({
  queryKey: ['teacher', 'overview', 'getting-started'],
  queryFn: fetchGettingStarted,
  staleTime: DASHBOARD_STALE_MS,
});

/**
 * Activation codes waiting for the teacher's confirmation, counted on the menu. Its key starts with
 * 'courses', so confirming or refusing one (which refreshes every courses query) updates the count too.
 */
/** Transfer receipts waiting for the teacher's review (issue 13); 'payments' like every query the review refreshes. */
export const pendingReceiptsQuery = queryOptions({
  queryKey: ['payments', 'receipts', 'count'],
  queryFn: () => unwrap(api.payments.teacher.receipts.count.$get()).then((r) => r.pending),
  staleTime: DASHBOARD_STALE_MS,
  refetchInterval: DASHBOARD_STALE_MS,
});

export const pendingCodesQuery = queryOptions({
  queryKey: ['courses', 'code-requests', 'pending'],
  queryFn: () => unwrap(api.codes.teacher['code-requests'].pending.$get()).then((r) => r.pending),
  staleTime: DASHBOARD_STALE_MS,
  refetchInterval: DASHBOARD_STALE_MS,
});

/** The account settings' changes; callers refresh the session (SESSION_KEY) once done. */
export const accountApi = {
  rename: (name: string) => unwrap(api.accounts.profile.$patch({ json: { name } })),
  requestEmailChange: (email: string) => unwrap(api.accounts.email.$post({ json: { email } })),
  changePassword: (json: TJson<typeof api.accounts.password.change.$post>) => unwrap(api.accounts.password.change.$post({ json })),
};

/** The contact ways the teacher shows to students who need a card (decision 057). */
export const contactQuery = queryOptions({
  queryKey: ['teacher', 'contact'],
  queryFn: () => unwrap(api.accounts.teacher.contact.$get()),
});
export type TContactInput = TJson<typeof api.accounts.teacher.contact.$put>;

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TContactInput) => unwrap(api.accounts.teacher.contact.$put({ json })),
    onSuccess: (saved) => queryClient.setQueryData(contactQuery.queryKey, saved),
  });
}

/**
 * The plan banner on every page of the teacher's layout. Its key sits under the billing page's keys
 * (features/billing/api.ts): paying or cancelling there refreshes it.
 */
export const planBannerQuery = queryOptions({
  queryKey: ['teacher', 'billing', 'banner'],
  queryFn: () => unwrap(api.billing.teacher.banner.$get()),
  staleTime: DASHBOARD_STALE_MS,
});
