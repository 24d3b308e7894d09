import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TAnalyticsTable, TPeriodQuery } from '@shared/schemas/analytics';
import { api, unwrap } from '@web/lib/api';

const teacher = api.analytics.teacher;

/** Query strings carry the period and the course only when chosen. */
function asQuery(q: TPeriodQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

// Today's figures are live: a page left open refreshes them every minute.
const live = { staleTime: 30_000, refetchInterval: 60_000 };

export const analyticsQueries = {
  funnel: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'funnel', q], queryFn: () => unwrap(teacher.funnel.$get({ query: asQuery(q) })), ...live }),
  activity: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'activity', q], queryFn: () => unwrap(teacher.activity.$get({ query: asQuery(q) })), ...live }),
  completion: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'completion', q], queryFn: () => unwrap(teacher.completion.$get({ query: asQuery(q) })), ...live }),
  stops: (q: TPeriodQuery) => queryOptions({ queryKey: ['analytics', 'stops', q], queryFn: () => unwrap(teacher.stops.$get({ query: asQuery(q) })), ...live }),
  video: (q: TPeriodQuery) => queryOptions({ queryKey: ['analytics', 'video', q], queryFn: () => unwrap(teacher.video.$get({ query: asQuery(q) })), ...live }),
  codes: (q: TPeriodQuery) => queryOptions({ queryKey: ['analytics', 'codes', q], queryFn: () => unwrap(teacher.codes.$get({ query: asQuery(q) })), ...live }),
  revenue: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'revenue', q], queryFn: () => unwrap(teacher.revenue.$get({ query: asQuery(q) })), ...live }),
  quizzes: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'quizzes', q], queryFn: () => unwrap(teacher.quizzes.$get({ query: asQuery(q) })), ...live }),
  quizItems: (quizId: string) =>
    queryOptions({
      queryKey: ['analytics', 'quiz-items', quizId],
      queryFn: () => unwrap(teacher.quizzes[':quizId'].items.$get({ param: { quizId } })),
      ...live,
    }),
  overview: (q: TPeriodQuery) =>
    queryOptions({ queryKey: ['analytics', 'overview', q], queryFn: () => unwrap(teacher.overview.$get({ query: asQuery(q) })), ...live }),
  student: (studentId: string) =>
    queryOptions({
      queryKey: ['analytics', 'student', studentId],
      queryFn: () => unwrap(teacher.students[':studentId'].$get({ param: { studentId } })),
      staleTime: 0,
    }),
  platform: (q: TPeriodQuery) =>
    queryOptions({
      queryKey: ['analytics', 'platform', q],
      queryFn: () => unwrap(api.analytics.admin.platform.$get({ query: asQuery(q) })),
      staleTime: 30_000,
    }),
};

export const coursesQuery = queryOptions({
  queryKey: ['analytics', 'courses'],
  queryFn: () => unwrap(api.courses.teacher.courses.$get()).then((r) => r.courses),
  staleTime: 60_000,
});

export const csvPath = (table: TAnalyticsTable, q: TPeriodQuery) => `/api/analytics/teacher/csv/${table}?${new URLSearchParams(asQuery(q)).toString()}`;

export type TCodes = InferResponseType<typeof teacher.codes.$get, 200>;
export type TStudent = InferResponseType<(typeof teacher.students)[':studentId']['$get'], 200>;
export type TPlatform = InferResponseType<typeof api.analytics.admin.platform.$get, 200>;
