import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** Spec §9: dashboard data is cached for 60 s. */
const DASHBOARD_STALE_MS = 60_000;

const fetchOverview = () => unwrap(api.teacher.overview.$get());
export type TOverview = Awaited<ReturnType<typeof fetchOverview>>;

export const overviewQuery = queryOptions({
  queryKey: ['teacher', 'overview'],
  queryFn: fetchOverview,
  staleTime: DASHBOARD_STALE_MS,
});
