import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@web/lib/api';

const learning = api.learning.student;

/** How a student reaches the teacher to buy a card: the contact ways the teacher chose to show (decision 057). */
export const teacherContactQuery = (subdomain: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'teacher-contact', subdomain],
    queryFn: () => unwrap(api.accounts.platform[':subdomain'].$get({ param: { subdomain } })),
    staleTime: 5 * 60_000,
  });

/** The student's coming live sessions (the live domain), for My Subscriptions and a course page. */
export const upcomingLiveQuery = (platform: string | undefined, courseId?: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'live', platform ?? '', courseId ?? ''],
    queryFn: () => unwrap(api.live.student.sessions.$get({ query: { ...(platform ? { platform } : {}), ...(courseId ? { courseId } : {}) } })),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export type TUpcomingLive = InferResponseType<typeof api.live.student.sessions.$get, 200>['sessions'][number];

export const subscriptionsQuery = (platform: string | undefined) =>
  queryOptions({
    queryKey: ['courses', 'student', 'subscriptions', platform ?? ''],
    queryFn: () => unwrap(learning.subscriptions.$get({ query: platform ? { platform } : {} })),
    staleTime: 0,
  });

export const outlineQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'outline', courseId],
    queryFn: () => unwrap(learning.courses[':courseId'].$get({ param: { courseId } })),
    staleTime: 0,
  });

/** Whether the course's teacher takes card payments (issue 13): the course page then links to the pay page. */
export const cardPaymentQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'card-payment', courseId],
    queryFn: () => unwrap(api.payments.student.courses[':courseId'].options.$get({ param: { courseId } })).then((r) => r.card),
    staleTime: 60_000,
  });

export const lessonQuery = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: ['courses', 'student', 'lesson', courseId, lessonId],
    queryFn: () => unwrap(learning.courses[':courseId'].lessons[':lessonId'].$get({ param: { courseId, lessonId } })),
    staleTime: 0,
    retry: false,
  });

/** The platforms (teachers) the signed-in student belongs to, on the student's home. */
export const platformsQuery = queryOptions({
  queryKey: ['student', 'platforms'],
  queryFn: () => unwrap(api.accounts.student.platforms.$get()).then((r) => r.platforms),
  staleTime: 60_000,
});

/** The changes a student makes; callers refresh with courseKeys once done. */
export const learningApi = {
  enrollFree: (courseId: string) => unwrap(learning.courses[':courseId']['enroll-free'].$post({ param: { courseId } })),
  completeLesson: (lessonId: string) => unwrap(learning.lessons[':lessonId'].complete.$post({ param: { lessonId } })),
};

export type TSubscriptions = InferResponseType<typeof learning.subscriptions.$get, 200>;
