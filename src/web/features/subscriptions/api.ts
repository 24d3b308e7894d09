import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';

const subscriptionsTeacher = api.subscriptions.teacher;

/** `after` / `before`: the list's own cursors (keyset pages, decision 225); `page` is only what the screen shows. */
type TStudentFilters = { courseId?: string; status?: string; type?: string; q?: string; after?: string; before?: string };

function studentsFilterQuery(f: TStudentFilters) {
  return {
    ...(f.courseId ? { courseId: f.courseId } : {}),
    ...(f.status ? { status: f.status as never } : {}),
    ...(f.type ? { type: f.type as never } : {}),
    ...(f.q ? { q: f.q } : {}),
  };
}

export const studentsQuery = (f: TStudentFilters) =>
  queryOptions({
    queryKey: ['courses', 'students', f],
    queryFn: () =>
      unwrap(
        subscriptionsTeacher.students.$get({
          query: { ...studentsFilterQuery(f), ...(f.after ? { after: f.after } : {}), ...(f.before ? { before: f.before } : {}), pageSize: '25' },
        }),
      ),
    staleTime: 0,
  });

const enrollment = (enrollmentId: string) => ({ param: { enrollmentId } });

/** The changes a teacher makes; callers refresh with courseKeys once done. */
export const subscriptionsApi = {
  enroll: (json: TJson<typeof subscriptionsTeacher.enrollments.$post>) => unwrap(subscriptionsTeacher.enrollments.$post({ json })),
  changePlan: (enrollmentId: string, json: TJson<(typeof subscriptionsTeacher.enrollments)[':enrollmentId']['plan']['$patch']>) =>
    unwrap(subscriptionsTeacher.enrollments[':enrollmentId'].plan.$patch({ ...enrollment(enrollmentId), json })),
  cancelEnrollment: (enrollmentId: string) => unwrap(subscriptionsTeacher.enrollments[':enrollmentId'].cancel.$post(enrollment(enrollmentId))),
  suspendEnrollment: (enrollmentId: string) => unwrap(subscriptionsTeacher.enrollments[':enrollmentId'].suspend.$post(enrollment(enrollmentId))),
  reactivateEnrollment: (enrollmentId: string) => unwrap(subscriptionsTeacher.enrollments[':enrollmentId'].reactivate.$post(enrollment(enrollmentId))),
};

/** Downloads are links, not fetches: the browser sends the session cookie and saves the file. */
export const exportPaths = {
  students: (f: TStudentFilters) => `/api${subscriptionsTeacher.students.export.csv.$path({ query: studentsFilterQuery(f) })}`,
};

export type TStudentRow = InferResponseType<typeof subscriptionsTeacher.students.$get, 200>['rows'][number];
