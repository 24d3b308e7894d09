import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type TJson } from '@web/lib/api';

/** Spec §9: dashboard data is cached for 60 s. */
const DASHBOARD_STALE_MS = 60_000;

/** Every teacher-dashboard query starts with 'teacher': a new name refreshes all of them. */
export const teacherKeys = {
  all: ['teacher'] as const,
  overview: ['teacher', 'overview'] as const,
};

const fetchOverview = () => unwrap(api.teacher.overview.$get());
export type TOverview = Awaited<ReturnType<typeof fetchOverview>>;

export const overviewQuery = queryOptions({
  queryKey: teacherKeys.overview,
  queryFn: fetchOverview,
  staleTime: DASHBOARD_STALE_MS,
});

/** The account settings' changes; callers refresh the session (SESSION_KEY) once done. */
export const accountApi = {
  rename: (name: string) => unwrap(api.account.profile.$patch({ json: { name } })),
  requestEmailChange: (email: string) => unwrap(api.account.email.$post({ json: { email } })),
  changePassword: (json: TJson<typeof api.account.password.change.$post>) => unwrap(api.account.password.change.$post({ json })),
};
